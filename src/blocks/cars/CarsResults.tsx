/**
 * The cars found: a card per car (CarCard), each with its save and compare controls. The count,
 * the no-results message and the pages are around it (CarsToolbar, CarsPagination). Nothing here
 * prints text that depends on the URL state alone (only on the results), so a page opened with a
 * search in its URL hydrates without a text mismatch before it searches.
 * Each list of results shown is told to the tag manager (`view_item_list`), and each one the
 * visitor asked for by searching or filtering (`search`): src/site/analytics-ecommerce.ts.
 * The cars shown are checked with the API (src/features/stock/ui/stock-status.ts): the first results are the
 * build's, and a car sold or reserved since is marked on its card (CarsStatuses, shared with the
 * count).
 */
import { useEffect, useRef } from 'react';
import { useHits, useInstantSearch } from 'react-instantsearch';
import { carCard, type CarHit } from '../../features/search/rules/cars-search.ts';
import { carSnapshot, hasCar } from '../../features/shortlist/rules/shortlist.ts';
import { currencyOf, searchEvent, trackEcommerce, viewItemListEvent } from '../../site/analytics-ecommerce.ts';
import { toggleCompare, toggleSaved } from '../../features/shortlist/ui/shortlist-store.ts';
import CarCard from './CarCard.tsx';
import { useShownStatuses } from './CarsStatuses.tsx';
import { useShortlist } from '../../features/shortlist/ui/use-shortlist.ts';

interface Props {
  /** Heading level of each car's title. */
  level: 2 | 3;
  /** Whether the first row's photos load eagerly (the block opens the page). */
  eager: boolean;
  /** The list's name for analytics (the block's heading, or "Stock"). */
  listName: string;
  /** One swipeable row (a home page's row) instead of the grid. */
  row?: boolean;
}

type Hit = CarHit & Record<string, unknown>;

/** The keyword and the refinements of a search state, for the `search` event. */
function searchOf(state: Record<string, unknown> | undefined): { term: string; filters: Record<string, string[]> } {
  const s = (state ?? {}) as {
    query?: string;
    refinementList?: Record<string, string[]>;
    range?: Record<string, string>;
  };
  const filters: Record<string, string[]> = { ...(s.refinementList ?? {}) };
  for (const [name, range] of Object.entries(s.range ?? {})) if (range) filters[name] = [range];
  return { term: s.query ?? '', filters };
}

export default function CarsResults({ level, eager, listName, row = false }: Props) {
  const { items } = useHits<Hit>();
  const { indexUiState, status } = useInstantSearch();
  const { saved, compared } = useShortlist();
  const lastList = useRef<string | undefined>(undefined);
  const lastSearch = useRef<string | undefined>(undefined);
  const statuses = useShownStatuses();

  useEffect(() => {
    if (status === 'loading' || status === 'stalled') return;
    const key = items.map((h) => h.objectID).join(',');
    const currency = currencyOf(document.documentElement.lang);
    const cars = items.map((h) => ({ ...h, id: h.objectID }));
    const search = searchOf(indexUiState);
    const searchKey = JSON.stringify(search);
    // The first list shown is the page's own; a later change of keyword or filters is a search.
    if (lastSearch.current !== undefined && searchKey !== lastSearch.current)
      trackEcommerce(searchEvent(search.term, search.filters, cars, currency));
    lastSearch.current = searchKey;
    if (key === lastList.current) return;
    lastList.current = key;
    if (items.length) trackEcommerce(viewItemListEvent(cars, currency, listName));
  }, [items, indexUiState, status, listName]);

  if (items.length === 0) return null;
  return (
    <ul className={row ? 'cars-list cars-row' : 'cars-list'}>
      {items.map((hit, i) => {
        const car = carSnapshot(hit);
        return (
          <CarCard
            key={hit.objectID}
            as="li"
            card={carCard(hit)}
            level={level}
            eager={eager && i < 3}
            status={statuses[hit.objectID]}
            shortlist={{
              car,
              saved: hasCar(saved, car.id),
              compared: hasCar(compared, car.id),
              onSave: () => toggleSaved(car),
              onCompare: () => toggleCompare(car),
            }}
          />
        );
      })}
    </ul>
  );
}
