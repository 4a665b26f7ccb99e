/**
 * Australian and New Zealand phone numbers, read with libphonenumber-js against the two countries'
 * own numbering rules (phone-metadata.ts, a 2 KB slice of the library's complete metadata, so the
 * form island can tell a mobile from a landline without carrying every country's rules).
 *
 * A number is read with the site's country as the default (0412 345 678 on an Australian site,
 * 021 123 4567 on a New Zealand one); a number written with +61 or +64 is accepted on either.
 * Any other country's number is refused: the dealer calls back locally.
 *
 * Stored form: E.164 ("+61412345678"). It is unambiguous whichever country's site took it (an NZ
 * mobile typed on an Australian site in national form would read as a Sydney landline), and it is
 * what diallers, CRMs and the ADF export (src/features/leads/server/outbox/adf-parties.ts) read.
 */
import { parsePhoneNumberFromString, type PhoneNumber } from 'libphonenumber-js/core';
import { PHONE_METADATA } from './phone-metadata.ts';
import { isCountry, type Country } from '../lib/locale.ts';

export type PhoneCountry = Country;

/** Digits, spaces, dots, brackets, dashes and one leading +: what people write a number with. */
const WRITTEN = /^\+?[\d\s().-]+$/;

/** The number `text` writes, or undefined when it is no valid Australian or New Zealand number. */
export function readPhone(text: string, country: PhoneCountry = 'AU'): PhoneNumber | undefined {
  const trimmed = text.trim();
  if (!WRITTEN.test(trimmed)) return undefined;
  const parsed = parsePhoneNumberFromString(trimmed, { defaultCountry: country, extract: false }, PHONE_METADATA);
  if (!parsed || !isCountry(parsed.country) || !parsed.isValid()) return undefined;
  return parsed;
}

export function isMobile(phone: PhoneNumber): boolean {
  const type = phone.getType();
  return type === 'MOBILE' || type === 'FIXED_LINE_OR_MOBILE';
}

/** What is wrong with a number: not a number at all, or not a mobile where one is asked for. */
export function phoneProblem(
  text: string,
  opts: { country?: PhoneCountry; mobile?: boolean } = {},
): 'invalid' | 'notMobile' | undefined {
  const phone = readPhone(text, opts.country);
  if (!phone) return 'invalid';
  if (opts.mobile && !isMobile(phone)) return 'notMobile';
  return undefined;
}

/** The number in E.164 ("+61412345678"), or undefined when it does not read as a valid number. */
export function e164(text: string, country: PhoneCountry = 'AU'): string | undefined {
  return readPhone(text, country)?.number;
}

/** A field asks for a mobile when its label says so ("Mobile Phone", "mobile number"). */
export function asksForMobile(label: string): boolean {
  return /mobile/i.test(label);
}
