/**
 * The saved-cars page's list (client only: the list is the visitor's own, in localStorage). Each
 * card is the snapshot taken when the car was saved; whether it is still for sale comes from
 * GET /api/stock/status, asked once when the page opens: a sold car shows "Sold" and no longer
 * links to its page, a car the dealer no longer lists says so. Each card can be removed or
 * chosen for comparison; with none saved the page links to the stock.
 */
import { useStore } from '@nanostores/react';
import type { CarStockStatus } from '../../../contract/routes.ts';
import { $compare, $saved, removeSaved, toggleCompare } from './shortlist-store.ts';
import { hasCar, type CarSnapshot } from '../rules/shortlist.ts';
import { isSold } from '../../stock/ui/stock-status.ts';
import { CompareButton } from './ShortlistControls.tsx';
import { useCarStatuses } from '../../../blocks/cars/use-car-statuses.ts';

interface Props {
  /** The dealer's stock listing, for the empty state. */
  stockHref: string;
}

const gone = (s: CarStockStatus | undefined) => s === 'sold' || s === 'hidden' || s === 'unknown';

function SavedCard({ car, status, compared }: { car: CarSnapshot; status?: CarStockStatus; compared: boolean }) {
  const sold = isSold(status);
  const unlisted = status === 'unknown';
  return (
    <li className="car-card saved-card" data-status={status ?? 'checking'} data-car-id={car.id}>
      <div className="car-card-media">
        <img
          className="car-card-photo"
          src={car.photo}
          alt=""
          width={400}
          height={250}
          loading="lazy"
          decoding="async"
        />
        {sold && <span className="badge saved-card-sold">Sold</span>}
        {status === 'reserved' && <span className="badge saved-card-sold saved-card-reserved">Reserved</span>}
      </div>
      <div className="car-card-body">
        <h2 className="car-card-title">
          {gone(status) ? <span>{car.title}</span> : <a href={car.href}>{car.title}</a>}
        </h2>
        {sold && <p className="saved-card-note">This car has been sold.</p>}
        {unlisted && <p className="saved-card-note">This car is no longer listed.</p>}
        {status === 'reserved' && <p className="saved-card-note">Another shopper has reserved this car.</p>}
        <p className="car-card-pricing">
          <span className="car-card-price">{car.price}</span>
          {car.priceNote && <span className="car-card-price-note">{car.priceNote}</span>}
        </p>
        <ul className="car-card-facts">
          {car.facts.map((f) => (
            <li key={f} className="car-card-fact">
              {f}
            </li>
          ))}
        </ul>
        <div className="car-card-foot">
          {!gone(status) && <CompareButton car={car} compared={compared} onCompare={() => toggleCompare(car)} />}
          <button type="button" className="btn btn-secondary saved-card-remove" onClick={() => removeSaved(car.id)}>
            Remove<span className="visually-hidden"> {car.title}</span>
          </button>
        </div>
      </div>
    </li>
  );
}

export default function SavedCars({ stockHref }: Props) {
  const saved = useStore($saved);
  const compared = useStore($compare);
  const statuses = useCarStatuses(saved.map((c) => c.id));

  if (!saved.length)
    return (
      <div className="saved-empty">
        <p>You haven't saved any cars yet. Tap the heart on a car to keep it here for later.</p>
        <p>
          <a className="btn btn-primary" href={stockHref}>
            Browse our cars
          </a>
        </p>
      </div>
    );
  return (
    <>
      <p className="saved-count" aria-live="polite">
        {saved.length === 1 ? '1 saved car' : `${saved.length} saved cars`}
      </p>
      <ul className="cars-list saved-list">
        {saved.map((car) => (
          <SavedCard key={car.id} car={car} status={statuses[car.id]} compared={hasCar(compared, car.id)} />
        ))}
      </ul>
    </>
  );
}
