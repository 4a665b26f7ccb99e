/**
 * How many cars may be held unpaid, and by whom (docs/api.md, "Reservations: unpaid holds"). A hold
 * costs nothing until the shopper pays, so without bounds one client could hold a whole yard,
 * one checkout every few seconds, renewed for ever. Every new hold is counted, under one lock per
 * dealer so that racing requests are counted one after another, against:
 *
 * - RESERVATION_UNPAID_HOLDS_PER_IP (2): open checkouts of one client address (an IPv4 address,
 *   an IPv6 /64 network) at the dealer;
 * - RESERVATION_UNPAID_HOLDS_PER_CONTACT (2): open checkouts of one inbox (the email address with
 *   +tags and Gmail's dots ignored) or one phone number (its digits) at the dealer;
 * - RESERVATION_UNPAID_HOLDS_PER_DEALER (10): open checkouts at the dealer, whoever holds them;
 * - RESERVATION_UNPAID_STARTS_PER_IP_PER_DAY (6): checkouts one client address started at the dealer
 *   in the last 24 hours that were not paid (open, cancelled or expired), so holding cars by
 *   letting checkouts run out and starting again ends within the day.
 *
 * A shopper who starts again for a car they are already holding replaces their own hold rather
 * than being told someone else has it. Addresses, inboxes and phones are stored as SHA-256 only.
 */
import { createHash } from 'node:crypto';
import { envDefault, envInt, type Env } from '../../../config/env.ts';
import { inboxKey } from '../../../lib/email-address.ts';

export interface HoldLimits {
  perIp: number;
  perContact: number;
  perDealer: number;
  startsPerIpPerDay: number;
}

export const DEFAULT_HOLD_LIMITS: HoldLimits = {
  perIp: envDefault('RESERVATION_UNPAID_HOLDS_PER_IP'),
  perContact: envDefault('RESERVATION_UNPAID_HOLDS_PER_CONTACT'),
  perDealer: envDefault('RESERVATION_UNPAID_HOLDS_PER_DEALER'),
  startsPerIpPerDay: envDefault('RESERVATION_UNPAID_STARTS_PER_IP_PER_DAY'),
};

/** The limits with RESERVATION_UNPAID_* from the environment; throws naming a malformed variable. */
export function holdLimitsFromEnv(env: Env): HoldLimits {
  return {
    perIp: envInt(env, 'RESERVATION_UNPAID_HOLDS_PER_IP') ?? DEFAULT_HOLD_LIMITS.perIp,
    perContact: envInt(env, 'RESERVATION_UNPAID_HOLDS_PER_CONTACT') ?? DEFAULT_HOLD_LIMITS.perContact,
    perDealer: envInt(env, 'RESERVATION_UNPAID_HOLDS_PER_DEALER') ?? DEFAULT_HOLD_LIMITS.perDealer,
    startsPerIpPerDay: envInt(env, 'RESERVATION_UNPAID_STARTS_PER_IP_PER_DAY') ?? DEFAULT_HOLD_LIMITS.startsPerIpPerDay,
  };
}

const sha = (text: string) => createHash('sha256').update(text).digest('hex');

/** Who a hold is counted against: hashes of the client's address group, inbox and phone digits. */
export interface HolderKeys {
  client: string | null;
  email: string;
  phone: string | null;
}

export function holderKeys(site: string, client: string, email: string, phone: string): HolderKeys {
  const digits = phone.replace(/\D/g, '');
  return {
    client: client === 'unknown' ? null : sha(`${site}|ip|${client}`),
    email: sha(`${site}|email|${inboxKey(email)}`),
    phone: digits.length >= 6 ? sha(`${site}|phone|${digits.slice(-9)}`) : null,
  };
}

/** Why a new hold is refused, as the shopper reads it, with the HTTP status and how long to wait. */
export interface HoldRefusal {
  status: 429;
  message: string;
  retryAfterSeconds: number;
}

export const HOLDS_PER_CLIENT_MESSAGE =
  'You already have reservations waiting for payment. Please finish paying for one, or cancel it, before reserving another car.';
export const HOLDS_PER_DEALER_MESSAGE =
  'Several shoppers are paying for reservations at this dealer right now. Please try again in a few minutes, or enquire instead.';
export const STARTS_PER_DAY_MESSAGE =
  'Too many reservations were started from your network today without being paid. Please call or enquire and the dealer will hold the car for you.';
