/**
 * The last submitted form, kept for the thank-you page (sessionStorage key `dealer.submission`):
 * its category, the values sent and, for vehicle enquiries, a similar car chosen at build time.
 */
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
  submittedAt: string;
}

export const $submission = persistentAtom<Submission | undefined>(SUBMISSION_KEY, undefined, 'session');

export function keepSubmission(submission: Omit<Submission, 'submittedAt'>, now = new Date()): void {
  $submission.set({ ...submission, submittedAt: now.toISOString() });
}
