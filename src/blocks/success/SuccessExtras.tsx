/** The thank-you page's extra panels: the valuation of the visitor's vehicle, test-drive locations, a similar car. */
import type { SuccessView } from './success.ts';
import { formatKm, formatPrice } from '../../lib/text.ts';
import { phoneText, telHref } from '../../lib/contact.ts';
import type { ValuationState } from '../../features/valuation/ui/valuation-client.ts';
import ValuationWidget from '../../features/valuation/ui/ValuationWidget.tsx';

interface Props {
  view: SuccessView;
  idBase: string;
  level: 2 | 3;
  /** The valuation widget's state; loading until the island has an answer. */
  valuation?: ValuationState;
  /** The terms of the offer the dealer makes with a valuation: the panel holds its room while loading. */
  offerTerms?: string | undefined;
}

export default function SuccessExtras({ view, idBase, level, valuation, offerTerms }: Props) {
  const H = level === 2 ? 'h2' : 'h3';
  const Sub = level === 2 ? 'h3' : 'h4';
  const car = view.similarCar;
  return (
    <>
      {view.valuation && (
        <ValuationWidget
          subject={view.valuation}
          state={valuation ?? { kind: 'loading' }}
          id={`${idBase}-valuation`}
          level={level}
          offerTerms={offerTerms}
        />
      )}
      {view.locations && (
        <section className="success-panel" aria-labelledby={`${idBase}-locations`}>
          <H id={`${idBase}-locations`}>Where to find us</H>
          <ul
            className={`success-locations ${view.locations.perRow ? 'success-locations-row' : 'success-locations-grid'}`}
            style={view.locations.perRow ? { ['--cards' as string]: view.locations.cards.length } : undefined}
          >
            {view.locations.cards.map((l) => (
              <li key={l.id} className="card success-location">
                <Sub>{l.name}</Sub>
                <p>{l.address}</p>
                {l.phone && (
                  <p>
                    <a href={telHref(l.phone)}>{phoneText(l.phone)}</a>
                  </p>
                )}
                {l.mapUrl && (
                  <p>
                    <a href={l.mapUrl} target="_blank" rel="noopener">
                      Get directions<span className="visually-hidden"> to {l.name} (opens in a new tab)</span>
                    </a>
                  </p>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
      {car && (
        <section className="success-panel" aria-labelledby={`${idBase}-similar`}>
          <H id={`${idBase}-similar`}>You might also like</H>
          <a className="card success-car" href={car.href}>
            {car.photo && <img src={car.photo} alt="" width={400} height={250} loading="lazy" decoding="async" />}
            <span className="success-car-name">{car.name}</span>
            <span className="success-car-facts">
              {formatKm(car.km)} · {car.priceText ?? formatPrice(car.price)}
            </span>
          </a>
        </section>
      )}
    </>
  );
}
