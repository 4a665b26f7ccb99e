/**
 * What the ADF builder reads from a lead: which kind of request it is, and its values, each
 * marked once it has an element of its own so the customer comments carry only the rest.
 */
import { categorySlug } from '../../../../forms/events.ts';
import { trimmedOrNumber } from '../../../../lib/text.ts';
import type { LeadPayload } from './payload.ts';

/**
 * The request a lead makes. ADF 1.0 names five interests (buy, lease, sell, trade-in,
 * test-drive); service and parts requests have none of their own (see adf-vehicles.ts).
 */
export type LeadKind = 'enquiry' | 'finance' | 'test-drive' | 'trade-in' | 'sell' | 'service' | 'parts';

/** Form types (src/content/forms.ts) whose request is fixed by the form itself. */
const BY_FORM_TYPE: Record<string, LeadKind> = {
  serviceBooking: 'service',
  serviceBookingFull: 'service',
  simpleServiceBooking: 'service',
  quickService: 'service',
  parts: 'parts',
  tradeIn: 'trade-in',
  valuation: 'sell',
  testDrive: 'test-drive',
  finance: 'finance',
};

/** Categories (as slugs, src/forms/forms/events.ts) for forms that leave the request open. */
const BY_CATEGORY: Record<string, LeadKind> = {
  'service-booking': 'service',
  'parts-enquiry': 'parts',
  'trade-in-enquiry': 'trade-in',
  'valuation-enquiry': 'sell',
  'sell-my-car-enquiry': 'sell',
  'test-drive-booking': 'test-drive',
  'finance-enquiry': 'finance',
};

/** A formBuilder form may ask what the visitor wants in a value named `interest`. */
const BY_INTEREST: Record<string, LeadKind> = {
  service: 'service',
  parts: 'parts',
  sell: 'sell',
  'trade-in': 'trade-in',
  'test-drive': 'test-drive',
  finance: 'finance',
};

export function leadKind(lead: LeadPayload): LeadKind {
  const byForm = lead.form?.type ? BY_FORM_TYPE[lead.form.type] : undefined;
  if (byForm) return byForm;
  const byCategory = lead.category ? BY_CATEGORY[categorySlug(lead.category)] : undefined;
  if (byCategory) return byCategory;
  const interest = trimmedOrNumber(lead.values?.interest)?.toLowerCase();
  return (interest && BY_INTEREST[interest]) || 'enquiry';
}

/** Whether the visitor asks about the dealer's new cars, used cars, or did not say. */
export function wantedCondition(lead: LeadPayload): 'new' | 'used' | undefined {
  const text =
    `${lead.category ?? ''} ${lead.subcategory ?? ''} ${trimmedOrNumber(lead.values?.interest) ?? ''}`.toLowerCase();
  if (/\bused\b|pre-owned/.test(text)) return 'used';
  if (/\bnew\b/.test(text)) return 'new';
  return undefined;
}

/** "Yes", "yes", true: the visitor said yes. */
export function saidYes(v: unknown): boolean {
  return v === true || (typeof v === 'string' && /^(yes|y|true)$/i.test(v.trim()));
}

/** A lead's values, read by name; `take` marks what it returns as placed. */
export class LeadValues {
  private readonly placed = new Set<string>();

  constructor(readonly values: Record<string, unknown>) {}

  /** The first of `names` holding text or a number, without marking it. */
  peek(...names: string[]): { name: string; text: string } | undefined {
    for (const name of names) {
      if (!Object.hasOwn(this.values, name)) continue;
      const text = trimmedOrNumber(this.values[name]);
      if (text) return { name, text };
    }
    return undefined;
  }

  /** As peek, marking the value placed. */
  take(...names: string[]): string | undefined {
    const hit = this.peek(...names);
    if (hit) this.placed.add(hit.name);
    return hit?.text;
  }

  /** Marks values placed without reading them (their content is shown elsewhere). */
  place(...names: string[]): void {
    for (const name of names) this.placed.add(name);
  }

  isPlaced(name: string): boolean {
    return this.placed.has(name);
  }
}
