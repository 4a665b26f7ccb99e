/**
 * A stock card's shortlist controls: the heart (save the car; aria-pressed, "Save <car>" / "Saved")
 * over the photo, and the Compare toggle in the card's foot. A pure component: the cars island
 * passes the state and handlers; a static card (similar cars on the car page) is rendered with
 * neither, and the page's script (src/features/shortlist/ui/shortlist-dom.ts) finds its
 * controls by `data-card` and brings them to life.
 */
import type { CarSnapshot } from '../rules/shortlist.ts';

export interface ShortlistState {
  saved: boolean;
  compared: boolean;
  onSave?: () => void;
  onCompare?: () => void;
}

export function SaveButton({ car, saved, onSave }: { car: CarSnapshot; saved: boolean; onSave?: () => void }) {
  return (
    <button
      type="button"
      className="save-car"
      aria-pressed={saved}
      aria-label={saved ? `Saved: ${car.title}` : `Save ${car.title}`}
      data-save-car={car.id}
      onClick={onSave}
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" width="22" height="22">
        <path d="M12 20.5s-7.5-4.6-9.3-9.4C1.4 7.6 3.6 4 7.2 4c2 0 3.5 1.1 4.8 2.8C13.3 5.1 14.8 4 16.8 4c3.6 0 5.8 3.6 4.5 7.1-1.8 4.8-9.3 9.4-9.3 9.4Z" />
      </svg>
    </button>
  );
}

export function CompareButton({
  car,
  compared,
  onCompare,
}: {
  car: CarSnapshot;
  compared: boolean;
  onCompare?: () => void;
}) {
  return (
    <button type="button" className="compare-car" aria-pressed={compared} data-compare-car={car.id} onClick={onCompare}>
      <span className="compare-car-box" aria-hidden="true" />
      Compare<span className="visually-hidden"> {car.title}</span>
    </button>
  );
}
