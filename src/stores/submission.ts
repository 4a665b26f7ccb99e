/**
 * The last submitted form, kept for the thank-you page (sessionStorage key `dealer.submission`):
 * its category, the values sent and, for vehicle enquiries, a similar car chosen at build time;
 * on a valuation thank-you, also the valuation the page got for it.
 */
import type { ValuationAnswer } from '../features/valuation/contract/valuation.ts';
import { persistentAtom } from './persistent.ts';

export const SUBMISSION_KEY = 'dealer.submission';

/** A car as the thank-you page shows it. */
export interface CarCard {
  name: string;
  href: string;
  make: string;
  model: string;
  year: number;
  km: number;
  price: number;
  /** The headline price as the car's page shows it ("$33,990", "Price on application"). */
  priceText?: string;
  photo?: string;
}

export interface Submission {
  category: string;
  subcategory?: string;
  values: Record<string, unknown>;
  /** A similar car for New/Used Vehicle Enquiry thank-yous. */
  similarCar?: CarCard;
  /** Stock cars to pick a similar car from (valuation and trade-in forms). */
  candidateCars?: CarCard[];
  /**
   * The valuation answer for this submission's vehicle (`request`: the request it answers, as
   * JSON), so a reload of the thank-you page shows the same figures without asking again.
   */
  valuation?: { request: string; answer: ValuationAnswer };
  submittedAt: string;
}

export const $submission = persistentAtom<Submission | undefined>(SUBMISSION_KEY, undefined, 'session');

export function keepSubmission(submission: Omit<Submission, 'submittedAt'>, now = new Date()): void {
  $submission.set({ ...submission, submittedAt: now.toISOString() });
}

/** Keeps a valuation answer with the kept submission; nothing without one. */
export function keepValuation(request: string, answer: ValuationAnswer): void {
  const kept = $submission.get();
  if (kept) $submission.set({ ...kept, valuation: { request, answer } });
}

/** The kept valuation answer for `request` (as JSON), if the page already got one. */
export function keptValuation(request: string): ValuationAnswer | undefined {
  const kept = $submission.get()?.valuation;
  return kept?.request === request ? kept.answer : undefined;
}
