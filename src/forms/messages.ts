/**
 * Every validation message of the forms. The spec's own texts (§5, §8) are quoted exactly; the
 * rest follow their style: a leading '*' and one plain sentence per kind of field.
 */
import type { FieldDef } from './types.ts';
import { locale } from '../lib/locale.ts';

/** 150000 → "$150,000", independent of the runtime's locale data. */
const money = (n: number) => '$' + String(Math.round(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

export const messages = {
  // Quoted by the spec.
  location: '*Please select a dealership location',
  terms: '*You must agree to the terms of use before submitting.',
  stepIncomplete: 'Please complete the form step before proceeding',
  submitError: 'An error occurred',

  required: '*This field is required',
  name: '*Please enter your name',
  firstName: '*Please enter your first name',
  lastName: '*Please enter your last name',
  email: '*Please enter your email',
  emailFormat: '*Please enter a valid email address',
  phone: '*Please enter your phone number',
  phoneFormat: '*Please enter a valid phone number',
  /** A field labelled mobile given a landline or no number at all, with a number of the site's country. */
  phoneMobile: (country: 'AU' | 'NZ' = 'AU') =>
    `*Please enter a mobile number, e.g. ${locale(country).phone.mobileExample}`,
  rego: '*Please enter your rego',
  regoFormat: '*Please enter a valid rego',
  make: '*Please choose a make',
  year: '*Please enter the year',
  yearRange: (min: number, max: number) => `*Please enter a year from ${min} to ${max}`,
  date: '*Please choose a date',
  dateFormat: '*Please enter a valid date',
  dateNotPast: '*Please choose a date that is not in the past',
  datePast: '*Please enter a date in the past',
  ageMin: (min: number, purpose: string) => `*You must be ${min} or older to ${purpose}`,
  ageMax: (max: number) => `*Please check your date of birth: it makes you older than ${max}`,
  /** "Coastal Toyota Service Centre is closed on Sundays. Please choose another day". */
  closedDay: (place: string | undefined, weekdays: string) =>
    `*${place ? `${place} is` : 'We are'} closed on ${weekdays}. Please choose another day`,
  /** "between 8:30am and 5:30pm" (or two spans: "between 8am and 12pm or 1pm and 5pm"). */
  openTime: (spans: string) => `*Please choose a time between ${spans}`,
  timeFormat: '*Please choose a valid time',
  timeNotPast: '*Please choose a time that is not in the past',
  choose: '*Please choose an option',
  chooseListed: '*Please choose one of the listed options',
  check: '*Please tick this box to continue',
  amount: '*Please enter an amount',
  amountFormat: '*Please enter an amount in dollars, e.g. 25,000',
  amountRange: (min: number, max: number) => `*Please enter an amount from ${money(min)} up to ${money(max)}`,
  message: '*Please enter a message',
  captcha: '*Please confirm you are not a robot',
  tooLong: (max: number) => `*Please keep this under ${max} characters`,
  privacy: '*Please agree to the Privacy Policy',
  creditCheck: '*Please consent to a credit score check',
  electronic: '*Please agree to receive documents electronically',
} as const;

/** Messages of fields known by name, before the message of their type. */
const byName: Record<string, string> = {
  first_name: messages.firstName,
  last_name: messages.lastName,
  terms_agreed: messages.terms,
  privacy_consent: messages.privacy,
  credit_check_consent: messages.creditCheck,
  electronic_communication: messages.electronic,
};

const byType: Partial<Record<FieldDef['type'], string>> = {
  fullName: messages.name,
  email: messages.email,
  phone: messages.phone,
  rego: messages.rego,
  make: messages.make,
  year: messages.year,
  dateTime: messages.date,
  locationSelect: messages.location,
  radio: messages.choose,
  radioCard: messages.choose,
  select: messages.choose,
  leadCategorySelect: messages.choose,
  check: messages.check,
  currency: messages.amount,
  message: messages.message,
  captcha: messages.captcha,
};

/** What a required field says when it is left empty. */
export function requiredMessage(field: Pick<FieldDef, 'name' | 'type'>): string {
  return byName[field.name] ?? byType[field.type] ?? messages.required;
}
