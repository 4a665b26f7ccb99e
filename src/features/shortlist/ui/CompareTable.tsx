/**
 * The compare page's table (client only). The cars come from the address alone
 * (`/compare?cars=id1,id2,id3`, parseCompareIds), so a shared link shows the same cars anywhere;
 * opened without cars, the page takes the visitor's own compare list and writes it into the
 * address. Their facts and states come from GET /api/stock/compare (src/features/stock/server/compare.ts).
 * Each car's column opens with its photo, its price with the price's qualifier (drive away, excl.
 * government charges; "Price on application" alone) and an Enquire button to the car's own
 * enquiry form. The table scrolls sideways on a phone with its first column held in place.
 */
import { useEffect, useState } from 'react';
import { stockComparePath } from '../../../contract/routes.ts';
import { COMPARE_ROWS, compareHref, parseCompareIds, type CompareCar } from '../rules/shortlist.ts';
import { $compare, removeCompared } from './shortlist-store.ts';

interface Props {
  stockHref: string;
}

/** The car page's own enquiry form (the car page's `#enquire` anchor, as stock cards link to it). */
export const enquireHref = (carHref: string): string => `${carHref.split('#')[0]}#enquire`;

type State = { kind: 'loading' } | { kind: 'failed' } | { kind: 'ready'; cars: CompareCar[] };

export async function fetchCompare(ids: string[], doFetch: typeof fetch = fetch): Promise<CompareCar[] | undefined> {
  try {
    const res = await doFetch(stockComparePath(ids), { headers: { accept: 'application/json' } });
    if (!res.ok) return undefined;
    const body = (await res.json()) as { cars?: CompareCar[] };
    return Array.isArray(body.cars) ? body.cars : undefined;
  } catch {
    return undefined;
  }
}

function idsOfPage(): string[] {
  const fromUrl = parseCompareIds(new URL(window.location.href).searchParams.get('cars'));
  if (fromUrl.length) return fromUrl;
  const own = $compare.get().map((c) => c.id);
  if (own.length) window.history.replaceState(null, '', compareHref(own));
  return parseCompareIds(own.join(','));
}

export default function CompareTable({ stockHref }: Props) {
  const [ids, setIds] = useState<string[]>(idsOfPage);
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [copied, setCopied] = useState('');
  const key = ids.join(',');

  useEffect(() => {
    if (!ids.length) return;
    let live = true;
    setState({ kind: 'loading' });
    void fetchCompare(ids).then((cars) => {
      if (live) setState(cars ? { kind: 'ready', cars } : { kind: 'failed' });
    });
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- The cars are the ids' own.
  }, [key]);

  const remove = (id: string) => {
    const next = ids.filter((i) => i !== id);
    removeCompared(id);
    window.history.replaceState(null, '', compareHref(next));
    setIds(next);
    if (state.kind === 'ready') setState({ kind: 'ready', cars: state.cars.filter((c) => c.id !== id) });
  };

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(window.location.href);
      setCopied('Link copied.');
    } catch {
      setCopied('Copy the address from the address bar to share this comparison.');
    }
  };

  if (!ids.length)
    return (
      <div className="saved-empty">
        <p>No cars to compare yet. Tick "Compare" on up to three cars, then come back here.</p>
        <p>
          <a className="btn btn-primary" href={stockHref}>
            Browse our cars
          </a>
        </p>
      </div>
    );
  if (state.kind === 'loading') return <p className="compare-loading">Loading the cars…</p>;
  if (state.kind === 'failed')
    return (
      <p className="compare-failed" role="alert">
        Sorry, the cars could not be loaded just now. Please try again shortly.
      </p>
    );
  const { cars } = state;
  if (!cars.length)
    return (
      <div className="saved-empty">
        <p>These cars are no longer listed.</p>
        <p>
          <a className="btn btn-primary" href={stockHref}>
            Browse our cars
          </a>
        </p>
      </div>
    );
  const features = cars.some((c) => c.features.length > 0);
  return (
    <>
      <div className="compare-tools">
        <button type="button" className="btn btn-secondary" onClick={() => void copy()}>
          Copy link to this comparison
        </button>
        <span role="status" className="compare-copied">
          {copied}
        </span>
      </div>
      <div className="compare-scroll" role="region" aria-label="Comparison table" tabIndex={0}>
        <table className="compare-table">
          <caption className="visually-hidden">{cars.map((c) => c.title).join(', ')} side by side</caption>
          <thead>
            <tr>
              <td className="compare-corner" />
              {cars.map((c) => {
                const sold = c.status === 'sold' || c.status === 'hidden';
                return (
                  <th key={c.id} scope="col" className="compare-car-head" data-status={c.status}>
                    <img src={c.photo} alt="" width={240} height={150} decoding="async" />
                    {sold ? (
                      <span className="compare-car-title">{c.title}</span>
                    ) : (
                      <a className="compare-car-title" href={c.href}>
                        {c.title}
                      </a>
                    )}
                    {sold && <span className="badge saved-card-sold">Sold</span>}
                    <p className="compare-car-price">
                      <span className="compare-car-amount">{c.price}</span>
                      {c.priceNote && <span className="compare-car-note">{c.priceNote}</span>}
                    </p>
                    {!sold && (
                      <a className="btn btn-primary compare-enquire" href={enquireHref(c.href)}>
                        Enquire<span className="visually-hidden"> about the {c.title}</span>
                      </a>
                    )}
                    <button type="button" className="compare-remove" onClick={() => remove(c.id)}>
                      Remove<span className="visually-hidden"> {c.title}</span>
                    </button>
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {COMPARE_ROWS.map((row) => (
              <tr key={row.label}>
                <th scope="row">{row.label}</th>
                {cars.map((c) => (
                  <td key={c.id}>{row.value(c) ?? '—'}</td>
                ))}
              </tr>
            ))}
            {features && (
              <tr>
                <th scope="row">Features</th>
                {cars.map((c) => (
                  <td key={c.id}>
                    {c.features.length ? (
                      <ul className="compare-features">
                        {c.features.map((f) => (
                          <li key={f}>{f}</li>
                        ))}
                      </ul>
                    ) : (
                      '—'
                    )}
                  </td>
                ))}
              </tr>
            )}
          </tbody>
        </table>
      </div>
      {cars.length < ids.length && (
        <p className="compare-missing">
          {ids.length - cars.length === 1 ? 'One car' : 'Some cars'} in this link{' '}
          {ids.length - cars.length === 1 ? 'is' : 'are'} no longer listed.
        </p>
      )}
    </>
  );
}
