/**
 * The deal page's island (client:only, on its own page, so no car page carries it): opens the
 * shopper's deal from the link's fragment, or starts one for ?car=, then shows the car, the
 * dealer's steps in order (each optional), the shopper's details and "Send my deal", the deposit
 * checkout, the deal's state and the link to come back to.
 */
import { useEffect, useState } from 'react';
import { rememberReservationKey } from '../../../forms/reservation.ts';
import type { DealView } from '../contract/deal.ts';
import type { DealStep } from '../rules/deal.ts';
import {
  cancelDeal,
  DealProblem,
  dealLink,
  forgetDeal,
  money,
  rememberDeal,
  rememberedDeal,
  saveDeal,
  startDeal,
  startDeposit,
  viewDeal,
} from './deal-client.ts';
import { FinanceStep, HandoverStep, TradeInStep } from './DealSteps.tsx';
import { quoteSummary } from './FinanceQuote.tsx';
import type { SavePart } from './DealFields.tsx';
import { ContactStep, DepositStep } from './DealSend.tsx';

export interface DealBuilderProps {
  stockHref: string;
  privacyHref: string;
  dealerName: string;
}

const TITLES: Record<DealStep, string> = {
  trade_in: 'Your trade-in',
  finance: 'Finance',
  handover: 'Collection or delivery',
  deposit: 'Deposit',
};

/** A step's heading: the handover names only what this dealer offers. */
function stepTitle(step: DealStep, deal: DealView): string {
  if (step !== 'handover' || deal.handoverKinds.length !== 1) return TITLES[step];
  return deal.handoverKinds[0] === 'delivery' ? 'Delivery' : 'Collection';
}

type Load =
  { kind: 'loading' } | { kind: 'missing'; message: string } | { kind: 'ready'; token: string; deal: DealView };

export default function DealBuilder({ stockHref, privacyHref, dealerName }: DealBuilderProps) {
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const [notice, setNotice] = useState<string>();

  useEffect(() => {
    const fromLink = window.location.hash.slice(1);
    const car = new URLSearchParams(window.location.search).get('car');
    const open = async () => {
      const known = fromLink || (car ? rememberedDeal(car) : undefined);
      if (known) {
        try {
          const deal = await viewDeal(known);
          // The link's deal always; a remembered one only while it is open.
          if (fromLink || deal.status === 'draft' || deal.status === 'submitted') return ready(known, deal);
        } catch (e) {
          if (fromLink) throw e;
        }
      }
      if (!car)
        throw new DealProblem('This link does not name a deal. Open a car and choose "Start your deal".', {}, 404);
      const started = await startDeal(car);
      return ready(started.token, started.deal);
    };
    const ready = (token: string, deal: DealView) => {
      rememberDeal(deal.car.id, token);
      window.history.replaceState(null, '', `${window.location.pathname}#${token}`);
      setLoad({ kind: 'ready', token, deal });
    };
    open().catch((e: unknown) => setLoad({ kind: 'missing', message: (e as Error).message }));
  }, []);

  if (load.kind === 'loading') return <p className="deal-loading">Loading your deal…</p>;
  if (load.kind === 'missing')
    return (
      <div className="deal-missing">
        <p>{load.message}</p>
        <a className="btn btn-primary" href={stockHref}>
          Browse our cars
        </a>
      </div>
    );

  const { token, deal } = load;
  const set = (next: DealView) => setLoad({ kind: 'ready', token, deal: next });
  const save: SavePart = async (part) => {
    try {
      set(await saveDeal(token, part));
      setNotice(deal.status === 'submitted' ? `Saved. ${dealerName} has been sent the change.` : 'Saved.');
      return undefined;
    } catch (e) {
      const p = e as DealProblem;
      setNotice(undefined);
      return Object.keys(p.fields ?? {}).length ? p.fields : { _: p.message };
    }
  };
  const open = deal.status === 'draft' || deal.status === 'submitted';
  const steps = deal.steps.filter((s) => s !== 'deposit');
  const { totals } = deal;

  return (
    <div className="deal">
      <section className="deal-car" aria-labelledby="deal-car-heading">
        {deal.car.photo && <img className="deal-car-photo" src={deal.car.photo} alt="" width="240" height="160" />}
        <div>
          <h2 id="deal-car-heading">{deal.car.title}</h2>
          <p className="deal-price">
            {deal.car.priceText} {deal.car.priceNote && <span className="deal-price-note">{deal.car.priceNote}</span>}
          </p>
          <a href={deal.car.path}>Back to the car</a>
          <StatusLine deal={deal} dealerName={dealerName} />
        </div>
      </section>

      {notice && (
        <p className="deal-notice" role="status">
          {notice}
        </p>
      )}

      <div className={`deal-body${open ? '' : ' deal-body-closed'}`}>
        {open ? (
          <ol className="deal-steps">
            {steps.map((step, i) => (
              <li key={step} className="deal-step">
                <section aria-labelledby={`deal-step-${step}`}>
                  <h2 id={`deal-step-${step}`}>
                    <span className="deal-step-number">{i + 1}</span> {stepTitle(step, deal)}{' '}
                    <span className="deal-optional">(optional)</span>
                  </h2>
                  {step === 'trade_in' && <TradeInStep deal={deal} save={save} />}
                  {step === 'finance' && <FinanceStep deal={deal} save={save} />}
                  {step === 'handover' && <HandoverStep deal={deal} save={save} />}
                </section>
              </li>
            ))}
            <li className="deal-step">
              <section aria-labelledby="deal-step-contact">
                <h2 id="deal-step-contact">
                  <span className="deal-step-number">{steps.length + 1}</span>{' '}
                  {deal.status === 'submitted' ? 'Your details' : 'Send your deal'}
                </h2>
                <ContactStep deal={deal} save={save} privacyHref={privacyHref} dealerName={dealerName} />
              </section>
            </li>
            {deal.steps.includes('deposit') && deal.deposit && (
              <li className="deal-step">
                <section aria-labelledby="deal-step-deposit">
                  <h2 id="deal-step-deposit">
                    <span className="deal-step-number">{steps.length + 2}</span> {TITLES.deposit}{' '}
                    <span className="deal-optional">(optional)</span>
                  </h2>
                  <DepositStep
                    deal={deal}
                    pay={async (accept) => {
                      try {
                        const started = await startDeposit(token, accept);
                        rememberReservationKey(started.reservation_id, started.reservation_key);
                        window.location.assign(started.checkout_url);
                        return undefined;
                      } catch (e) {
                        const p = e as DealProblem;
                        return Object.keys(p.fields).length ? p.fields : { _: p.message };
                      }
                    }}
                  />
                </section>
              </li>
            )}
          </ol>
        ) : (
          <p className="deal-closed">
            <a className="btn btn-primary" href={deal.car.path}>
              Back to the car
            </a>
          </p>
        )}

        <section className="deal-summary" aria-labelledby="deal-summary-heading">
          <h2 id="deal-summary-heading">{open ? 'Your deal so far' : 'Your deal'}</h2>
          <dl>
            {totals.price !== undefined && <Row label="Car" value={money(totals.price)} />}
            {totals.tradeIn > 0 && <Row label="Trade-in offer" value={`− ${money(totals.tradeIn)}`} />}
            {totals.financeDeposit > 0 && <Row label="Your deposit" value={`− ${money(totals.financeDeposit)}`} />}
            {totals.deposit > 0 && <Row label="Online deposit to reserve" value={`− ${money(totals.deposit)}`} />}
            {totals.balance !== undefined && <Row label="To pay or finance" value={money(totals.balance)} strong />}
            {deal.finance && (
              <Row label="Estimated repayment" value={`${money(deal.finance.payment)} a ${deal.finance.per}`} />
            )}
            {quoteSummary(deal) && <Row label="Finance quote" value={quoteSummary(deal)!} />}
            {deal.handover && (
              <Row
                label={deal.handover.kind === 'collection' ? 'Collection' : 'Delivery'}
                value={`${deal.handover.locationName ?? deal.handover.postcode ?? ''}, ${dayText(deal.handover.date)}`}
              />
            )}
          </dl>
          <p className="deal-link">
            Your deal's link, to come back to it: <a href={dealLink(token)}>{dealLink(token)}</a>
          </p>
          {open && (
            <button
              type="button"
              className="btn btn-link deal-cancel"
              onClick={() => {
                void cancelDeal(token)
                  .then((next) => {
                    forgetDeal(next.car.id);
                    set(next);
                    setNotice('Your deal is cancelled.');
                  })
                  .catch((e: unknown) => setNotice((e as Error).message));
              }}
            >
              Cancel my deal
            </button>
          )}
        </section>
      </div>
    </div>
  );
}

/** "Sat 5 Dec 2026" */
const dayText = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-AU', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });

function Row({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className={`deal-row${strong ? ' deal-row-total' : ''}`}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

function StatusLine({ deal, dealerName }: { deal: DealView; dealerName: string }) {
  const text = {
    draft: 'Not sent yet: every step is optional. Send it when you are ready.',
    submitted: `Sent to ${dealerName}${deal.submittedAt ? ` on ${new Date(deal.submittedAt).toLocaleDateString('en-AU')}` : ''}. They will contact you; changes you save are sent to them too.`,
    cancelled: 'This deal is cancelled.',
    completed:
      deal.completedBy === 'dealer'
        ? `This deal is complete: ${dealerName} has marked it done.`
        : 'This deal is complete: your deposit is paid and the car is held for you.',
  }[deal.status];
  return (
    <p className={`deal-status deal-status-${deal.status}`} role="status">
      {text}
    </p>
  );
}
