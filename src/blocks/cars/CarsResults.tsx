/**
 * The results of the cars search: a card per car (photo, title, km, price, location, link to its
 * page), the no-results message, and previous/next pages when there is more than one.
 * Nothing here prints text that depends on the URL state alone (only on the results), so a
 * page opened with a search in its URL hydrates without a text mismatch before it searches.
 */
import { useHits, useInstantSearch, usePagination } from 'react-instantsearch';
import { carCard, NO_CARS_MESSAGE, type CarHit } from '../../lib/cars-search.ts';

interface Props {
  /** Heading level of each car's title. */
  level: 2 | 3;
  /** Whether the first row's photos load eagerly (the block opens the page). */
  eager: boolean;
}

export default function CarsResults({ level, eager }: Props) {
  const { items } = useHits<CarHit & Record<string, unknown>>();
  const { results } = useInstantSearch();
  const { nbPages, isFirstPage, isLastPage, refine, currentRefinement } = usePagination();
  const Title = level === 2 ? 'h2' : 'h3';
  const nbHits = results?.nbHits ?? items.length;

  return (
    <div className="cars-results">
      <p className="cars-count" role="status">
        {nbHits === 0 ? NO_CARS_MESSAGE : `${nbHits} ${nbHits === 1 ? 'car' : 'cars'}`}
      </p>
      {items.length > 0 && (
        <ul className="cars-list">
          {items.map((hit, i) => {
            const card = carCard(hit);
            return (
              <li key={card.id} className="car-card">
                <img className="car-card-photo" src={card.photo} alt={card.hasPhoto ? card.title : ''} width={400} height={250}
                  loading={eager && i < 3 ? 'eager' : 'lazy'} decoding="async" />
                <div className="car-card-body">
                  <Title className="car-card-title"><a href={card.href}>{card.title}</a></Title>
                  <p className="car-card-price">{card.price}{card.priceNote && <span className="car-card-price-note">{card.priceNote}</span>}</p>
                  <p className="car-card-km">{card.km}</p>
                  {card.location && <p className="car-card-location">{card.location}</p>}
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {nbPages > 1 && (
        <nav className="cars-pages" aria-label="Result pages">
          <button type="button" disabled={isFirstPage} onClick={() => refine(currentRefinement - 1)}>Previous page</button>
          <button type="button" disabled={isLastPage} onClick={() => refine(currentRefinement + 1)}>Next page</button>
        </nav>
      )}
    </div>
  );
}
