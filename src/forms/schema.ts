/**
 * The yup schemas of a FormDef, shared by the Formik island and the API's lead route. Values are
 * validated as typed (no casting): text fields hold strings, checkboxes booleans, amounts and
 * years strings or numbers. An empty string counts as no answer, as Formik sends it.
 */
import * as yup from 'yup';
import type { FieldDef, FormDef } from './definition.ts';
import { MIN_YEAR } from './fields.ts';
import { messages, requiredMessage } from './messages.ts';
import { pathSteps, type PathOptions } from './rules.ts';

export const MAX_LENGTH = { text: 200, message: 4000 } as const;

export const isEmpty = (v: unknown): boolean =>
  v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);

/** Digits, spaces, brackets, dashes and a leading +; 8 to 15 digits (AU and NZ numbers, with or without +61/+64). */
export function validPhone(v: string): boolean {
  if (!/^\+?[\d\s()-]+$/.test(v.trim())) return false;
  const digits = v.replace(/\D/g, '').length;
  return digits >= 8 && digits <= 15;
}

export function validEmail(v: string): boolean {
  return v.length <= 254 && /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/.test(v.trim());
}

/** A plate: 1 to 9 letters and digits, spaces and dashes aside. */
export function validRego(v: string): boolean {
  return /^[A-Za-z0-9]{1,9}$/.test(v.replace(/[\s-]/g, ''));
}

/** "$25,000" or 25000 → 25000; anything else → NaN. */
export function parseAmount(v: unknown): number {
  if (typeof v === 'number') return Number.isFinite(v) && v >= 0 ? v : NaN;
  const s = String(v).replace(/[$,\s]/g, '');
  return /^\d+(\.\d{1,2})?$/.test(s) ? Number(s) : NaN;
}

/** "2025-07-01", "2025-07-01T09:30" → "2025-07-01" when it is a real calendar day; else undefined. */
export function dayOf(v: unknown): string | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/.exec(String(v).trim());
  if (!m) return undefined;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (y < 1900 || y > 2200 || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return undefined;
  return `${m[1]}-${m[2]}-${m[3]}`;
}

/**
 * Today in the runtime's time zone. AU and NZ are ahead of UTC, so a server on UTC never rejects a
 * day the visitor's browser accepted as today.
 */
export function today(now = new Date()): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${p(now.getMonth() + 1)}-${p(now.getDate())}`;
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
    s = field.type === 'check'
      ? s.test('required', message, checked)
      : s.test('required', message, (v) => !isEmpty(v));
  }
  switch (field.type) {
    case 'email': test('email', messages.emailFormat, (v) => validEmail(String(v))); break;
    case 'phone': test('phone', messages.phoneFormat, (v) => validPhone(String(v))); break;
    case 'rego': test('rego', messages.regoFormat, (v) => validRego(String(v))); break;
    case 'year': {
      const min = field.min ?? MIN_YEAR;
      s = s.test('year', () => messages.yearRange(min, field.max ?? new Date().getFullYear() + 1), (v) => {
        if (isEmpty(v)) return true;
        const max = field.max ?? new Date().getFullYear() + 1;
        const text = String(v).trim();
        return /^\d{4}$/.test(text) && Number(text) >= min && Number(text) <= max;
      });
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
      test('date', messages.dateFormat, (v) => dayOf(v) !== undefined);
      if (rule === 'notPast') test('notPast', messages.dateNotPast, (v) => (dayOf(v) ?? '9999') >= today());
      if (rule === 'past') test('past', messages.datePast, (v) => (dayOf(v) ?? '0000') < today());
      break;
    }
    case 'make':
      if (field.options?.length) test('listed', messages.chooseListed, (v) => field.options!.some((o) => o.value === String(v)));
      else test('length', messages.tooLong(MAX_LENGTH.text), (v) => String(v).length <= MAX_LENGTH.text);
      break;
    case 'text': case 'fullName':
      test('length', messages.tooLong(MAX_LENGTH.text), (v) => String(v).length <= MAX_LENGTH.text); break;
    case 'message':
      test('length', messages.tooLong(MAX_LENGTH.message), (v) => String(v).length <= MAX_LENGTH.message); break;
    case 'radio': case 'radioCard': case 'select': case 'leadCategorySelect': case 'locationSelect': {
      const values = (field.options ?? []).map((o) => o.value);
      const message = field.type === 'locationSelect' ? messages.location : messages.chooseListed;
      if (values.length) test('listed', message, (v) => values.includes(String(v)));
      break;
    }
  }
  return s;
}

function objectOf(fields: FieldDef[]): yup.ObjectSchema<any> {
  const shape: Record<string, yup.Schema> = {};
  for (const f of fields) shape[f.name] = fieldSchema(f);
  return yup.object(shape) as yup.ObjectSchema<any>;
}

/**
 * Schemas hold no values (the date rules read the clock when they run), so each form keeps the
 * ones it has built: by step, and by the list of steps a submission's path takes.
 */
const built = new WeakMap<FormDef, Map<string, yup.ObjectSchema<any>>>();

function cached(def: FormDef, key: string, make: () => yup.ObjectSchema<any>): yup.ObjectSchema<any> {
  let forDef = built.get(def);
  if (!forDef) built.set(def, (forDef = new Map()));
  let schema = forDef.get(key);
  if (!schema) forDef.set(key, (schema = make()));
  return schema;
}

/** The schema of one step's fields. Throws for a step the form does not have. */
export function stepSchema(def: FormDef, stepKey: string): yup.ObjectSchema<any> {
  const step = def.steps.find((s) => s.key === stepKey);
  if (!step) throw new Error(`form "${def.heading}" has no step "${stepKey}"`);
  return cached(def, `step:${stepKey}`, () => objectOf(step.fields));
}

/** The schema of a whole submission: every step on the visitor's path, skipped steps left out. */
export function formSchema(def: FormDef, values: Record<string, unknown>, opts: PathOptions = {}): yup.ObjectSchema<any> {
  const steps = pathSteps(def, values, opts);
  return cached(def, `path:${steps.map((s) => s.key).join('\u0000')}`, () => objectOf(steps.flatMap((s) => s.fields)));
}
