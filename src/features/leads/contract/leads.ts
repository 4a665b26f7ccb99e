/**
 * POST /api/leads: the body a form island sends with every save (partial or final). The values
 * themselves are checked again by the form's own yup schema on the server (src/forms/schema.ts);
 * this schema fixes the envelope and the kinds of value a form can produce.
 */
import { z } from 'astro/zod';
import { idText, plainText, siteSlug } from '../../../contract/parse.ts';

/** A lead's id: the UUID the first save of a form session answered with. */
export const LEAD_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const KEY = /^[\w.:-]{8,200}$/;

/** Most values one save may hold. */
export const MAX_LEAD_FIELDS = 300;
/** Longest text of one value (a message field allows 4,000; the rest far less). */
export const MAX_VALUE_TEXT = 10_000;
/** Longest list of one value (a group of checkboxes). */
export const MAX_VALUE_LIST = 50;

const VALUE_KIND = '{field} must be text, a number, true or false, or a list of text.';

/** What a form field can hold: text, a number, a checkbox's true or false, or a list of choices. */
export const leadValue = z.union(
  [
    z.string().max(MAX_VALUE_TEXT),
    z.number().finite(),
    z.boolean(),
    z.null(),
    z.array(z.string().max(MAX_VALUE_TEXT)).max(MAX_VALUE_LIST),
  ],
  { error: VALUE_KIND },
);

export type LeadValue = z.output<typeof leadValue>;

export const leadSaveRequest = z.object({
  /** The dealer's site slug; optional when the Host header names the site. */
  site: siteSlug.optional(),
  /** One per form session (a UUID made by the island), sent with every save. */
  idempotencyKey: z
    .string({
      error: (issue) =>
        issue.input === undefined || issue.input === null || issue.input === ''
          ? 'idempotencyKey is required: one random id per form session, sent with every save.'
          : 'idempotencyKey must be a string of 8 to 200 letters, digits, "-", "_", "." or ":".',
    })
    .regex(KEY, {
      error: 'idempotencyKey must be a string of 8 to 200 letters, digits, "-", "_", "." or ":".',
    }),
  /** The id returned by an earlier save of this session, when there was one. */
  lead_id: z
    .union(
      [
        z.literal(''),
        z.null(),
        z
          .string()
          .regex(LEAD_ID)
          .transform((s) => s.toLowerCase()),
      ],
      {
        error: 'lead_id must be the id returned by an earlier save.',
      },
    )
    .optional()
    .transform((v) => v || undefined),
  /** True on the final submit; false for a partial save after a step. */
  isLastStep: z.boolean({ error: 'isLastStep must be true or false.' }),
  /** Which form: the page and the form block on it, so the server validates with the same schema. */
  form: z.object(
    {
      pageId: idText('form.pageId must be a non-empty string.'),
      blockId: idText('form.blockId must be a non-empty string.'),
      /** The step just completed (its key). */
      step: idText('form.step must be a non-empty string.'),
    },
    { error: 'form must be an object with pageId, blockId and step.' },
  ),
  /** Every value of the form so far, by field name (lead values of spec §3 and step fields). */
  values: z
    .record(plainText(200, '{field}: a field name is at most 200 characters of text.'), leadValue, {
      error: 'values must be an object of field values.',
    })
    .refine((v) => Object.keys(v).length <= MAX_LEAD_FIELDS, {
      error: `values holds more than ${MAX_LEAD_FIELDS} fields.`,
    }),
  /** utm_* and similar values captured from the landing URL. */
  tracking: z
    .record(
      plainText(100, '{field}: a tracking name is at most 100 characters of text.'),
      plainText(500, '{field} must be a string of at most 500 characters.'),
      { error: 'tracking must be an object of strings.' },
    )
    .nullish()
    .transform((v) => v ?? {}),
});

/** What the island sends. */
export type LeadSaveRequest = z.input<typeof leadSaveRequest>;
/** What the route reads, once parsed. */
export type LeadSaveBody = z.output<typeof leadSaveRequest>;

/** Where a lead stands: saved part-way through its form, or with its last step sent. */
export type LeadStatus = 'Partial' | 'Complete';

/** 200/201 of POST /api/leads. */
export interface LeadSaveResponse {
  lead_id: string;
  lead_status: LeadStatus;
}
