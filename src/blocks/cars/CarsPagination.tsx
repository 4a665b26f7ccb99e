/**
 * The result pages as buttons: previous, the numbered pages (first, last, the current one, its
 * neighbours on wide screens, "…" for the rest: responsivePageList in src/features/search/rules/cars-search.ts)
 * and next, the current page marked with aria-current. Changing page brings the top of the list back into view.
 */
import { usePagination } from 'react-instantsearch';
import { responsivePageList, type PageEntry } from './cars-ui.ts';

/** Entries for one screen size only (see responsivePageList). */
const only = (e: PageEntry) =>
  e.wide && !e.narrow ? ' cars-page-wide' : !e.wide && e.narrow ? ' cars-page-narrow' : '';

export default function CarsPagination() {
  const { nbPages, currentRefinement, isFirstPage, isLastPage, refine } = usePagination();
  if (nbPages <= 1) return null;
  const go = (page: number, from: HTMLElement) => {
    refine(page);
    const top = from.closest('.cars-main');
    if (top && top.getBoundingClientRect().top < 0) top.scrollIntoView({ block: 'start' });
  };
  return (
    <nav className="pagination cars-pages" aria-label="Result pages">
      <ul>
        <li>
          <button
            type="button"
            className="pagination-btn cars-page-prev"
            aria-label="Previous page"
            disabled={isFirstPage}
            onClick={(e) => go(currentRefinement - 1, e.currentTarget)}
          >
            <span aria-hidden="true">‹</span>
            <span className="cars-page-word">Previous</span>
          </button>
        </li>
        {responsivePageList(currentRefinement, nbPages).map((e, i) =>
          e.kind === 'gap' ? (
            <li key={`gap-${i}`} className={`cars-page-gap${only(e)}`} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={e.page} className={only(e).trim() || undefined}>
              <button
                type="button"
                className="pagination-btn"
                aria-current={e.page === currentRefinement ? 'page' : undefined}
                aria-label={`Page ${e.page + 1}`}
                onClick={(ev) => e.page !== currentRefinement && go(e.page, ev.currentTarget)}
              >
                {e.page + 1}
              </button>
            </li>
          ),
        )}
        <li>
          <button
            type="button"
            className="pagination-btn cars-page-next"
            aria-label="Next page"
            disabled={isLastPage}
            onClick={(e) => go(currentRefinement + 1, e.currentTarget)}
          >
            <span className="cars-page-word">Next</span>
            <span aria-hidden="true">›</span>
          </button>
        </li>
      </ul>
    </nav>
  );
}
