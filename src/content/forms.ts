/** Form block data: the shape shared by `form` and `formBuilder` blocks. */
import { z, opt } from './zod.ts';

export const fieldTypes = [
  'text', 'message', 'fullName', 'phone', 'email', 'locationSelect', 'leadCategorySelect', 'make',
  'year', 'check', 'rego', 'radio', 'radioCard', 'dateTime', 'hidden', 'currency', 'captcha',
] as const;
export type FieldType = (typeof fieldTypes)[number];

export const formTypes = [
  'contact', 'serviceBooking', 'serviceBookingFull', 'simpleServiceBooking', 'quickService',
  'finance', 'tradeIn', 'valuation', 'testDrive', 'parts', 'orderNow',
] as const;
export type FormType = (typeof formTypes)[number];

export const customRule = z.discriminatedUnion('type', [
  z.object({ type: z.literal('skip'), key: z.string(), value: z.string(), to: z.string() }),
  z.object({ type: z.literal('skipAuthentication'), to: z.string() }),
  z.object({ type: z.literal('hideButton'), button: z.enum(['back', 'next', 'both']) }),
]);
export type CustomRule = z.output<typeof customRule>;

export const formField = z.object({
  name: z.string().min(1),
  type: z.enum(fieldTypes),
  label: opt(z.string()),
  placeholder: opt(z.string()),
  options: opt(z.array(z.union([z.string(), z.object({ label: z.string(), value: z.string() })]))),
  required: opt(z.boolean()),
  stepKey: opt(z.string()),
  defaultValue: z.unknown().optional(),
  bookingType: opt(z.string()),
});
export type FormField = z.output<typeof formField>;

export const formStep = z.object({
  key: z.string().min(1),
  heading: opt(z.string()),
  description: opt(z.string()),
  isCustom: opt(z.boolean()),
  customStepKey: opt(z.string()),
  customRules: opt(z.array(customRule)).default([]),
});
export type FormStep = z.output<typeof formStep>;

export const formBlockData = z.object({
  type: opt(z.enum(['single', 'multi'])).default('single'),
  category: opt(z.string()).default('General Enquiry'),
  subcategory: opt(z.string()),
  heading: opt(z.string()).default('Submit an Enquiry'),
  description: opt(z.string()),
  formSteps: opt(z.array(formStep)).default([]),
  fields: opt(z.array(formField)).default([]),
});

export const formData = formBlockData.extend({ formType: opt(z.enum(formTypes)) });
export type FormBlockData = z.output<typeof formData>;
