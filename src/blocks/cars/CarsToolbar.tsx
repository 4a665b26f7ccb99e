/**
 * What sits above the cars: the result count (or the no-results message; cars the API reports
 * sold since the page was built are not counted), the sort order, and
 * the active filters as chips that each remove their filter, with 'Clear all'.
 * The count and chips depend on the results and the search state only; on the server and in the
 * first client render the state is the build's, so the HTML matches.
 */
import { useClearRefinements, useCurrentRefinements, useInstantSearch, useSortBy } from 'react-instantsearch';
import { NO_CARS_MESSAGE } from '../../features/search/rules/cars-search.ts';
import { carsCount, refinementChips } from './cars-ui.ts';
import { listedCount, useShownStatuses } from './CarsStatuses.tsx';

export function CarsCount() {
  const { results } = useInstantSearch();
  const nbHits = listedCount(results?.nbHits ?? 0, useShownStatuses());
  return (
    <p className="cars-count" role="status">
      {nbHits === 0 ? NO_CARS_MESSAGE : carsCount(nbHits)}
    </p>
  );
}

export function CarsSort({ id, items }: { id: string; items: { value: string; label: string }[] }) {
  const { currentRefinement, options, refine } = useSortBy({ items });
  return (
    <div className="cars-sort">
      <label htmlFor={id}>Sort by</label>
      <select id={id} className="select" value={currentRefinement} onChange={(e) => refine(e.target.value)}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

export function CarsChips() {
  // The keyword is a filter like the others here: it narrows the list and can be removed.
  const { items, refine } = useCurrentRefinements({ excludedAttributes: [] });
  const { refine: clearAll, canRefine } = useClearRefinements({ excludedAttributes: [] });
  const chips = refinementChips(items.flatMap((i) => i.refinements));
  if (chips.length === 0 || !canRefine) return null;
  return (
    <div className="cars-chips">
      <ul className="cars-chip-list" aria-label="Active filters">
        {chips.map((chip) => (
          <li key={chip.key} className="chip">
            {chip.label}
            <button
              type="button"
              className="chip-remove"
              aria-label={`Remove ${chip.label}`}
              onClick={() => chip.refinements.forEach((r) => refine(r))}
            >
              ×
            </button>
          </li>
        ))}
      </ul>
      <button type="button" className="btn btn-ghost btn-sm cars-clear" onClick={clearAll}>
        Clear all
      </button>
    </div>
  );
}
