/**
 * The conditional trade-in offer of a trade-in or valuation lead (the server's own values, see
 * src/features/valuation/server/lead-offer.ts) in ADF: the visitor's vehicle's <price type="offer">,
 * with the offer's terms, validity and basis in the vehicle's comments (CRMs show comments where
 * they drop attributes). The price the visitor hoped for, which would otherwise be the price, goes
 * to the comments beside it.
 */
import { formatPrice } from '../../../../lib/text.ts';
import type { LeadValues } from './adf-lead.ts';

interface OfferFacts {
  price?: { type: 'asking' | 'appraisal' | 'offer'; value: number };
  comments: string[];
}

/** Places the lead's offer on `f`, when the lead has one. */
export function placeTradeOffer(f: OfferFacts, r: LeadValues): void {
  const amount = r.take('trade_offer_amount');
  const until = r.take('trade_offer_valid_until');
  const terms = r.take('trade_offer_terms');
  const range = r.take('trade_offer_range');
  const source = r.take('trade_offer_source');
  r.place('trade_offer_currency');
  if (!amount || !/^\d+$/.test(amount)) return;
  if (f.price) f.comments.push(`Price the customer hopes for: ${formatPrice(f.price.value)}`);
  f.price = { type: 'offer', value: Number(amount) };
  const [low, high] = (range ?? '').split('-').map(Number);
  const basis =
    low !== undefined && high !== undefined && Number.isFinite(low) && Number.isFinite(high)
      ? ` Made from a trade-in range of ${formatPrice(low)} to ${formatPrice(high)}${source ? ` (${source})` : ''}.`
      : '';
  f.comments.push(
    `Conditional online trade-in offer: ${formatPrice(Number(amount))}${until ? `, valid until ${until}` : ''}.` +
      `${terms ? ` ${terms}` : ''}${basis}`,
  );
}
