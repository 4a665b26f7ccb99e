/**
 * The search form of the cars block on InstantSearch's hooks: keyword, one checkbox list per
 * facet, min/max ranges for year, price and km, and certified (the sort order sits above the
 * results, CarsToolbar). Markup is plain form controls with labels and the shared control
 * classes (.input, .check); the block's stylesheet lays them out. Every change searches at once;
 * the form's button, shown in the mobile sheet only, closes the sheet on the cars found.
 */
import { useEffect, useRef, useState } from 'react';
import { useInstantSearch, useRange, useRefinementList, useSearchBox, useToggleRefinement } from 'react-instantsearch';
import { showCarsLabel } from './cars-ui.ts';
import { listedCount, useShownStatuses } from './CarsStatuses.tsx';

/** Typing pauses this long before the keyword searches, so a word is one search, not one per letter. */
export const KEYWORD_DEBOUNCE_MS = 250;

function Keyword({ id }: { id: string }) {
  const { query, refine } = useSearchBox();
  const [value, setValue] = useState(query);
  const sent = useRef(query);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const send = (q: string) => {
    clearTimeout(timer.current);
    sent.current = q;
    refine(q);
  };
  // The query can change from outside (back button, URL on load, clearing refinements); the
  // answer to the visitor's own search must not overwrite what they typed since.
  useEffect(() => {
    if (query !== sent.current) {
      clearTimeout(timer.current);
      sent.current = query;
      setValue(query);
    }
  }, [query]);
  useEffect(() => () => clearTimeout(timer.current), []);
  return (
    <div className="cars-field cars-keyword">
      <label htmlFor={id}>Keyword</label>
      <input
        id={id}
        className="input"
        type="search"
        name="q"
        enterKeyHint="search"
        value={value}
        placeholder="Make, model or keyword"
        autoComplete="off"
        onChange={(e) => {
          const q = e.target.value;
          setValue(q);
          clearTimeout(timer.current);
          // Emptying the box (or its clear button) searches at once.
          if (q === '') send(q);
          else timer.current = setTimeout(() => send(q), KEYWORD_DEBOUNCE_MS);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            send(value);
          }
        }}
      />
    </div>
  );
}

function Facet({
  attribute,
  label,
  sortBy,
}: {
  attribute: string;
  label: string;
  sortBy?: ('name:asc' | 'count:desc' | 'isRefined')[];
}) {
  const { items, refine, canToggleShowMore, isShowingMore, toggleShowMore } = useRefinementList({
    attribute,
    limit: 8,
    showMore: true,
    showMoreLimit: 100,
    ...(sortBy ? { sortBy } : {}),
  });
  if (items.length === 0) return null;
  return (
    <fieldset className="cars-field cars-facet">
      <legend>{label}</legend>
      <ul>
        {items.map((item) => (
          <li key={item.value}>
            <label className="check">
              <input type="checkbox" checked={item.isRefined} onChange={() => refine(item.value)} />
              <span className="cars-facet-label">{item.label}</span>{' '}
              <span className="cars-facet-count">({item.count})</span>
            </label>
          </li>
        ))}
      </ul>
      {canToggleShowMore && (
        <button type="button" className="cars-more" onClick={toggleShowMore}>
          {isShowingMore ? 'Show fewer' : `Show more ${label.toLowerCase()}`}
        </button>
      )}
    </fieldset>
  );
}

const toNumber = (s: string) => (s.trim() === '' || !Number.isFinite(Number(s)) ? undefined : Number(s));

function Range({ attribute, label, idBase, step }: { attribute: string; label: string; idBase: string; step: number }) {
  const { start, range, refine, canRefine } = useRange({ attribute });
  const shown = (v: number | undefined, bound: number | undefined) =>
    v === undefined || !Number.isFinite(v) || v === bound ? '' : String(v);
  const [min, setMin] = useState(shown(start[0], range.min));
  const [max, setMax] = useState(shown(start[1], range.max));
  useEffect(() => {
    setMin(shown(start[0], range.min));
    setMax(shown(start[1], range.max));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- The inputs follow the refinement's bounds; `start` is a new array on every render.
  }, [start[0], start[1], range.min, range.max]);
  if (!canRefine && min === '' && max === '') return null;
  const apply = (e?: { preventDefault(): void }) => {
    e?.preventDefault();
    // Leaving a field unchanged is not a new search.
    if (min === shown(start[0], range.min) && max === shown(start[1], range.max)) return;
    refine([toNumber(min), toNumber(max)]);
  };
  return (
    <fieldset className="cars-field cars-range">
      <legend>{label}</legend>
      <div className="cars-range-end">
        <label htmlFor={`${idBase}-${attribute}-min`}>Min</label>
        <input
          id={`${idBase}-${attribute}-min`}
          className="input"
          type="number"
          inputMode="numeric"
          step={step}
          value={min}
          placeholder={range.min !== undefined ? String(range.min) : undefined}
          onChange={(e) => setMin(e.target.value)}
          onBlur={() => apply()}
          onKeyDown={(e) => e.key === 'Enter' && apply(e)}
        />
      </div>
      <div className="cars-range-end">
        <label htmlFor={`${idBase}-${attribute}-max`}>Max</label>
        <input
          id={`${idBase}-${attribute}-max`}
          className="input"
          type="number"
          inputMode="numeric"
          step={step}
          value={max}
          placeholder={range.max !== undefined ? String(range.max) : undefined}
          onChange={(e) => setMax(e.target.value)}
          onBlur={() => apply()}
          onKeyDown={(e) => e.key === 'Enter' && apply(e)}
        />
      </div>
    </fieldset>
  );
}

function Certified() {
  const { value, refine, canRefine } = useToggleRefinement({ attribute: 'certified', on: true });
  if (!canRefine && !value.isRefined) return null;
  return (
    <div className="cars-field cars-certified">
      <label className="check">
        <input type="checkbox" checked={value.isRefined} onChange={() => refine({ isRefined: value.isRefined })} />
        <span>Certified pre-owned only</span>
      </label>
    </div>
  );
}

/** The sheet's button: the live count of what closing it shows (as the count above the cards). */
function Done() {
  const { results } = useInstantSearch();
  const count = listedCount(results?.nbHits ?? 0, useShownStatuses());
  return (
    <div className="cars-done">
      <button type="submit" className="btn btn-primary btn-block">
        {showCarsLabel(count)}
      </button>
    </div>
  );
}

interface Props {
  idBase: string;
  /** 'Show N cars': every change already searched; this closes the sheet. */
  onDone: () => void;
}

export default function CarsPanel({ idBase, onDone }: Props) {
  return (
    <form
      className="cars-form"
      role="search"
      aria-label="Search cars"
      onSubmit={(e) => {
        e.preventDefault();
        onDone();
      }}
    >
      <Keyword id={`${idBase}-q`} />
      <Facet attribute="make" label="Make" />
      <Facet attribute="model" label="Model" />
      <Range attribute="year" label="Year" idBase={idBase} step={1} />
      <Range attribute="price" label="Price" idBase={idBase} step={1000} />
      <Range attribute="km" label="Kilometres" idBase={idBase} step={1000} />
      <Facet attribute="simple_body" label="Body" />
      <Facet attribute="simple_fuel" label="Fuel" />
      <Facet attribute="seats" label="Seats" sortBy={['name:asc']} />
      <Certified />
      <Facet attribute="location_name" label="Location" />
      <Done />
    </form>
  );
}
