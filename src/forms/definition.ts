/**
 * A form block resolved for one page of one dealer: its steps and fields with every site option
 * applied. The island renders a FormDef, and the API validates saves against the same FormDef
 * (through src/forms/schema.ts), so both sides agree on what a step asks for.
 */
import type { CustomRule, FieldType, FormBlockData, FormType } from '../content/forms.ts';
import type { Site } from '../content/site.ts';
import type { Location, Model } from '../content/entities.ts';
import { layoutFlags } from '../site/cutoffs.ts';
import type { BookingRule } from '../domain/booking-hours.ts';
import { formBuilders } from './forms/index.ts';
import { builderForm } from './forms/builder.ts';
import { analyticsEventFor } from './forms/events.ts';
import { FINANCE_CATEGORY } from './forms/finance.ts';
import { optInField, termsField, toFieldDef } from './fields.ts';

export interface FieldDef {
  /** The value's key in the form values and in the saved lead. */
  name: string;
  type: FieldType | 'select';
  label: string;
  /** Hidden fields are never required, whatever the content says. */
  required: boolean;
  placeholder?: string;
  options?: { label: string; value: string }[];
  defaultValue?: unknown;
  help?: string;
  bookingType?: string;
  autoComplete?: string;
  inputMode?: string;
  /** Bounds of a currency amount or a year. */
  min?: number;
  max?: number;
  /** dateTime only: 'notPast' for bookings (the default when bookingType is set), 'past' for a birth date. */
  dateRule?: 'notPast' | 'past';
  /**
   * dateTime only: the IANA zone whose calendar day is "today" for the date rules (the site's, see
   * timeZoneFor in src/domain/booking-hours.ts), so the island and the API agree whatever zone each
   * runs in. A booking at a location with machine-readable hours uses that location's zone.
   */
  timeZone?: string;
  /** dateTime only (a date of birth): the age in whole years the date must give today, inclusive. */
  age?: { min: number; max: number; purpose: string };
  /** phone only: the country a number without +61 or +64 is read in (the site's). */
  phoneCountry?: 'AU' | 'NZ';
  /**
   * dateTime bookings: the opening hours the chosen day and time must fall in (content format 1.1
   * `hours`, see BookingRule in src/domain/booking-hours.ts), keyed by the value of `locationField`
   * when the form has a location choice, else by location id. A location missing from `hours`
   * (no machine-readable hours) puts no limit on the booking beyond "not in the past".
   */
  booking?: BookingRule;
}

export interface StepDef {
  key: string;
  heading: string;
  description?: string;
  fields: FieldDef[];
  rules: CustomRule[];
  /** no partial save after this step */
  skipSave?: boolean;
  /** A custom step component registered under this key renders the step (formBuilder `customStepKey`). */
  customStepKey?: string;
  /**
   * Fields the step cannot be left without; when one is empty the step shows `message` as its
   * step error (besides the fields' own messages). See `stepError` in rules.ts.
   */
  completion?: { fields: string[]; message: string };
  /** Analytics event fired once, after the step's first successful save. */
  analyticsEvent?: number;
}

export interface FormDef {
  formType: FormType | 'builder';
  kind: 'single' | 'multi';
  category: string;
  subcategory?: string;
  heading: string;
  description?: string;
  steps: StepDef[];
  /** where the last step goes: the lead route, or the finance provider route */
  submit: 'lead' | 'finance';
  progress: 'bar' | 'compact';
  /** Analytics event fired on final submit. */
  analyticsEvent?: number;
}

export interface FormContext {
  site: Site;
  locations: Location[];
  models: Model[];
  pagePath: string;
  publishedAt: string;
}

/** What a form type contributes; resolveForm adds the shared parts (terms, opt-in, progress). */
export interface FormBase {
  steps: StepDef[];
  /** Used when the block keeps the schema's default heading. */
  heading?: string;
  /** Used when the block keeps the schema's default category. */
  category?: string;
  submit?: 'lead' | 'finance';
  analyticsEvent?: number;
}

export const DEFAULT_CATEGORY = 'General Enquiry';
export const DEFAULT_HEADING = 'Submit an Enquiry';
/** Pages whose path holds finance or finance-enquiry (spec §2). */
export const FINANCE_PATH = /finance/i;

/** Forms with more steps than this show compact progress where the site asks for it. */
export const LONG_FORM_STEPS = 10;

/**
 * The FormDef of a `form` block (by its formType) or a `formBuilder` block (from its steps and
 * fields). A `form` block with neither a formType nor fields is a contact form.
 *
 * A form type's own steps stand whatever the block's `type` says (a finance form always has two).
 * Block fields are merged into them: a field named like a built-in one replaces it (keeping the
 * built-in's label and required where the block does not give them), in place, or on the step its
 * stepKey names when that is another step; a built-in step all of whose fields moved away is left
 * out (so a service booking can have the spec's three steps, Rego, Vehicle Details and Service
 * Date, with the contact fields on the last). Other fields join the step named by their stepKey
 * (else the last step). Block formSteps with a
 * built-in step's key override its heading and description and add their custom rules.
 */
export function resolveForm(block: FormBlockData, ctx: FormContext): FormDef {
  // Tolerates data that skipped the schema's defaults (hand-built blocks in code and tests).
  const data: FormBlockData = {
    ...block,
    category: block.category ?? DEFAULT_CATEGORY,
    heading: block.heading ?? DEFAULT_HEADING,
    fields: block.fields ?? [],
    formSteps: (block.formSteps ?? []).map((s) => ({ ...s, customRules: s.customRules ?? [] })),
  };
  const formType = data.formType ?? (data.fields.length ? 'builder' : 'contact');
  const base =
    formType === 'builder' ? builderForm(data, ctx) : mergeBlock(formBuilders[formType](ctx, data), data, ctx);
  const steps = base.steps.map((s) => ({ ...s, fields: [...s.fields], rules: [...s.rules] }));

  const last = steps[steps.length - 1];
  if (last) {
    if (ctx.site.options.forms.termsRequired) last.fields.push(termsField());
    if (layoutFlags(ctx.publishedAt).formOptIn) last.fields.push(optInField());
  }

  // A form that keeps the default category takes its form type's, else the page's: an enquiry on
  // a finance page (spec §2: paths containing finance or finance-enquiry) is a finance enquiry.
  const pageCategory = FINANCE_PATH.test(ctx.pagePath) ? FINANCE_CATEGORY : undefined;
  const category =
    data.category === DEFAULT_CATEGORY
      ? (base.category ?? pageCategory ?? DEFAULT_CATEGORY)
      : data.category || DEFAULT_CATEGORY;
  const heading = data.heading === DEFAULT_HEADING && base.heading ? base.heading : data.heading || DEFAULT_HEADING;
  const compact = ctx.site.options.forms.longFormCompactProgress && steps.length > LONG_FORM_STEPS;
  return {
    formType,
    kind: steps.length > 1 ? 'multi' : 'single',
    category,
    ...(data.subcategory ? { subcategory: data.subcategory } : {}),
    heading,
    ...(data.description ? { description: data.description } : {}),
    steps,
    submit: base.submit ?? 'lead',
    progress: compact ? 'compact' : 'bar',
    analyticsEvent: base.analyticsEvent ?? analyticsEventFor(category),
  };
}

function mergeBlock(base: FormBase, data: FormBlockData, ctx: FormContext): FormBase {
  if (!data.fields.length && !data.formSteps.length) return base;
  const steps = base.steps.map((s) => ({ ...s, fields: [...s.fields], rules: [...s.rules] }));
  for (const extra of data.formSteps) {
    const step = steps.find((s) => s.key === extra.key);
    if (!step) continue;
    if (extra.heading) step.heading = extra.heading;
    if (extra.description) step.description = extra.description;
    step.rules.push(...extra.customRules);
  }
  const emptied = new Set<StepDef>();
  for (const field of data.fields) {
    const holder = steps.find((s) => s.fields.some((f) => f.name === field.name));
    const builtIn = holder?.fields.find((f) => f.name === field.name);
    // What the block does not say about a built-in field stays as the form type has it.
    const def = toFieldDef(
      builtIn ? { ...field, required: field.required ?? builtIn.required, label: field.label ?? builtIn.label } : field,
      ctx,
    );
    const named = field.stepKey ? steps.find((s) => s.key === field.stepKey) : undefined;
    if (holder && (!named || named === holder)) {
      holder.fields = holder.fields.map((f) => (f.name === def.name ? def : f));
      continue;
    }
    if (holder) {
      // Moved to the step its stepKey names, e.g. the contact fields onto the last step.
      holder.fields = holder.fields.filter((f) => f.name !== def.name);
      if (!holder.fields.length) emptied.add(holder);
    }
    const target = named ?? steps[steps.length - 1];
    target?.fields.push(def);
  }
  // A built-in step whose every field moved elsewhere is left out.
  return { ...base, steps: steps.filter((s) => !emptied.has(s) || s.fields.length > 0) };
}

export { pathSteps } from './rules.ts';
