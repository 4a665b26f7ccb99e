/**
 * The reservation form (reserve a stock car with a deposit): the shopper's contact details and
 * acceptance of the dealer's deposit terms. One yup schema, used by the reservation island before
 * it sends and by POST /api/reservations before it holds the car.
 */
import * as yup from 'yup';
import { messages } from './messages.ts';
import { MAX_LENGTH, validEmail, validPhone } from './schema.ts';
import type { PhoneCountry } from './phone.ts';

export interface ReservationValues {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  accept_terms: boolean;
}

export const RESERVATION_FIELDS = ['first_name', 'last_name', 'email', 'phone', 'accept_terms'] as const;

export const EMPTY_RESERVATION: ReservationValues = {
  first_name: '',
  last_name: '',
  email: '',
  phone: '',
  accept_terms: false,
};

/** "*Please accept the deposit terms to continue" */
export const TERMS_MESSAGE = '*Please accept the deposit terms to continue';

const text = (required: string) =>
  yup
    .string()
    .strict()
    .test('filled', required, (v) => typeof v === 'string' && v.trim() !== '')
    .max(MAX_LENGTH.text, `*Please use at most ${MAX_LENGTH.text} characters`);

export function reservationSchema(country: PhoneCountry) {
  return yup.object({
    first_name: text(messages.firstName),
    last_name: text(messages.lastName),
    email: text(messages.email).test('email', messages.emailFormat, (v) => !v || validEmail(v)),
    phone: text(messages.phone).test('phone', messages.phoneFormat, (v) => !v || validPhone(v, country)),
    accept_terms: yup.boolean().strict().oneOf([true], TERMS_MESSAGE).required(TERMS_MESSAGE),
  });
}

/** Field name → its first problem; empty when the values are fine. */
export function reservationProblems(values: unknown, country: PhoneCountry): Record<string, string> {
  try {
    reservationSchema(country).validateSync(values, { abortEarly: false });
    return {};
  } catch (e) {
    const out: Record<string, string> = {};
    for (const inner of (e as yup.ValidationError).inner ?? [])
      if (inner.path && !out[inner.path]) out[inner.path] = inner.message;
    if (!Object.keys(out).length) out.form = (e as Error).message;
    return out;
  }
}

/**
 * The shopper's reservation key, kept by their browser from the moment the checkout opens: the
 * thank-you page reads it to show the reservation, so the key is in no address the checkout,
 * the tag manager or anyone else sees. localStorage, so the page still shows it in a new tab.
 */
const KEY_PREFIX = 'reservation-key:';

export function rememberReservationKey(id: string, key: string): void {
  try {
    window.localStorage.setItem(`${KEY_PREFIX}${id}`, key);
  } catch {
    // Storage refused (a private window's quota): the thank-you page says the receipt email follows.
  }
}

export function reservationKeyOf(id: string): string | undefined {
  try {
    return window.localStorage.getItem(`${KEY_PREFIX}${id}`) ?? undefined;
  } catch {
    return undefined;
  }
}
