/**
 * The reservation thank-you page's look-up of the shopper's reservation (GET
 * /api/reservations/{id}?key=…, the id and key from the checkout's return address). The payment
 * provider's notification may land a moment after the shopper: while the reservation is still
 * "held" it asks again, every POLL_MS, up to MAX_POLLS times.
 */
import { apiFetch } from '../../contract/fetch.ts';
import { reservationPath } from '../../contract/routes.ts';

export const POLL_MS = 2_000;
export const MAX_POLLS = 30;

export interface ReservationInfo {
  status: 'held' | 'reserved' | 'released' | 'refunded' | 'sold';
  car: { id: string; title?: string; path?: string };
  deposit: { amount: number; currency: string; text: string };
  holdUntil?: string;
  holdHours: number;
}

export type ReservationState =
  { kind: 'none' } | { kind: 'loading' } | { kind: 'unavailable' } | ({ kind: 'known' } & ReservationInfo);

/** The reservation named by the page's query string, if any. */
export function reservationQuery(search: string): { id: string; key: string } | undefined {
  const q = new URLSearchParams(search);
  const id = q.get('reservation');
  const key = q.get('key');
  return id && key && /^res_[0-9a-f]{24}$/.test(id) ? { id, key } : undefined;
}

export async function fetchReservation(
  id: string,
  key: string,
  options: { fetch?: typeof fetch; wait?: (ms: number) => Promise<void> } = {},
): Promise<ReservationState> {
  const wait = options.wait ?? ((ms) => new Promise<void>((r) => setTimeout(r, ms)));
  for (let attempt = 0; attempt < MAX_POLLS; attempt++) {
    try {
      const info = await apiFetch<ReservationInfo>(reservationPath(id, key), {
        ...(options.fetch ? { fetch: options.fetch } : {}),
      });
      if (info.status !== 'held' || attempt === MAX_POLLS - 1) return { kind: 'known', ...info };
    } catch {
      return { kind: 'unavailable' };
    }
    await wait(POLL_MS);
  }
  return { kind: 'unavailable' };
}

/** "Sunday 29 November 2026 at 8:19 am" in the shopper's own time zone. */
export function holdEnd(iso: string): string {
  return new Date(iso).toLocaleString('en-AU', { dateStyle: 'full', timeStyle: 'short' });
}
