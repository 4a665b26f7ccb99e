/**
 * Whether listed cars are still for sale, asked of the API (GET /api/stock/status) by the pages
 * that show cards of cars built earlier: the saved cars, the stock search's results. A page
 * served without the API, or offline, gets no answer and shows its cards as built.
 */
import { MAX_STATUS_IDS, stockStatusPath, type CarStockStatus } from '../../../contract/routes.ts';

export type CarStatuses = Record<string, CarStockStatus>;

/** The states of `ids` from the API, MAX_STATUS_IDS to a request; {} when it cannot say. */
export async function fetchStatuses(ids: string[], doFetch: typeof fetch = fetch): Promise<CarStatuses> {
  const batches: string[][] = [];
  for (let i = 0; i < ids.length; i += MAX_STATUS_IDS) batches.push(ids.slice(i, i + MAX_STATUS_IDS));
  const answers = await Promise.all(
    batches.map(async (batch): Promise<CarStatuses> => {
      try {
        const res = await doFetch(stockStatusPath(batch), { headers: { accept: 'application/json' } });
        if (!res.ok) return {};
        const body = (await res.json()) as { cars?: CarStatuses };
        return body.cars ?? {};
      } catch {
        return {};
      }
    }),
  );
  return Object.assign({}, ...answers) as CarStatuses;
}

/** A car that was listed and is no longer for sale. */
export const isSold = (status: CarStockStatus | undefined) => status === 'sold' || status === 'hidden';
