/**
 * The yup schemas of a FormDef, shared by the Formik island and the API's lead route. Values are
 * validated as typed (no casting): text fields hold strings, checkboxes booleans, amounts and
 * years strings or numbers. An empty string counts as no answer, as Formik sends it.
 */
import * as yup from 'yup';
import type { FieldDef, FormDef } from './types.ts';
import { MIN_YEAR } from './fields.ts';
import { messages, requiredMessage } from './messages.ts';
import { pathSteps, type PathOptions } from './rules.ts';
import { asksForMobile, e164, phoneProblem, readPhone, type PhoneCountry } from './phone.ts';
import {
  hoursOfChoice,
  isOpenAt,
  isOpenDay,
  nowIn,
  spansOn,
  todayIn,
  weekdayOf,
  type OpenSpan,
  type Weekday,
} from '../domain/booking-hours.ts';
import { clockTime } from '../domain/opening-hours-text.ts';
import { parseAmount } from '../features/finance/rules/finance.ts';

export const MAX_LENGTH = { text: 200, message: 4000 } as const;

export const isEmpty = (v: unknown): boolean =>
  v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);

/** A valid Australian or New Zealand number, read in `country` unless it starts +61 or +64 (see phone.ts). */
export function validPhone(v: string, country: PhoneCountry = 'AU'): boolean {
  return readPhone(v, country) !== undefined;
}

/** One label of a domain name: letters and digits, hyphens inside, at most 63 characters. */
const DOMAIN_LABEL = /^[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?$/u;

/**
 * A domain that mail can go to: at least two labels, each a valid label, the last (the top-level
 * domain) 2 or more letters. Refuses "b", "b.c", "-x.com", "x..com" and "localhost".
 */
export function validDomain(domain: string): boolean {
  const labels = domain.split('.');
  return (
    labels.length >= 2 && labels.every((l) => DOMAIN_LABEL.test(l)) && /^\p{L}{2,63}$/u.test(labels[labels.length - 1]!)
  );
}

/** A name without spaces or @, then @ and a valid domain (validDomain). */
export function validEmail(v: string): boolean {
  const text = v.trim();
  const at = text.lastIndexOf('@');
  if (text.length > 254 || at < 1) return false;
  const local = text.slice(0, at);
  return local.length <= 64 && /^[^\s@]+$/.test(local) && validDomain(text.slice(at + 1));
}

/** A plate: 1 to 9 letters and digits, spaces and dashes aside. */
export function validRego(v: string): boolean {
  return /^[A-Za-z0-9]{1,9}$/.test(v.replace(/[\s-]/g, ''));
}

/** "2025-07-01", "2025-07-01T09:30" → "2025-07-01" when it is a real calendar day; else undefined. */
export function dayOf(v: unknown): string | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/.exec(
    String(v).trim(),
  );
  if (!m) return undefined;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (y < 1900 || y > 2200 || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return undefined;
  return `${m[1]}-${m[2]}-${m[3]}`;
}

/** "2025-07-01T09:30" → "09:30"; undefined when the value holds no time of day. */
export function timeOf(v: unknown): string | undefined {
  const m = /^\d{4}-\d{2}-\d{2}[T ](\d{2}):(\d{2})/.exec(String(v).trim());
  return m ? `${m[1]}:${m[2]}` : undefined;
}

const validClock = (time: string) => Number(time.slice(0, 2)) <= 23 && Number(time.slice(3, 5)) <= 59;

/** Whole years from a birth day to `day` ("2007-06-16" to "2025-06-15": 17). */
export function ageOn(birth: string, day: string): number {
  const years = Number(day.slice(0, 4)) - Number(birth.slice(0, 4));
  return day.slice(5) < birth.slice(5) ? years - 1 : years;
}

const WEEKDAYS: Record<Weekday, string> = {
  sun: 'Sundays',
  mon: 'Mondays',
  tue: 'Tuesdays',
  wed: 'Wednesdays',
  thu: 'Thursdays',
  fri: 'Fridays',
  sat: 'Saturdays',
};

/** "8:30am and 5:30pm", spans joined by "or". */
export function spansText(spans: readonly OpenSpan[]): string {
  return spans.map((s) => `${clockTime(s.opens)} and ${clockTime(s.closes)}`).join(' or ');
}

const checked = (v: unknown) => v === true || v === 'true' || v === 'on';

/** The schema of one field. */
export function fieldSchema(field: FieldDef): yup.Schema {
  let s: yup.Schema = yup.mixed();
  if (field.type === 'hidden') return s;
  const test = (name: string, message: string, ok: (v: unknown) => boolean) => {
    s = s.test(name, message, (v) => isEmpty(v) || ok(v));
  };
  if (field.required) {
    const message = requiredMessage(field);
    s = field.type === 'check' ? s.test('required', message, checked) : s.test('required', message, (v) => !isEmpty(v));
  }
  switch (field.type) {
    case 'email':
      test('email', messages.emailFormat, (v) => validEmail(String(v)));
      break;
    case 'phone': {
      const country = field.phoneCountry ?? 'AU';
      const mobile = asksForMobile(field.label);
      test(
        'phone',
        mobile ? messages.phoneMobile(country) : messages.phoneFormat,
        (v) => !phoneProblem(String(v), { country, mobile }),
      );
      break;
    }
    case 'rego':
      test('rego', messages.regoFormat, (v) => validRego(String(v)));
      break;
    case 'year': {
      const min = field.min ?? MIN_YEAR;
      s = s.test(
        'year',
        () => messages.yearRange(min, field.max ?? new Date().getFullYear() + 1),
        (v) => {
          if (isEmpty(v)) return true;
          const max = field.max ?? new Date().getFullYear() + 1;
          const text = String(v).trim();
          return /^\d{4}$/.test(text) && Number(text) >= min && Number(text) <= max;
        },
      );
      break;
    }
    case 'currency': {
      test('amount', messages.amountFormat, (v) => !Number.isNaN(parseAmount(v)));
      const { min = 0, max = Infinity } = field;
      if (field.min !== undefined || field.max !== undefined) {
        test('amountRange', messages.amountRange(min, max), (v) => {
          const n = parseAmount(v);
          return Number.isNaN(n) || (n >= min && n <= max);
        });
      }
      break;
    }
    case 'dateTime': {
      const rule = field.dateRule ?? (field.bookingType ? 'notPast' : undefined);
      const { booking, age } = field;
      /** Where the date is judged: the chosen location's zone, else the site's (else the runtime's). */
      const zoneOf = (parent: unknown) =>
        (booking && hoursOfChoice(booking, parent as Record<string, unknown>)?.timeZone) ||
        booking?.timeZone ||
        field.timeZone;
      test('date', messages.dateFormat, (v) => dayOf(v) !== undefined);
      test('time', messages.timeFormat, (v) => {
        const time = timeOf(v);
        return time === undefined || validClock(time);
      });
      if (rule === 'notPast') {
        s = s.test('notPast', messages.dateNotPast, function (v) {
          const day = dayOf(v);
          return isEmpty(v) || !day || day >= todayIn(zoneOf(this.parent));
        });
        s = s.test('timeNotPast', messages.timeNotPast, function (v) {
          const day = dayOf(v);
          const time = timeOf(v);
          if (isEmpty(v) || !day || !time) return true;
          const now = nowIn(zoneOf(this.parent));
          return day !== now.day || time > now.time;
        });
      }
      if (rule === 'past') test('past', messages.datePast, (v) => (dayOf(v) ?? '0000') < todayIn(field.timeZone));
      if (age) {
        s = s.test('age', messages.ageMin(age.min, age.purpose), function (v) {
          const day = dayOf(v);
          if (isEmpty(v) || !day) return true;
          const years = ageOn(day, todayIn(field.timeZone));
          if (years < 0) return true; // a date still to come: the 'past' rule's to refuse
          if (years < age.min) return this.createError({ message: messages.ageMin(age.min, age.purpose) });
          if (years > age.max) return this.createError({ message: messages.ageMax(age.max) });
          return true;
        });
      }
      if (booking) {
        // The chosen location (yup's parent: the form's values) is open on the day and at the time.
        s = s.test('openHours', messages.dateFormat, function (v) {
          const day = dayOf(v);
          const hours = isEmpty(v) || !day ? undefined : hoursOfChoice(booking, this.parent as Record<string, unknown>);
          if (!hours || !day) return true;
          if (!isOpenDay(hours, day))
            return this.createError({ message: messages.closedDay(hours.name, WEEKDAYS[weekdayOf(day)]) });
          const time = timeOf(v);
          if (time && validClock(time) && !isOpenAt(hours, day, time)) {
            return this.createError({ message: messages.openTime(spansText(spansOn(hours, day))) });
          }
          return true;
        });
      }
      break;
    }
    case 'make':
      if (field.options?.length)
        test('listed', messages.chooseListed, (v) => field.options!.some((o) => o.value === String(v)));
      else test('length', messages.tooLong(MAX_LENGTH.text), (v) => String(v).length <= MAX_LENGTH.text);
      break;
    case 'text':
    case 'fullName':
      test('length', messages.tooLong(MAX_LENGTH.text), (v) => String(v).length <= MAX_LENGTH.text);
      break;
    case 'message':
      test('length', messages.tooLong(MAX_LENGTH.message), (v) => String(v).length <= MAX_LENGTH.message);
      break;
    case 'radio':
    case 'radioCard':
    case 'select':
    case 'leadCategorySelect':
    case 'locationSelect': {
      const values = (field.options ?? []).map((o) => o.value);
      const message = field.type === 'locationSelect' ? messages.location : messages.chooseListed;
      if (values.length) test('listed', message, (v) => values.includes(String(v)));
      break;
    }
  }
  return s;
}

function objectOf(fields: FieldDef[]): yup.AnyObjectSchema {
  const shape: Record<string, yup.Schema> = {};
  for (const f of fields) shape[f.name] = fieldSchema(f);
  return yup.object(shape) as yup.AnyObjectSchema;
}

/**
 * Schemas hold no values (the date rules read the clock when they run), so each form keeps the
 * ones it has built: by step, and by the list of steps a submission's path takes.
 */
const built = new WeakMap<FormDef, Map<string, yup.AnyObjectSchema>>();

function cached(def: FormDef, key: string, make: () => yup.AnyObjectSchema): yup.AnyObjectSchema {
  let forDef = built.get(def);
  if (!forDef) built.set(def, (forDef = new Map<string, yup.AnyObjectSchema>()));
  let schema = forDef.get(key);
  if (!schema) forDef.set(key, (schema = make()));
  return schema;
}

/** The schema of one step's fields. Throws for a step the form does not have. */
export function stepSchema(def: FormDef, stepKey: string): yup.AnyObjectSchema {
  const step = def.steps.find((s) => s.key === stepKey);
  if (!step) throw new Error(`form "${def.heading}" has no step "${stepKey}"`);
  return cached(def, `step:${stepKey}`, () => objectOf(step.fields));
}

/** The schema of a whole submission: every step on the visitor's path, skipped steps left out. */
export function formSchema(def: FormDef, values: Record<string, unknown>, opts: PathOptions = {}): yup.AnyObjectSchema {
  const steps = pathSteps(def, values, opts);
  return cached(def, `path:${steps.map((s) => s.key).join('\u0000')}`, () => objectOf(steps.flatMap((s) => s.fields)));
}

/**
 * The values as a lead keeps them: every phone field's number in E.164 ("+61412345678", see
 * phone.ts), read in the field's country. A value that is no valid number is left as it is (the
 * schema refuses it). Returns `values` itself when nothing changes.
 *
 * Used wherever lead values are built: the API on every save it accepts (validateValues in
 * src/features/leads/server/validate.ts), and the island's leadValues (src/forms/island/values.ts).
 */
export function normaliseLeadValues<V extends Record<string, unknown>>(def: FormDef, values: V): V {
  let out = values;
  for (const f of def.steps.flatMap((s) => s.fields)) {
    const v = values[f.name];
    if (f.type !== 'phone' || typeof v !== 'string') continue;
    const number = e164(v, f.phoneCountry);
    if (!number || number === v) continue;
    if (out === values) out = { ...values };
    (out as Record<string, unknown>)[f.name] = number;
  }
  return out;
}
