/**
 * The thank-you page. The server renders the generic thank-you; in the browser the variant is
 * chosen from the query string and the kept submission (src/blocks/success/success.ts). On load it clears
 * the visit trail (first-page query, its save date, visited pages) and fires the thank-you event.
 * A valuation thank-you then asks the API for the current valuation of the submitted vehicle
 * (kept with the submission, so a reload shows the same figures without asking again); a
 * reservation thank-you asks for the shopper's reservation (reservation-client.ts).
 */
import { useEffect, useState } from 'react';
import {
  chooseSuccess,
  parseSuccessQuery,
  type LocationCard,
  type SuccessOptions,
  type SuccessView,
} from './success.ts';
import { trackEverywhere } from '../../site/analytics.ts';
import { $submission, keepValuation, keptValuation } from '../../stores/submission.ts';
import { clearVisitTrail } from '../../stores/visit.ts';
import SuccessExtras from './SuccessExtras.tsx';
import { fetchValuation, outcomeOf, type ValuationState } from '../../features/valuation/ui/valuation-client.ts';
import ReservationPanel from '../../features/reservations/ui/ReservationPanel.tsx';
import {
  fetchReservation,
  reservationQuery,
  reservationTitle,
  type ReservationState,
} from '../../features/reservations/ui/reservation-client.ts';

interface Props {
  /** The dealer's slug: the API call names its site. */
  site: string;
  idBase: string;
  options: SuccessOptions;
  locations: LocationCard[];
  level: 1 | 2;
  manufacturerDataLayer: boolean;
}

export default function Success({ site, idBase, options, locations, level, manufacturerDataLayer }: Props) {
  const [view, setView] = useState<SuccessView>(() => chooseSuccess(parseSuccessQuery(''), options, { locations }));
  const [valuation, setValuation] = useState<ValuationState>({ kind: 'loading' });
  const [reservation, setReservation] = useState<ReservationState>({ kind: 'none' });

  useEffect(() => {
    const query = parseSuccessQuery(window.location.search);
    const submission = $submission.get();
    const chosen = chooseSuccess(query, options, { locations, ...(submission ? { submission } : {}) });
    setView(chosen);
    clearVisitTrail();
    trackEverywhere(
      {
        event: 'thank_you',
        variant: chosen.variant,
        category: query.category ?? 'general-enquiry',
        subcategory: query.subcategory,
      },
      { manufacturerDataLayer },
    );
    const reserved = chosen.variant === 'vehicle-reservation' ? reservationQuery(window.location.search) : undefined;
    if (reserved?.key) {
      setReservation({ kind: 'loading' });
      void fetchReservation(reserved.id, reserved.key).then(setReservation);
    } else if (reserved) {
      // Paid in another browser: the receipt email tells the shopper where they stand.
      setReservation({ kind: 'unavailable' });
    }
    if (!chosen.valuation) return;
    const request = JSON.stringify(chosen.valuation.request);
    const kept = keptValuation(request);
    if (kept) {
      setValuation(outcomeOf(kept));
      return;
    }
    void fetchValuation(chosen.valuation.request, site).then(({ outcome, answer }) => {
      setValuation(outcome);
      if (answer) keepValuation(request, answer);
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- Once per visit: the thank-you event is sent once and the estimate asked for once.
  }, []);

  const Title = level === 1 ? 'h1' : 'h2';
  const score = view.creditScore;
  const ended = reservationTitle(reservation);
  return (
    <div className={`success success-${view.variant}`}>
      {!score && !ended && (
        <svg className="success-icon" viewBox="0 0 48 48" width="56" height="56" aria-hidden="true" focusable="false">
          <circle cx="24" cy="24" r="22" fill="currentColor" />
          <path
            d="M14 25l7 7 13-15"
            fill="none"
            stroke="#fff"
            strokeWidth="4"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
      )}
      <Title className="success-title">{ended ?? view.title}</Title>
      {score && (
        <div className={`success-score success-score-${score.tone}`}>
          <p className="success-score-label">Your credit score</p>
          <p className="success-score-value">{score.value}</p>
        </div>
      )}
      {score?.approved && <p className="success-approval">Good news: your score meets our approval guidelines.</p>}
      {/* A reservation's own panel says where it stands (paid, still confirming, refunded). */}
      {(reservation.kind === 'none' ? view.paragraphs : []).map((p) => (
        <p key={p} className="success-text">
          {p}
        </p>
      ))}
      {view.note && <p className="success-note">{view.note}</p>}
      <ReservationPanel state={reservation} idBase={idBase} level={level === 1 ? 2 : 3} />
      <SuccessExtras
        view={view}
        idBase={idBase}
        level={level === 1 ? 2 : 3}
        valuation={valuation}
        offerTerms={options.tradeInOffer}
      />
      <div className="success-buttons">
        {view.buttons.map((b) => (
          <a key={b.text} className={`btn btn-${b.style}`} href={b.href}>
            {b.text}
          </a>
        ))}
      </div>
    </div>
  );
}
