/**
 * A built car page stays built when its car leaves stock: this asks the API whether the car is
 * still for sale (GET /api/stock/status) when the page opens and every POLL_MS while it is shown,
 * and once it is sold (or hidden) marks the page: the "Sold" notice appears and the enquiry,
 * finance and test-drive actions go (src/styles/car-page.css, `.vdp[data-sold]`). A page served
 * without the API, or offline, stays as built.
 */
import { stockStatusPath, type CarStockStatus } from '../../contract/routes.ts';

/** With the API's 20 s cache, a sale shows within a minute. */
export const POLL_MS = 30_000;

/** Whether a car in this state is no longer for sale. */
export const isGone = (status: CarStockStatus | undefined) => status === 'sold' || status === 'hidden';

export function markSold(root: HTMLElement): void {
  if (root.hasAttribute('data-sold')) return;
  root.setAttribute('data-sold', '');
  const notice = root.querySelector<HTMLElement>('[data-sold-notice]');
  if (notice) notice.hidden = false;
}

export async function checkStatus(
  root: HTMLElement,
  doFetch: typeof fetch = fetch,
): Promise<CarStockStatus | undefined> {
  const id = root.dataset.carId;
  if (!id) return undefined;
  try {
    // One address per poll: the browser never answers a poll from the last one's cached answer,
    // while a CDN still answers every visitor of the same half-minute from one request.
    const at = Math.floor(Date.now() / POLL_MS);
    const res = await doFetch(`${stockStatusPath([id])}&at=${at}`, { headers: { accept: 'application/json' } });
    if (!res.ok) return undefined;
    const body = (await res.json()) as { cars?: Record<string, CarStockStatus> };
    const status = body.cars?.[id];
    if (isGone(status)) markSold(root);
    return status;
  } catch {
    return undefined;
  }
}

export function startStatusCheck(): void {
  const root = document.querySelector<HTMLElement>('[data-car-id]');
  if (!root) return;
  const check = () => {
    if (document.visibilityState === 'visible' && !root.hasAttribute('data-sold')) void checkStatus(root);
  };
  check();
  const timer = setInterval(() => {
    if (root.hasAttribute('data-sold')) clearInterval(timer);
    else check();
  }, POLL_MS);
  document.addEventListener('visibilitychange', check);
}
