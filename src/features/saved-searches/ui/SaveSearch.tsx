/**
 * "Save this search" on the stock page: a line and one button in the island's first render (so
 * the server HTML holds it and nothing moves when it hydrates); the form itself (email address,
 * consent line, sending) is SaveSearchForm.tsx, loaded on the first click only, so the stock
 * page's initial JavaScript grows by this file alone. The search saved is the page's address at
 * that moment: the island keeps the search state in the URL.
 */
import { lazy, Suspense, useState } from 'react';
import './save-search.css';

const SaveSearchForm = lazy(() => import('./SaveSearchForm.tsx'));

export default function SaveSearch({ idBase, filters }: { idBase: string; filters: string }) {
  const [open, setOpen] = useState(false);
  const titleId = `${idBase}-save-title`;
  return (
    <div className="save-search">
      <div className="save-search-head">
        <svg className="save-search-icon" aria-hidden="true" viewBox="0 0 24 24" width="22" height="22">
          <path
            d="M12 3a6 6 0 0 0-6 6v3.6L4.4 15.5A1 1 0 0 0 5.3 17h13.4a1 1 0 0 0 .9-1.5L18 12.6V9a6 6 0 0 0-6-6Zm-2.2 16a2.3 2.3 0 0 0 4.4 0"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinejoin="round"
          />
        </svg>
        <p className="save-search-lead" id={titleId}>
          Get an email when new cars match this search.
        </p>
        {!open && (
          <button
            type="button"
            className="btn btn-secondary btn-sm save-search-open"
            aria-expanded="false"
            onClick={() => setOpen(true)}
          >
            Save this search
          </button>
        )}
      </div>
      {open && (
        <Suspense fallback={<p className="save-search-loading">Loading…</p>}>
          <SaveSearchForm idBase={idBase} filters={filters} />
        </Suspense>
      )}
    </div>
  );
}
