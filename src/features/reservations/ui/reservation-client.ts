/**
 * The reservation thank-you page's look-up of the shopper's reservation (GET
 * /api/reservations/{id}?key=…: the id from the checkout's return address, the key from the
 * shopper's browser, which kept it when the checkout opened; it is in no address). The payment
 * provider's notification may land a moment after the shopper: while the reservation is still
 * "held" it asks again, every POLL_MS, up to MAX_POLLS times.
 */
import { apiFetch } from '../../../contract/fetch.ts';
import type { ReservationView } from '../contract/reservations.ts';
import { reservationPath } from '../../../contract/routes.ts';
import { reservationKeyOf } from '../../../forms/reservation.ts';

export const POLL_MS = 2_000;
export const MAX_POLLS = 30;

/** The shopper's reservation as the API answers it. */
export type ReservationInfo = ReservationView;

export type ReservationState =
  { kind: 'none' } | { kind: 'loading' } | { kind: 'unavailable' } | ({ kind: 'known' } & ReservationInfo);

/**
 * The reservation named by the page's query string, with the key this browser keeps for it; a
 * reservation this browser did not start has no key here (the page then points to the receipt).
 */
export function reservationQuery(
  search: string,
  keyOf: (id: string) => string | undefined = reservationKeyOf,
): { id: string; key?: string } | undefined {
  const id = new URLSearchParams(search).get('reservation');
  if (!id || !/^res_[0-9a-f]{24}$/.test(id)) return undefined;
  const key = keyOf(id);
  return key ? { id, key } : { id };
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

/** The hold's end as the dealer's API wrote it (in the dealer's time zone, named), else in the browser's, named. */
export function holdEnd(info: Pick<ReservationInfo, 'holdUntil' | 'holdUntilText'>): string {
  if (info.holdUntilText) return info.holdUntilText;
  if (!info.holdUntil) return '';
  return new Date(info.holdUntil).toLocaleString('en-AU', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  });
}

/**
 * The page's heading once the reservation is known not to stand: a refunded deposit is no
 * "Thanks for your deposit payment" with a tick. Undefined: the variant's own title.
 */
export function reservationTitle(state: ReservationState): string | undefined {
  if (state.kind !== 'known') return undefined;
  if (state.status === 'refunded') return 'Your deposit has been refunded';
  if (state.status === 'released') return 'Your reservation has ended';
  return undefined;
}
