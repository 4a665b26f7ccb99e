/**
 * A built car page stays built when its car leaves stock: this asks the API whether the car is
 * still for sale (GET /api/stock/status) when the page opens and every POLL_MS while it is shown,
 * and once it is sold (or hidden) marks the page: the "Sold" notice appears and the enquiry,
 * finance and test-drive actions go (src/features/car-page/ui/car-page.css, `.vdp[data-sold]`). A car another
 * shopper is reserving ("held") or has reserved marks the page with `data-stock`: the reservation
 * form gives way to a message, and a reserved car shows "Reserved". A page served without the
 * API, or offline, stays as built.
 */
import { stockStatusPath, type CarStockStatus } from '../../../contract/routes.ts';
import { isSold } from './stock-status.ts';

/** With the API's 20 s cache, a sale shows within a minute. */
export const POLL_MS = 30_000;

export function markSold(root: HTMLElement): void {
  if (root.hasAttribute('data-sold')) return;
  root.setAttribute('data-sold', '');
  const notice = root.querySelector<HTMLElement>('[data-sold-notice]');
  if (notice) notice.hidden = false;
}

/** What the reservation section says instead of its form while the car is not free to reserve. */
export const RESERVATION_STATE_TEXT: Partial<Record<CarStockStatus, string>> = {
  held: 'Another shopper is reserving this car right now. If they do not complete their reservation within half an hour, it can be reserved again.',
  reserved:
    'This car has been reserved by another shopper. Enquire below and we will let you know if it becomes available.',
};

/** Marks the page with the car's reservation state (available, held or reserved). */
export function markReservation(root: HTMLElement, status: CarStockStatus | undefined): void {
  if (status !== 'available' && status !== 'held' && status !== 'reserved') return;
  if (root.dataset.stock === status) return;
  root.dataset.stock = status;
  const text = RESERVATION_STATE_TEXT[status];
  const state = root.querySelector<HTMLElement>('[data-reserve-state]');
  const form = root.querySelector<HTMLElement>('[data-reserve-form]');
  if (state) {
    state.textContent = text ?? '';
    state.hidden = !text;
  }
  if (form) form.hidden = !!text;
  const notice = root.querySelector<HTMLElement>('[data-reserved-notice]');
  if (notice) notice.hidden = status !== 'reserved';
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
    if (isSold(status)) markSold(root);
    else markReservation(root, status);
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
