/**
 * The cars search tree with a given search client: the collapsible 'Search' panel and the
 * results. The island passes the backend's client and the URL routing; the build passes the
 * in-memory client (src/lib/cars-static-search.ts) to compute the first results.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Configure, InstantSearch, useInstantSearch, type InstantSearchProps } from 'react-instantsearch';
import type { IndexUiState } from 'instantsearch.js';
import CarsPanel from './CarsPanel.tsx';
import CarsResults from './CarsResults.tsx';

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
  /** Heading level of each car's title. */
  level: 2 | 3;
  eager: boolean;
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

/** Applies the URL's state after hydration (a timer: after InstantSearch re-enables searching). */
function Restore({ restore, onRestored, children }: { restore?: Props['restore']; onRestored: () => void; children: ReactNode }) {
  const { setIndexUiState } = useInstantSearch();
  useEffect(() => {
    if (!restore) return;
    const timer = setTimeout(() => {
      const state = restore();
      if (!state) return;
      setIndexUiState((prev) => ({ ...prev, ...state }));
      onRestored();
    }, 0);
    return () => clearTimeout(timer);
  }, []);
  return <>{children}</>;
}

export default function CarsApp({ searchClient, routing, restore, ...s }: Props) {
  const [open, setOpen] = useState(false);
  const panelId = `${s.idBase}-panel`;
  const toggleRef = useRef<HTMLButtonElement>(null);
  return (
    <InstantSearch searchClient={searchClient} indexName={s.indexName} routing={routing}
      future={{ preserveSharedStateOnUnmount: true }}>
      <Configure hitsPerPage={s.hitsPerPage} {...(s.filters ? { filters: s.filters } : {})} />
      <Restore restore={restore} onRestored={() => setOpen(true)}>
        <div className="cars-search">
          <button ref={toggleRef} type="button" className="cars-toggle" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen(!open)}>
            Search<span className="cars-toggle-icon" aria-hidden="true" />
          </button>
          <div id={panelId} className="cars-panel" hidden={!open}>
            <CarsPanel idBase={s.idBase} sorts={s.sorts} onDone={() => {
              setOpen(false);
              toggleRef.current?.focus();
            }} />
          </div>
        </div>
        <CarsResults level={s.level} eager={s.eager} />
      </Restore>
    </InstantSearch>
  );
}
