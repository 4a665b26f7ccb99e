/**
 * The money of a lead's wanted car in ADF: a deposit paid online to reserve it (a reservation
 * lead), and an online deal's finance estimate and deposit. Read from the lead's values, each
 * placed so the customer comments do not repeat it.
 */
import type { LeadValues } from './adf-lead.ts';

export type Interest = 'buy' | 'lease' | 'sell' | 'trade-in' | 'test-drive';

/** One <vehicle>'s facts, as adf-vehicles.ts writes them. */
export interface VehicleFacts {
  interest?: Interest;
  status?: 'new' | 'used';
  ids: [source: string, value: string][];
  year?: string;
  make?: string;
  model?: string;
  vin?: string;
  stock?: string;
  trim?: string;
  bodystyle?: string;
  transmission?: string;
  odometer?: { value: string; units: 'km' | 'mi' };
  colour?: string;
  price?: { type: 'asking' | 'appraisal' | 'offer'; value: number };
  /** ADF's <pricecomments>: what the stock car's price includes, or that it is price on application. */
  priceComments?: string;
  financeBudget?: number;
  /** A deposit paid online to reserve the car (src/features/reservations/server/): amount in the site's currency. */
  deposit?: string;
  /** An online deal's finance estimate (src/features/online-deal/): the shopper's deposit, the amount financed and a monthly repayment. */
  dealFinance?: { downpayment: string; total: string; monthly?: string };
  comments: string[];
}

/**
 * A reserved car (a vehicle-reservation lead): the deposit is ADF's <finance> with a
 * "downpayment" <amount> (exact), the reservation and payment references are vehicle <id>s, and
 * the hold's end goes in the vehicle's comments with both references, for CRMs that show no ids.
 */
export function reservation(wanted: VehicleFacts, r: LeadValues): void {
  const id = r.take('reservation_id');
  const amount = r.take('deposit_amount');
  if (!id || !amount) return;
  const payment = r.take('payment_reference');
  const currency = r.take('deposit_currency') ?? '';
  const until = r.take('hold_until_local') ?? r.take('hold_until');
  r.place('hold_until');
  const state = r.take('reservation_status');
  const refund = r.take('refund_reference');
  const why = r.take('refund_reason');
  wanted.ids.push(['reservation', id], ...(payment ? [['payment', payment] as [string, string]] : []));
  if (state === 'refunded') {
    // The deposit went back: no down payment stands, and the comments say why.
    wanted.comments.push(
      `Tried to reserve online: a deposit of ${amount} ${currency} was paid` +
        `${payment ? ` (payment reference ${payment})` : ''} and refunded${refund ? ` (refund ${refund})` : ''}` +
        `${why ? ` because ${why}` : ''}.`,
    );
    return;
  }
  wanted.deposit = amount;
  wanted.comments.push(
    `Reserved online with a deposit of ${amount} ${currency} paid` +
      `${payment ? ` (payment reference ${payment})` : ''}${until ? `; held until ${until}` : ''}.`,
  );
}

/**
 * An online deal's car (src/features/online-deal/server/lead.ts): its finance estimate is ADF's
 * <finance> (the shopper's deposit as "downpayment", the amount financed as "total", a monthly
 * repayment as "monthly"), with the repayment as the shopper saw it in the vehicle's comments, and
 * the reservation deposit the deal goes on to pay online.
 */
export function onlineDeal(wanted: VehicleFacts, r: LeadValues): void {
  const dealId = r.take('deal_id');
  if (dealId) wanted.ids.push(['online-deal', dealId]);
  const downpayment = r.take('deal_finance_deposit');
  const total = r.take('deal_finance_amount');
  const payment = r.take('deal_finance_payment');
  const per = r.take('deal_finance_per');
  const term = r.take('deal_finance_term');
  const rate = r.take('deal_finance_rate');
  if (downpayment !== undefined && total !== undefined && wanted.financeBudget === undefined) {
    wanted.dealFinance = { downpayment, total, ...(per === 'month' && payment ? { monthly: payment } : {}) };
    wanted.comments.push(
      `Finance estimate: $${payment} a ${per} over ${term} years at ${rate}% p.a. on $${total}, with a $${downpayment} deposit (a guide, not a quote).`,
    );
  }
  const deposit = r.take('deal_deposit_amount');
  const currency = r.take('deal_deposit_currency') ?? '';
  if (deposit)
    wanted.comments.push(`The deal goes on to reserve the car online with a ${deposit} ${currency} deposit.`);
}
