/**
 * The shapes of a resolved form: its steps and fields as the island renders them and the API
 * validates them. Every form type (forms/), the fields, the rules and the custom steps build on
 * these; resolveForm (definition.ts) assembles them for a block.
 */
import type { CustomRule, FieldType, FormType } from '../content/forms.ts';
import type { Site } from '../content/site.ts';
import type { Location, Model } from '../content/entities.ts';
import type { BookingRule } from '../domain/booking-hours.ts';

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
  /** The dealer's site slug, for a custom step that asks the API (regoLookup); absent, the page's host names it. */
  apiSite?: string;
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
