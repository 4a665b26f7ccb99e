/** The thank-you page's extra panels: the visitor's vehicle, test-drive locations, a similar car. */
import type { SuccessView } from '../../lib/success.ts';
import { formatKm, formatPrice } from '../../lib/text.ts';
import { phoneText, telHref } from '../../lib/contact.ts';

interface Props {
  view: SuccessView;
  idBase: string;
  level: 2 | 3;
}

export default function SuccessExtras({ view, idBase, level }: Props) {
  const H = level === 2 ? 'h2' : 'h3';
  const Sub = level === 2 ? 'h3' : 'h4';
  const car = view.similarCar;
  return (
    <>
      {view.valuation && (
        <section className="success-panel" aria-labelledby={`${idBase}-vehicle`}>
          <H id={`${idBase}-vehicle`}>Your vehicle</H>
          <dl className="success-answers">
            {view.valuation.map(([label, value]) => (
              <div key={label}><dt>{label}</dt><dd>{value}</dd></div>
            ))}
          </dl>
        </section>
      )}
      {view.locations && (
        <section className="success-panel" aria-labelledby={`${idBase}-locations`}>
          <H id={`${idBase}-locations`}>Where to find us</H>
          <ul className={`success-locations ${view.locations.perRow ? 'success-locations-row' : 'success-locations-grid'}`}
            style={view.locations.perRow ? { ['--cards' as string]: view.locations.cards.length } : undefined}>
            {view.locations.cards.map((l) => (
              <li key={l.id} className="card success-location">
                <Sub>{l.name}</Sub>
                <p>{l.address}</p>
                {l.phone && <p><a href={telHref(l.phone)}>{phoneText(l.phone)}</a></p>}
                {l.mapUrl && <p><a href={l.mapUrl} target="_blank" rel="noopener">Get directions<span className="visually-hidden"> to {l.name} (opens in a new tab)</span></a></p>}
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
            <span className="success-car-facts">{formatKm(car.km)} · {formatPrice(car.price)}</span>
          </a>
        </section>
      )}
    </>
  );
}
