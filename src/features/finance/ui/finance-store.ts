/**
 * Finance details saved by the finance calculator (spec §4: kept for 14 days, with a message) and
 * read by the finance form to prefill the budget. localStorage key `dealer.financeDetails`.
 */
import { persistentAtom } from '../../../stores/persistent.ts';

export const FINANCE_DETAILS_KEY = 'dealer.financeDetails';
/** Spec §4: finance details are saved for 14 days. */
export const FINANCE_DETAILS_DAYS = 14;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface FinanceDetails {
  /** Amount to borrow, dollars. */
  amount: number;
  /** Term in years. */
  term: number;
  /** Interest rate, percent a year. */
  interest: number;
  frequency: string;
  /** Repayment per period, dollars, as the calculator showed it. */
  repayment?: number;
  /** When they were saved (ISO date-time). */
  savedAt: string;
}

export const $financeDetails = persistentAtom<FinanceDetails | undefined>(FINANCE_DETAILS_KEY, undefined, 'local');

/** Whether details saved at `savedAt` are still kept at `now` (less than 14 days old). */
export function financeDetailsFresh(details: Pick<FinanceDetails, 'savedAt'>, now: Date): boolean {
  const saved = Date.parse(details.savedAt);
  if (Number.isNaN(saved)) return false;
  const age = now.getTime() - saved;
  return age >= 0 && age < FINANCE_DETAILS_DAYS * DAY_MS;
}

export function saveFinanceDetails(details: Omit<FinanceDetails, 'savedAt'>, now = new Date()): FinanceDetails {
  const saved = { ...details, savedAt: now.toISOString() };
  $financeDetails.set(saved);
  return saved;
}

/** The saved details while they are fresh; expired details are removed. */
export function currentFinanceDetails(now = new Date()): FinanceDetails | undefined {
  const details = $financeDetails.get();
  if (!details) return undefined;
  if (financeDetailsFresh(details, now)) return details;
  $financeDetails.set(undefined);
  return undefined;
}
