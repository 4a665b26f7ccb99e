/**
 * The search form of the cars block on InstantSearch's hooks: keyword, one checkbox list per
 * facet, min/max ranges for year, price and km, certified, and the sort order. Markup is plain
 * form controls with labels; the block's stylesheet lays them out.
 */
import { useEffect, useRef, useState } from 'react';
import { useRange, useRefinementList, useSearchBox, useSortBy, useToggleRefinement } from 'react-instantsearch';

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
      <input id={id} type="search" name="q" value={value} placeholder="Make, model or keyword" autoComplete="off"
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
        }} />
    </div>
  );
}

function Facet({ attribute, label, sortBy }: { attribute: string; label: string; sortBy?: ('name:asc' | 'count:desc' | 'isRefined')[] }) {
  const { items, refine, canToggleShowMore, isShowingMore, toggleShowMore } = useRefinementList({
    attribute, limit: 8, showMore: true, showMoreLimit: 100, ...(sortBy ? { sortBy } : {}),
  });
  if (items.length === 0) return null;
  return (
    <fieldset className="cars-field cars-facet">
      <legend>{label}</legend>
      <ul>
        {items.map((item) => (
          <li key={item.value}>
            <label>
              <input type="checkbox" checked={item.isRefined} onChange={() => refine(item.value)} />
              {' '}{item.label} <span className="cars-facet-count">({item.count})</span>
            </label>
          </li>
        ))}
      </ul>
      {canToggleShowMore && (
        <button type="button" className="cars-more" onClick={toggleShowMore}>{isShowingMore ? 'Show fewer' : `Show more ${label.toLowerCase()}`}</button>
      )}
    </fieldset>
  );
}

const toNumber = (s: string) => (s.trim() === '' || !Number.isFinite(Number(s)) ? undefined : Number(s));

function Range({ attribute, label, idBase, step }: { attribute: string; label: string; idBase: string; step: number }) {
  const { start, range, refine, canRefine } = useRange({ attribute });
  const shown = (v: number | undefined, bound: number | undefined) => (v === undefined || !Number.isFinite(v) || v === bound ? '' : String(v));
  const [min, setMin] = useState(shown(start[0], range.min));
  const [max, setMax] = useState(shown(start[1], range.max));
  useEffect(() => {
    setMin(shown(start[0], range.min));
    setMax(shown(start[1], range.max));
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
      <label htmlFor={`${idBase}-${attribute}-min`}>Min</label>
      <input id={`${idBase}-${attribute}-min`} type="number" inputMode="numeric" step={step} value={min}
        placeholder={range.min !== undefined ? String(range.min) : undefined}
        onChange={(e) => setMin(e.target.value)} onBlur={() => apply()} onKeyDown={(e) => e.key === 'Enter' && apply(e)} />
      <label htmlFor={`${idBase}-${attribute}-max`}>Max</label>
      <input id={`${idBase}-${attribute}-max`} type="number" inputMode="numeric" step={step} value={max}
        placeholder={range.max !== undefined ? String(range.max) : undefined}
        onChange={(e) => setMax(e.target.value)} onBlur={() => apply()} onKeyDown={(e) => e.key === 'Enter' && apply(e)} />
    </fieldset>
  );
}

function Certified() {
  const { value, refine, canRefine } = useToggleRefinement({ attribute: 'certified', on: true });
  if (!canRefine && !value.isRefined) return null;
  return (
    <div className="cars-field cars-certified">
      <label>
        <input type="checkbox" checked={value.isRefined} onChange={() => refine({ isRefined: value.isRefined })} />
        {' '}Certified pre-owned only
      </label>
    </div>
  );
}

function Sort({ id, items }: { id: string; items: { value: string; label: string }[] }) {
  const { currentRefinement, options, refine } = useSortBy({ items });
  return (
    <div className="cars-field cars-sort">
      <label htmlFor={id}>Sort by</label>
      <select id={id} value={currentRefinement} onChange={(e) => refine(e.target.value)}>
        {options.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
      </select>
    </div>
  );
}

interface Props {
  idBase: string;
  sorts: { value: string; label: string }[];
  /** 'Show results': every change already searched; this closes the panel. */
  onDone: () => void;
}

export default function CarsPanel({ idBase, sorts, onDone }: Props) {
  return (
    <form className="cars-form" role="search" aria-label="Search cars" onSubmit={(e) => {
      e.preventDefault();
      onDone();
    }}>
      <Keyword id={`${idBase}-q`} />
      <Sort id={`${idBase}-sort`} items={sorts} />
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
      <div className="cars-field cars-done"><button type="submit" className="btn btn-solid">Show results</button></div>
    </form>
  );
}
