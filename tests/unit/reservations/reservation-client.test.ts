/**
 * The reservation thank-you page's look-up (reservation-client.ts): it asks again while the
 * payment is being confirmed, and says when it cannot tell. The page itself is tried in Chromium
 * by reservation-flow.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { fetchReservation, MAX_POLLS, reservationQuery } from '../../../src/blocks/success/reservation-client.ts';

const json = (body: unknown, status = 200) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

describe('the reservation thank-you page', () => {
  const info = (status: string) => ({
    status,
    car: { id: '7', title: '2021 Toyota RAV4 GX', path: '/cars/rav4-7' },
    deposit: { amount: 50000, currency: 'AUD', text: '$500.00 AUD' },
    holdHours: 48,
  });

  it('reads the reservation and key from the return address only when both are well formed', () => {
    expect(reservationQuery('?category=vehicle-reservation&reservation=res_0123456789abcdef01234567&key=k')).toEqual({
      id: 'res_0123456789abcdef01234567',
      key: 'k',
    });
    expect(reservationQuery('?reservation=res_1&key=k')).toBeUndefined();
    expect(reservationQuery('?reservation=res_0123456789abcdef01234567')).toBeUndefined();
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
