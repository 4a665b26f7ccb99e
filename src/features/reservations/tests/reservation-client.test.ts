/**
 * The reservation thank-you page's look-up (reservation-client.ts): it asks again while the
 * payment is being confirmed, and says when it cannot tell. The page itself is tried in Chromium
 * by reservation-flow.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { fetchReservation, holdEnd, MAX_POLLS, reservationQuery } from '../ui/reservation-client.ts';

const json = (body: unknown, status = 200) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

describe('the reservation thank-you page', () => {
  const info = (status: string) => ({
    status,
    car: { id: '7', title: '2021 Toyota RAV4 GX', path: '/cars/rav4-7' },
    deposit: { amount: 50000, currency: 'AUD', text: '$500.00 AUD' },
    holdHours: 48,
  });

  it('reads the reservation from the return address and its key from the browser, never from the address', () => {
    const kept = new Map([['res_0123456789abcdef01234567', 'k']]);
    const keyOf = (id: string) => kept.get(id);
    expect(reservationQuery('?category=vehicle-reservation&reservation=res_0123456789abcdef01234567', keyOf)).toEqual({
      id: 'res_0123456789abcdef01234567',
      key: 'k',
    });
    // A key in the address is not taken: the page never asks anyone to put one there.
    expect(reservationQuery('?reservation=res_00000000000000000000000a&key=k', keyOf)).toEqual({
      id: 'res_00000000000000000000000a',
    });
    expect(reservationQuery('?reservation=res_1', keyOf)).toBeUndefined();
  });

  it('shows the hold end as the API wrote it in the dealer time zone, with the zone named', () => {
    expect(holdEnd({ holdUntil: '2026-12-04T10:20:00+08:00', holdUntilText: 'Fri 4 Dec 2026, 10:20 am AWST' })).toBe(
      'Fri 4 Dec 2026, 10:20 am AWST',
    );
    expect(holdEnd({ holdUntil: '2026-12-04T02:20:00Z' })).toMatch(/\b(UTC|GMT|AEDT|AWST|[A-Z]{3,5}|GMT[+-]\d+)$/);
  });

  it('asks again while the payment is being confirmed, then shows the reservation', async () => {
    const answers = ['held', 'held', 'reserved'];
    let calls = 0;
    const state = await fetchReservation('res_0123456789abcdef01234567', 'k', {
      fetch: ((url: string) => {
        expect(url).toBe('/api/reservations/res_0123456789abcdef01234567?key=k');
        return json(info(answers[calls++]!));
      }) as unknown as typeof fetch,
      wait: () => Promise.resolve(),
    });
    expect(calls).toBe(3);
    expect(state).toMatchObject({ kind: 'known', status: 'reserved' });
  });

  it('stops asking after its last try, and says when the API cannot answer', async () => {
    let calls = 0;
    const held = await fetchReservation('res_0123456789abcdef01234567', 'k', {
      fetch: (() => {
        calls++;
        return json(info('held'));
      }) as unknown as typeof fetch,
      wait: () => Promise.resolve(),
    });
    expect(calls).toBe(MAX_POLLS);
    expect(held).toMatchObject({ kind: 'known', status: 'held' });
    const failed = await fetchReservation('res_0123456789abcdef01234567', 'k', {
      fetch: (() => json({ error: { status: 404, message: 'no' } }, 404)) as unknown as typeof fetch,
      wait: () => Promise.resolve(),
    });
    expect(failed).toEqual({ kind: 'unavailable' });
  });
});
