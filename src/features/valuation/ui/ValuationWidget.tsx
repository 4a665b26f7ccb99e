/**
 * The current valuation on a valuation thank-you page: the trade-in range for the visitor's
 * vehicle, the vehicle it is for, the date and source, and the disclaimer. While the answer is on
 * its way the same lines hold placeholders, so nothing moves when it arrives; a message in their
 * place (no valuation, or none available) keeps their height too.
 */
import {
  DEFAULT_DISCLAIMER,
  OFFER_DISCLAIMER,
  asAtText,
  rangeText,
  vehicleText,
  type ValuationSubject,
} from '../rules/valuation.ts';
import type { ValuationState } from './valuation-client.ts';
import type { TradeInOffer } from '../rules/trade-offer.ts';

export const VALUATION_HEADING = 'Estimated trade-in value';
export const VALUATION_LOADING = 'Working out your estimate…';
export const VALUATION_UNKNOWN =
  'We could not estimate a value for this vehicle online. Our team will look over your details and be in touch with a valuation.';
export const VALUATION_UNAVAILABLE =
  'Online valuations are not available right now. Our team has your details and will be in touch with your valuation.';

export const OFFER_HEADING = 'Our conditional offer';

/** The dealer's offer beside the estimate: amount, the last day it stands, and its conditions. */
function Offer({ offer }: { offer: TradeInOffer }) {
  return (
    <div className="valuation-offer">
      <p className="valuation-offer-label">{OFFER_HEADING}</p>
      <p className="valuation-offer-amount">{`$${offer.amount.toLocaleString('en-AU')}`}</p>
      <p className="valuation-offer-valid">Valid until {asAtText(offer.validUntil)}</p>
      <p className="valuation-offer-terms">{offer.terms}</p>
    </div>
  );
}

interface Props {
  subject: ValuationSubject;
  state: ValuationState;
  id: string;
  level: 2 | 3;
  /** The terms of the offer the dealer makes with a valuation, if any: the loading lines hold its room. */
  offerTerms?: string | undefined;
}

/** The loading lines: shown while loading, and laid out unseen behind a message to hold the height. */
function Placeholder({ vehicle, hidden, offer }: { vehicle: string; hidden?: boolean; offer?: string | undefined }) {
  return (
    <div
      className={offer ? 'valuation-lines valuation-with-offer' : 'valuation-lines'}
      aria-hidden={hidden || undefined}
    >
      <div className="valuation-estimate">
        {offer && <p className="valuation-offer-label">Estimated range</p>}
        <p className="valuation-range">
          <span className="valuation-skeleton" aria-hidden="true" />
          {!hidden && <span className="visually-hidden">{VALUATION_LOADING}</span>}
        </p>
        <p className="valuation-vehicle">{vehicle}</p>
        <p className="valuation-meta" aria-hidden="true">
          <span>
            <span className="valuation-skeleton valuation-skeleton-meta" />
          </span>
          <span>
            <span className="valuation-skeleton valuation-skeleton-meta" />
          </span>
        </p>
      </div>
      {offer && (
        <div className="valuation-offer" aria-hidden="true">
          <p className="valuation-offer-label">{OFFER_HEADING}</p>
          <p className="valuation-offer-amount">
            <span className="valuation-skeleton" />
          </p>
          <p className="valuation-offer-valid">
            <span className="valuation-skeleton valuation-skeleton-meta" />
          </p>
          <p className="valuation-offer-terms">{offer}</p>
        </div>
      )}
      <p className="valuation-disclaimer">{offer ? OFFER_DISCLAIMER : DEFAULT_DISCLAIMER}</p>
    </div>
  );
}

/** The provider's disclaimer, except that its default one gives way to the offer's beside an offer. */
function disclaimerOf(disclaimer: string, offer: TradeInOffer | undefined): string {
  return offer && disclaimer === DEFAULT_DISCLAIMER ? OFFER_DISCLAIMER : disclaimer;
}

export default function ValuationWidget({ subject, state, id, level, offerTerms }: Props) {
  const H = level === 2 ? 'h2' : 'h3';
  return (
    <section className={`success-panel valuation-widget valuation-${state.kind}`} aria-labelledby={id}>
      <H id={id} className="valuation-heading">
        {VALUATION_HEADING}
      </H>
      <div className="valuation-body" aria-live="polite" aria-busy={state.kind === 'loading'}>
        {state.kind === 'loading' && <Placeholder vehicle={subject.vehicle} offer={offerTerms} />}
        {state.kind === 'valued' && (
          <div className={state.offer ? 'valuation-lines valuation-with-offer' : 'valuation-lines'}>
            <div className="valuation-estimate">
              {state.offer && <p className="valuation-offer-label">Estimated range</p>}
              <p className="valuation-range">{rangeText(state.tradeIn)}</p>
              <p className="valuation-vehicle">{vehicleText(state.vehicle)}</p>
              <p className="valuation-meta">
                <span>As at {asAtText(state.tradeIn.asAt)}</span>
                <span>Source: {state.tradeIn.source}</span>
              </p>
            </div>
            {state.offer && <Offer offer={state.offer} />}
            <p className="valuation-disclaimer">{disclaimerOf(state.tradeIn.disclaimer, state.offer)}</p>
          </div>
        )}
        {(state.kind === 'unknown' || state.kind === 'unavailable') && (
          <>
            <Placeholder vehicle={subject.vehicle} hidden offer={offerTerms} />
            <div className="valuation-notice">
              <svg
                className="valuation-notice-icon"
                viewBox="0 0 24 24"
                width="24"
                height="24"
                aria-hidden="true"
                focusable="false"
              >
                <circle cx="12" cy="12" r="10" fill="none" stroke="currentColor" strokeWidth="2" />
                <path d="M12 11v6M12 7.5v.01" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
              </svg>
              <div>
                <p className="valuation-message">
                  {state.kind === 'unknown' ? VALUATION_UNKNOWN : VALUATION_UNAVAILABLE}
                </p>
                <p className="valuation-vehicle">{subject.vehicle}</p>
              </div>
            </div>
          </>
        )}
      </div>
    </section>
  );
}
