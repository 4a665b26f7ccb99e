/**
 * The online deal's wire shapes (docs/online-deal.md): what the deal page sends and what it reads
 * back. The API parses requests with these schemas; the shopper's own words (names, email,
 * phone, consent) and the handover day are checked by the server's rules, which answer each
 * problem by its field's path ("contact.phone", "handover.date").
 */
import { z } from 'astro/zod';
import type { DealStep, HandoverKind } from '../rules/deal.ts';

const text = (max: number) => z.string({ error: '{field} must be text.' }).trim().max(max);
const whole = (label: string, min: number, max: number) =>
  z
    .union(
      [
        z.number(),
        z
          .string()
          .trim()
          .regex(/^\d+$/, { error: `${label} must be a whole number.` }),
      ],
      {
        error: `${label} must be a whole number.`,
      },
    )
    .transform(Number)
    .refine((n) => Number.isInteger(n) && n >= min && n <= max, {
      error: `${label} must be a whole number from ${min.toLocaleString('en-AU')} to ${max.toLocaleString('en-AU')}.`,
    });

/** POST /api/deals: a new deal for one listed car. */
export const dealStart = z.object({
  site: z.string().max(100).optional(),
  car_id: z.union([z.string().trim().min(1).max(128), z.number().finite().transform(String)], {
    error: 'car_id must name the car of the deal.',
  }),
});

/** The shopper's own car. Find my car (src/features/rego-lookup/) fills these in where it is offered. */
export const dealTradeIn = z.object({
  rego: text(9).optional(),
  state: text(3).optional(),
  make: text(50).min(1, { error: 'Enter the make of your car, such as Toyota.' }),
  model: text(80).min(1, { error: 'Enter the model of your car, such as Corolla.' }),
  variant: text(80).optional(),
  year: whole('The year', 1950, new Date().getUTCFullYear() + 1),
  km: whole('The kilometres', 0, 1_500_000),
  condition: z.enum(['excellent', 'good', 'fair', 'poor'], { error: 'Choose the condition of your car.' }).optional(),
});

export const dealFinance = z.object({
  /** Dollars the shopper puts towards the car besides any trade-in. */
  deposit: whole('The deposit', 0, 10_000_000),
  /** Years. */
  term: whole('The term', 1, 7),
  frequency: z.enum(['Weekly', 'Fortnightly', 'Monthly'], { error: 'Choose weekly, fortnightly or monthly.' }),
});

export const dealHandover = z.object({
  kind: z.enum(['collection', 'delivery'], { error: 'Choose collection or delivery.' }),
  location_id: text(64).optional(),
  address: text(200).optional(),
  postcode: text(4).optional(),
  date: text(10),
});

export const dealContact = z.object({
  first_name: z.unknown(),
  last_name: z.unknown(),
  email: z.unknown(),
  phone: z.unknown(),
  privacy_consent: z.unknown(),
  message: text(4000).optional(),
});

/**
 * PUT /api/deals/{id}: the parts to save (each optional; `null` takes a part out of the deal), and
 * `submit: true` to send the deal to the dealer (contact details then required).
 */
export const dealUpdate = z.object({
  site: z.string().max(100).optional(),
  token: z.string().min(20).max(100),
  trade_in: dealTradeIn.nullable().optional(),
  finance: dealFinance.nullable().optional(),
  handover: dealHandover.nullable().optional(),
  contact: dealContact.optional(),
  submit: z.boolean().optional(),
});

/** POST /api/deals/{id}/cancel, …/deposit: the deal's token. */
export const dealAction = z.object({ site: z.string().max(100).optional(), token: z.string().min(20).max(100) });

/** POST /api/deals/deposit: the deal's token and the shopper's acceptance of the deposit terms. */
export const dealDeposit = dealAction.extend({ accept_terms: z.unknown() });

/** 200 of POST /api/deals/deposit: the reservation checkout of the deal's deposit. */
export interface DealDepositStarted {
  reservation_id: string;
  reservation_key: string;
  checkout_url: string;
}

export type DealUpdate = z.output<typeof dealUpdate>;
export type DealTradeInInput = z.output<typeof dealTradeIn>;
export type DealFinanceInput = z.output<typeof dealFinance>;
export type DealHandoverInput = z.output<typeof dealHandover>;

export type DealStatus = 'draft' | 'submitted' | 'cancelled' | 'completed';

export interface DealOfferView {
  amount: number;
  currency: string;
  validUntil: string;
  terms: string;
  range: { low: number; high: number };
}

/** What the hand-off gave for the deal's finance, as the deal keeps it. */
export type FinanceQuote = {
  /** The provider's name as the route names it (`send-to-{provider}`). */
  provider: string;
  /** Digest of the values applied: the same inputs are never applied twice. */
  inputs: string;
  /** When the provider was asked (ISO). */
  at: string;
} & (
  | {
      status: 'quoted';
      customerKey?: string;
      /** Where the shopper continues: the quote page, or the mobile verification page first. */
      quoteUrl?: string;
      mobileVerification?: 'verified' | 'unverified';
      dealershipId?: string;
    }
  /** The provider declined the application (its message is for the shopper). */
  | { status: 'declined'; message: string }
  /** The provider wants details the deal does not ask: the dealer completes the application. */
  | { status: 'incomplete'; message: string }
  /** The provider failed or did not answer (`reason`, for the dealer): the dealer arranges the quote. */
  | { status: 'unavailable'; message: string; reason: string }
);

/** The finance hand-off's outcome for the deal as the page sees it (server/finance-quote.ts). */
export type DealQuoteView = {
  provider: string;
  /** The provider as the shopper reads it: "Taurus", or "our finance partner". */
  providerName: string;
  at: string;
} & (
  | {
      status: 'quoted';
      customerKey?: string;
      quoteUrl?: string;
      mobileVerification?: 'verified' | 'unverified';
      dealershipId?: string;
    }
  | { status: 'declined' | 'incomplete'; message: string }
  | { status: 'unavailable'; message: string; reason: string }
);

/** What the deal page shows: the car, the steps offered, the parts saved, the totals, the state. */
export interface DealView {
  id: string;
  status: DealStatus;
  /** A completed deal's way there: its deposit paid, or the dealer marking it done. */
  completedBy?: 'deposit' | 'dealer';
  car: {
    id: string;
    title: string;
    path: string;
    photo?: string;
    price?: number;
    priceText: string;
    priceNote?: string;
  };
  currency: string;
  /** Find my car in the trade-in step: the plate's states where plates are issued by state (AU), and the dealer's. */
  plate: { states?: string[]; state?: string };
  steps: DealStep[];
  handoverKinds: HandoverKind[];
  locations: { id: string; name: string; address?: string; openDays?: string[] }[];
  /** The earliest handover day (YYYY-MM-DD), for the date picker's minimum. */
  earliestHandover: string;
  /** The reservation deposit: its amount, and the dealer's terms as sanitised HTML (or the default terms as text). */
  deposit?: { amount: number; text: string; termsHtml?: string; terms?: string };
  tradeIn?: DealTradeInInput & { offer?: DealOfferView; estimate?: { low: number; high: number }; note?: string };
  finance?: DealFinanceInput & {
    amount: number;
    rate: number;
    payment: number;
    per: string;
    total: number;
    quote?: DealQuoteView;
  };
  handover?: DealHandoverInput & { locationName?: string };
  contact?: { first_name: string; last_name: string; email: string; phone: string };
  totals: { price?: number; tradeIn: number; deposit: number; financeDeposit: number; balance?: number };
  reservationId?: string;
  submittedAt?: string;
}

/** 201 of POST /api/deals: the deal, and its token (the shopper's link holds it; it is kept nowhere else). */
export interface DealStarted {
  token: string;
  deal: DealView;
}
