/**
 * The `financeCalculator` block's data (content format: `FinanceCalculatorData`; spec §2 Forms
 * "Finance calculator: sliders for amount, term and interest, with a frequency selector", §9).
 */
import { z, opt } from '../../zod.ts';
import { optionalCssColour } from '../../colour.ts';
import { defineBlock } from '../../block-definition.ts';

/** Spec §9: the repayment frequencies (Weekly 52, Fortnightly 26, Monthly 12, Yearly 1 per year). */
export const frequencies = ['Weekly', 'Fortnightly', 'Monthly', 'Yearly'] as const;

/** One slider of the calculator. */
const rangeSetting = z.object({
  /** The value the calculator starts on. */
  default: z.number(),
  /** The slider's lowest value. */
  min: z.number(),
  /** The slider's highest value (a typed amount above it is capped at it; spec §5). */
  max: z.number(),
  /** The slider's step; values snap to it. */
  step: z.number().positive(),
  /** false: no slider, the default shows as a fixed value (content format: "active false = fixed"). Absent: true. */
  active: opt(z.boolean()).default(true),
});

export const financeCalculatorData = z.object({
  /** The loan amount in dollars. */
  amount: rangeSetting,
  /** The loan term in years. */
  term: rangeSetting,
  /** The interest rate in percent per year. */
  interest: rangeSetting,
  /** The repayment frequency selector. */
  frequency: z.object({
    /** The frequency the calculator starts on; always offered. */
    default: z.enum(frequencies),
    /** The frequencies offered, in this order; unknown names and repeats are dropped. Absent or none usable: all four. */
    options: opt(z.array(z.string())),
    /** A CSS colour for the chosen frequency's text, kept when readable. Absent or blank: black or white, whichever contrasts. */
    textColor: optionalCssColour,
  }),
  /** The label over the repayment. Absent or blank: "Estimated repayments". */
  repaymentsText: opt(z.string()),
  /** Rich text under the calculator, sanitised at build time. Absent: none. */
  disclaimer: opt(z.string()),
  /** A CSS colour for the sliders and the chosen frequency. Absent or blank: the dealer's primary colour. */
  primaryColor: optionalCssColour,
  /** A CSS colour behind the repayment. Absent or blank: the soft grey surface. */
  secondaryColor: optionalCssColour,
});

export const definition = defineBlock({ type: 'financeCalculator', data: financeCalculatorData, island: true });
