/** The reservation thank-you page's own panel: the car, the deposit and how long it is held. */
import { holdEnd, type ReservationState } from './reservation-client.ts';

interface Props {
  state: ReservationState;
  idBase: string;
  level: 2 | 3;
}

export default function ReservationPanel({ state, idBase, level }: Props) {
  const H = level === 2 ? 'h2' : 'h3';
  if (state.kind === 'none') return null;
  const id = `${idBase}-reservation`;
  if (state.kind === 'loading') {
    return (
      <section className="success-panel success-reservation" aria-labelledby={id}>
        <H id={id}>Your reservation</H>
        <p role="status">Confirming your payment…</p>
      </section>
    );
  }
  if (state.kind === 'unavailable') {
    return (
      <section className="success-panel success-reservation" aria-labelledby={id}>
        <H id={id}>Your reservation</H>
        <p role="status">
          We could not load your reservation just now. You will receive a confirmation from us shortly; please call us
          if you have any questions.
        </p>
      </section>
    );
  }
  const car = state.car.title ?? 'your car';
  const carLink = state.car.path ? <a href={state.car.path}>{car}</a> : car;
  return (
    <section className={`success-panel success-reservation success-reservation-${state.status}`} aria-labelledby={id}>
      <H id={id}>Your reservation</H>
      {state.status === 'reserved' && (
        <>
          <p role="status">
            The {carLink} is reserved for you
            {state.holdUntil ? (
              <>
                {' '}
                until <strong>{holdEnd(state)}</strong>
              </>
            ) : null}
            . A member of our team will contact you shortly to arrange the sale.
          </p>
          <dl className="success-reservation-facts">
            <div>
              <dt>Deposit paid</dt>
              <dd>{state.deposit.text}</dd>
            </div>
            <div>
              <dt>Held for</dt>
              <dd>{state.holdHours} hours</dd>
            </div>
          </dl>
        </>
      )}
      {state.status === 'sold' && (
        <p role="status">Your reservation of the {carLink} is confirmed and the sale is under way.</p>
      )}
      {state.status === 'held' && (
        <p role="status">
          We are still waiting for our payment provider to confirm your deposit. This usually takes a few seconds:
          please reload this page in a minute.
        </p>
      )}
      {state.status === 'refunded' && (
        <p role="status">
          Sorry: {state.reason ?? 'another shopper reserved the car moments before your payment went through'}, so we
          could not reserve the {carLink} for you. Your deposit of {state.deposit.text} has been refunded in full; it
          can take a few business days to reach your account, and we have emailed you the details.
        </p>
      )}
      {state.status === 'released' && (
        <p role="status">This reservation is no longer active. Please contact us if you still want the {carLink}.</p>
      )}
    </section>
  );
}
