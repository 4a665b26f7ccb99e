/**
 * The cars found: a card per car (CarCard). The count, the no-results message and the pages are
 * around it (CarsToolbar, CarsPagination). Nothing here prints text that depends on the URL
 * state alone (only on the results), so a page opened with a search in its URL hydrates without
 * a text mismatch before it searches.
 */
import { useHits } from 'react-instantsearch';
import { carCard, type CarHit } from '../../domain/search/cars-search.ts';
import CarCard from './CarCard.tsx';

interface Props {
  /** Heading level of each car's title. */
  level: 2 | 3;
  /** Whether the first row's photos load eagerly (the block opens the page). */
  eager: boolean;
}

export default function CarsResults({ level, eager }: Props) {
  const { items } = useHits<CarHit & Record<string, unknown>>();
  if (items.length === 0) return null;
  return (
    <ul className="cars-list">
      {items.map((hit, i) => (
        <CarCard key={hit.objectID} as="li" card={carCard(hit)} level={level} eager={eager && i < 3} />
      ))}
    </ul>
  );
}
