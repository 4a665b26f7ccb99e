/** Form block data: the shape shared by `form` and `formBuilder` blocks. */
import { z, opt } from './zod.ts';

export const fieldTypes = [
  'text',
  'message',
  'fullName',
  'phone',
  'email',
  'locationSelect',
  'leadCategorySelect',
  'make',
  'year',
  'check',
  'rego',
  'radio',
  'radioCard',
  'dateTime',
  'hidden',
  'currency',
  'captcha',
] as const;
export type FieldType = (typeof fieldTypes)[number];

export const formTypes = [
  'contact',
  'serviceBooking',
  'serviceBookingFull',
  'simpleServiceBooking',
  'quickService',
  'finance',
  'tradeIn',
  'valuation',
  'testDrive',
  'parts',
  'orderNow',
] as const;
export type FormType = (typeof formTypes)[number];

/** A step's custom rule (spec §3 "Custom rules", §4 "Generic form"). */
export const customRule = z.discriminatedUnion('type', [
  z.object({
    /** Skip: jump forward to step `to` when the answer to field `key` matches `value` (forward jumps only). */
    type: z.literal('skip'),
    /** The name of the field whose answer is compared. */
    key: z.string(),
    /** The answer that triggers the jump. */
    value: z.string(),
    /** The key of the step jumped to. */
    to: z.string(),
  }),
  z.object({
    /** Skip authentication: jump ahead to step `to` when a logged-in user has a phone number (spec §6). */
    type: z.literal('skipAuthentication'),
    /** The key of the step jumped to. */
    to: z.string(),
  }),
  z.object({
    /** Hide a button of the step. */
    type: z.literal('hideButton'),
    /** `back`, `next` (next or submit) or `both`. A step with nothing a visitor picks to move on keeps Next visible. */
    button: z.enum(['back', 'next', 'both']),
  }),
]);
export type CustomRule = z.output<typeof customRule>;

/** A field of a form block (content format: `FormBlockData.fields`). */
export const formField = z.object({
  /** The field's name: the key of its value in the lead (spec §3 "Lead submission values"). */
  name: z.string().min(1),
  /** The field's kind (spec §3 "Field types"; `message` is a textarea). */
  type: z.enum(fieldTypes),
  /** The field's label. Absent: the type's usual label, else one made from the name. */
  label: opt(z.string()),
  /** Placeholder text in the input. Absent: none. */
  placeholder: opt(z.string()),
  /**
   * The choices of a radio, radioCard or select-like field: a string is both label and value.
   * Absent: a locationSelect lists the dealer's locations, a leadCategorySelect the lead
   * categories, a make is free text.
   */
  options: opt(z.array(z.union([z.string(), z.object({ label: z.string(), value: z.string() })]))),
  /** The visitor must answer it. Absent: false (optional). */
  required: opt(z.boolean()),
  /** The key of the step the field is on (a formBuilder form). Absent or unknown: the first step. */
  stepKey: opt(z.string()),
  /** The field's starting value (e.g. a hidden field's value). Absent: empty. */
  defaultValue: z.unknown().optional(),
  /**
   * On a dateTime field: what is booked ("Service", "Test Drive"); the label becomes 'Preferred
   * {type} Date' (spec §3 Field types), past dates are refused and times keep to the chosen
   * location's opening hours. Absent: a plain date and time.
   */
  bookingType: opt(z.string()),
});
export type FormField = z.output<typeof formField>;

/** A step of a form block (content format: `FormBlockData.formSteps`). */
export const formStep = z.object({
  /** The step's key, named by fields' `stepKey` and rules' `to`. */
  key: z.string().min(1),
  /** The step's heading. Absent: "Step n" on a multi-step form, none on a single-step one. */
  heading: opt(z.string()),
  /** Text under the step's heading. Absent: none. */
  description: opt(z.string()),
  /** The step is a registered custom step, named by `customStepKey`. Absent: false. */
  isCustom: opt(z.boolean()),
  /**
   * The registered custom step (src/content/custom-steps.ts) a custom step shows; an unknown key
   * fails the build. Ignored (with a warning) without `isCustom`. Absent: none.
   */
  customStepKey: opt(z.string()),
  /** The step's rules: skip, skip authentication, hide a button. Absent: none (`[]`). */
  customRules: opt(z.array(customRule)).default([]),
});
export type FormStep = z.output<typeof formStep>;

/** The data of a form block (content format: `FormBlockData`; spec §3 "Form block data"). */
export const formBlockData = z.object({
  /** `single`: one step; `multi`: the steps of `formSteps`, with a progress bar and back/next (spec §2 Forms). Absent: `single`. */
  type: opt(z.enum(['single', 'multi'])).default('single'),
  /** The lead's category; it also picks the thank-you page. Absent: "General Enquiry" (spec §3). */
  category: opt(z.string()).default('General Enquiry'),
  /** The lead's subcategory; it also picks the thank-you page. Absent: none. */
  subcategory: opt(z.string()),
  /** The form's heading. Absent: "Submit an Enquiry" (spec §3). */
  heading: opt(z.string()).default('Submit an Enquiry'),
  /** Rich text under the heading, sanitised at build time. Absent: none. */
  description: opt(z.string()),
  /** The steps of a multi-step form. Absent: none (`[]`): one step. */
  formSteps: opt(z.array(formStep)).default([]),
  /** The form's own fields. Absent: none (`[]`): a built-in form type brings its own. */
  fields: opt(z.array(formField)).default([]),
});

/** A `form` block's data: FormBlockData and the built-in form type. */
export const formData = formBlockData.extend({
  /** A built-in form (contact, serviceBooking, finance, tradeIn …; spec §2 Forms). Absent: the form is built from `formSteps` and `fields`. */
  formType: opt(z.enum(formTypes)),
});
export type FormBlockData = z.output<typeof formData>;
