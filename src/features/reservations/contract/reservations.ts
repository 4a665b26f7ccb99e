/**
 * The reservation routes' wire shapes (docs/api.md, Reservations): what the car page's reserve
 * form sends and gets back, and what the thank-you page reads of the shopper's reservation. The
 * API parses the request with `reservationRequest`; the islands import only the types.
 */
import { z } from 'astro/zod';

/**
 * POST /api/reservations. The shopper's own values are checked by the reserve form's rules
 * (src/forms/reservation.ts) on both sides, so here they are only carried.
 */
export const reservationRequest = z.object({
  site: z.string().max(100).optional(),
  car_id: z.union([z.string().trim().min(1).max(128), z.number().finite().transform(String)], {
    error: 'car_id must name the car to reserve.',
  }),
  first_name: z.unknown(),
  last_name: z.unknown(),
  email: z.unknown(),
  phone: z.unknown(),
  accept_terms: z.unknown(),
});

export type ReservationRequest = z.input<typeof reservationRequest>;

/** 201 of POST /api/reservations: the car is held; the browser keeps the key (it is in no URL). */
export interface ReservationStarted {
  reservation_id: string;
  reservation_key: string;
  checkout_url: string;
}

/** Where a reservation stands. */
export type ReservationStatus = 'held' | 'reserved' | 'released' | 'refunded' | 'sold';

/** GET /api/reservations/{id}?key=…: what the shopper's thank-you page shows of their reservation. */
export interface ReservationView {
  status: ReservationStatus;
  car: { id: string; title?: string; path?: string };
  deposit: { amount: number; currency: string; text: string };
  /** ISO 8601 (UTC), for programs; people read holdUntilText. */
  holdUntil?: string;
  /** "Fri 4 Dec 2026, 3:19 pm AEDT": the hold's end in the dealer's own time zone. */
  holdUntilText?: string;
  holdHours: number;
  /** Why a refunded (or released) reservation ended, as the shopper reads it. */
  reason?: string;
}
