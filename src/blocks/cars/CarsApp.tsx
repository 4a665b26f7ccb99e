/**
 * The cars search tree with a given search client: the 'Search' panel beside the results, and
 * above the results the result count, the sort order, the active filters as chips, then the cards
 * and the page buttons. The island passes the backend's client and the URL routing; the build
 * passes the in-memory client (src/features/search/ui/cars-static-search.ts) to compute the first results.
 *
 * The panel is one element in two layouts, switched by CSS alone so the server HTML fits every
 * screen: from 64rem a sidebar that is always open (stock listings only; a short block keeps the
 * sheet at every width); narrower, a full-screen sheet the 'Filters' button opens (aria-expanded, as the collapsible 'Search' panel), closed by its own button,
 * by 'Show N cars' or by Escape, giving focus back to 'Filters'.
 */
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import {
  Configure,
  InstantSearch,
  useCurrentRefinements,
  useInstantSearch,
  type InstantSearchProps,
} from 'react-instantsearch';
import type { IndexUiState } from 'instantsearch.js';
import CarsPanel from './CarsPanel.tsx';
import CarsResults from './CarsResults.tsx';
import { CarsChips, CarsCount, CarsSort } from './CarsToolbar.tsx';
import CarsPagination from './CarsPagination.tsx';
import { CarsStatuses } from './CarsStatuses.tsx';

export interface CarsAppSettings {
  /** Prefix of the block's element ids. */
  idBase: string;
  /** The backend's name of the default index (`cars`, prefixed in Algolia mode). */
  indexName: string;
  /** Sort options: backend index name and label, the default first. */
  sorts: { value: string; label: string }[];
  /** The block's fixed filters (Algolia `filters` syntax). */
  filters: string;
  hitsPerPage: number;
  /** Heading level of each car's title (and of the panel's title, beside them). */
  level: 2 | 3;
  eager: boolean;
  /**
   * Whether wide screens show the panel as a sidebar (a stock listing) or keep the 'Filters'
   * sheet (a short block, e.g. three latest arrivals on the home page, whose sidebar would be
   * far taller than its cards). See hasSidebar in src/features/search/rules/cars-search.ts.
   */
  sidebar: boolean;
  /** The list's name in analytics events: the block's heading, else "Stock". */
  listName: string;
  /**
   * A home page's row (row.ts): the cars in one swipeable row, without the search panel, the
   * toolbar or page buttons. Absent: a search.
   */
  row?: boolean;
}

interface Props extends CarsAppSettings {
  searchClient: InstantSearchProps['searchClient'];
  routing?: InstantSearchProps['routing'];
  /**
   * Called once hydrated: the search state of the page's URL, if any. The island hydrates with
   * the build's state (so the HTML matches) and applies the URL's state only then.
   */
  restore?: () => IndexUiState | undefined;
}

/** Where the panel stops being a sheet (the block's CSS uses the same width). */
const SIDEBAR_QUERY = '(min-width: 64rem)';

/** Applies the URL's state after hydration (a timer: after InstantSearch re-enables searching). */
function Restore({ restore, children }: { restore?: Props['restore']; children: ReactNode }) {
  const { setIndexUiState } = useInstantSearch();
  useEffect(() => {
    if (!restore) return;
    const timer = setTimeout(() => {
      const state = restore();
      if (state) setIndexUiState((prev) => ({ ...prev, ...state }));
    }, 0);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- Once after hydration: the URL's state is applied a single time.
  }, []);
  return <>{children}</>;
}

/** The 'Filters' button's badge: how many filters are on (none on the server: no state there). */
function ActiveCount() {
  const { items } = useCurrentRefinements({ excludedAttributes: [] });
  const n = items.reduce((sum, i) => sum + i.refinements.length, 0);
  if (n === 0) return null;
  return (
    <span className="cars-filters-count">
      {n}
      <span className="visually-hidden"> active</span>
    </span>
  );
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), [tabindex]:not([tabindex="-1"])';

export default function CarsApp({ searchClient, routing, restore, ...s }: Props) {
  const [open, setOpen] = useState(false);
  const panelId = `${s.idBase}-panel`;
  const titleId = `${s.idBase}-panel-title`;
  const toggleRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const Title = s.level === 2 ? 'h2' : 'h3';

  const close = () => {
    setOpen(false);
    toggleRef.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    // The sheet covers the page: the page behind it must not scroll, and focus starts in it.
    const root = document.documentElement;
    root.classList.add('cars-sheet-open');
    panelRef.current?.querySelector<HTMLElement>('.cars-panel-close')?.focus();
    // Widening the window past the sheet's width turns it into the sidebar: nothing to close.
    const wide = window.matchMedia(SIDEBAR_QUERY);
    const onWide = () => s.sidebar && wide.matches && setOpen(false);
    wide.addEventListener('change', onWide);
    return () => {
      root.classList.remove('cars-sheet-open');
      wide.removeEventListener('change', onWide);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- Follows the sheet opening and closing; the listener reads the sidebar flag when the width changes.
  }, [open]);

  /** Escape closes the sheet; Tab stays inside it while it is open (it is modal). */
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (!open) return;
    if (e.key === 'Escape') {
      e.preventDefault();
      close();
      return;
    }
    if (e.key !== 'Tab' || !panelRef.current) return;
    const items = [...panelRef.current.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
      (el) => el.offsetParent !== null,
    );
    const first = items[0],
      last = items.at(-1);
    if (!first || !last) return;
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  };

  if (s.row)
    return (
      <InstantSearch
        searchClient={searchClient}
        indexName={s.indexName}
        future={{ preserveSharedStateOnUnmount: true }}
      >
        <Configure hitsPerPage={s.hitsPerPage} {...(s.filters ? { filters: s.filters } : {})} />
        <CarsStatuses>
          <CarsResults level={s.level} eager={s.eager} listName={s.listName} row />
        </CarsStatuses>
      </InstantSearch>
    );

  return (
    <InstantSearch
      searchClient={searchClient}
      indexName={s.indexName}
      routing={routing}
      future={{ preserveSharedStateOnUnmount: true }}
    >
      <Configure hitsPerPage={s.hitsPerPage} {...(s.filters ? { filters: s.filters } : {})} />
      <Restore restore={restore}>
        <CarsStatuses>
          <div className={s.sidebar ? 'cars-layout cars-layout-sidebar' : 'cars-layout'}>
            <div
              ref={panelRef}
              id={panelId}
              className="cars-panel"
              data-open={open ? '' : undefined}
              onKeyDown={onKeyDown}
              {...(open ? { role: 'dialog', 'aria-modal': true, 'aria-labelledby': titleId } : {})}
            >
              <div className="cars-panel-head">
                <Title id={titleId} className="cars-panel-title">
                  Search
                </Title>
                <button type="button" className="cars-panel-close" aria-label="Close search" onClick={close}>
                  <span aria-hidden="true">×</span>
                </button>
              </div>
              <CarsPanel idBase={s.idBase} onDone={close} />
            </div>
            <div className="cars-main">
              <div className="cars-toolbar">
                <button
                  ref={toggleRef}
                  type="button"
                  className="btn btn-secondary cars-toggle"
                  aria-expanded={open}
                  aria-controls={panelId}
                  onClick={() => setOpen(!open)}
                >
                  <svg className="cars-toggle-icon" aria-hidden="true" viewBox="0 0 20 20" width="18" height="18">
                    <path
                      d="M3 5h14M6 10h8M8.5 15h3"
                      fill="none"
                      stroke="currentColor"
                      strokeWidth="2"
                      strokeLinecap="round"
                    />
                  </svg>
                  Filters
                  <ActiveCount />
                </button>
                <CarsCount />
                <CarsSort id={`${s.idBase}-sort`} items={s.sorts} />
              </div>
              <CarsChips />
              <CarsResults level={s.level} eager={s.eager} listName={s.listName} />
              <CarsPagination />
            </div>
          </div>
        </CarsStatuses>
      </Restore>
    </InstantSearch>
  );
}
