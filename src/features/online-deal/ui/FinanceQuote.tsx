/**
 * The finance hand-off's outcome in the deal's finance step: the link on to the provider's quote
 * (through its mobile verification first when the mobile is not verified yet), or why there is no
 * quote (declined, details the page does not ask, the provider unreachable: the dealer arranges
 * it), or, before the deal has the shopper's details, that sending it asks for a quote.
 */
import type { DealView } from '../contract/deal.ts';

export function FinanceQuote({ deal }: { deal: DealView }) {
  const quote = deal.finance?.quote;
  if (!deal.finance) return null;
  if (!quote)
    return deal.contact ? null : (
      <p className="deal-hint deal-quote-next">
        Send your deal with your details and we will ask our finance partner for a quote on these figures.
      </p>
    );
  if (quote.status !== 'quoted')
    return (
      <div className={`deal-quote deal-quote-${quote.status}`} role="status">
        <p className="deal-quote-title">
          {quote.status === 'declined'
            ? `${quote.providerName} could not quote on these figures`
            : 'Your finance quote will come from the dealer'}
        </p>
        <p>{quote.message}</p>
        {quote.status === 'declined' && <p>Change your deposit or term and update your estimate to ask again.</p>}
      </div>
    );
  const verify = quote.mobileVerification === 'unverified';
  return (
    <div className="deal-quote deal-quote-quoted" role="status">
      <p className="deal-quote-title">
        {verify
          ? `Your finance application is with ${quote.providerName}: verify your mobile to see your quote.`
          : `Your finance quote with ${quote.providerName} is ready.`}
      </p>
      {quote.quoteUrl && (
        <a className="btn btn-primary deal-quote-link" href={quote.quoteUrl} rel="noopener">
          Continue your finance quote with {quote.providerName}
        </a>
      )}
      <p className="deal-hint">
        {verify ? 'Mobile not verified yet' : 'Mobile verified'}
        {quote.customerKey ? `. Reference ${quote.customerKey}` : ''}.
      </p>
    </div>
  );
}

/** The quote in the deal's summary, in a few words. */
export function quoteSummary(deal: DealView): string | undefined {
  const quote = deal.finance?.quote;
  if (!quote) return undefined;
  if (quote.status === 'quoted')
    return quote.mobileVerification === 'unverified'
      ? 'Verify your mobile to see it'
      : `Ready with ${quote.providerName}`;
  return quote.status === 'declined' ? 'Declined: change your figures' : 'The dealer will arrange it';
}
