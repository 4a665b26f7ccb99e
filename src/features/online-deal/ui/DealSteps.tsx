/**
 * The deal's optional steps as small forms: the trade-in (Find my car fills it from the rego; the
 * server values it and makes the dealer's offer), the finance estimate with the finance hand-off's
 * quote, and the handover. Each sends its part and shows what the server says is missing or wrong
 * beside the field (or above the buttons when it is another part's); nothing is ever silently disabled.
 */
import { useState } from 'react';
import type { DealView } from '../contract/deal.ts';
import { money, type Fields } from './deal-client.ts';
import { asAtText } from '../../valuation/rules/valuation.ts';
import { Actions, Field, stepErrors, useForm, type SavePart } from './DealFields.tsx';
import { FindMyCar } from './FindMyCar.tsx';
import { FinanceQuote } from './FinanceQuote.tsx';

export function TradeInStep({ deal, save }: { deal: DealView; save: SavePart }) {
  const t = deal.tradeIn;
  const { values, bind, setValues } = useForm({
    make: t?.make ?? '',
    model: t?.model ?? '',
    variant: t?.variant ?? '',
    year: t ? String(t.year) : '',
    km: t ? String(t.km) : '',
    rego: t?.rego ?? '',
    state: t?.state ?? deal.plate.state ?? '',
  });
  const [errors, setErrors] = useState<Fields>({});
  const [busy, setBusy] = useState(false);
  const send = async (part: Record<string, unknown>) => {
    setBusy(true);
    setErrors(stepErrors(await save(part), 'trade_in'));
    setBusy(false);
  };
  return (
    <form
      noValidate
      className="deal-form"
      onSubmit={(e) => {
        e.preventDefault();
        const { state, ...car } = values;
        void send({
          trade_in: {
            ...car,
            variant: values.variant || undefined,
            rego: values.rego || undefined,
            state: (values.rego && state) || undefined,
          },
        });
      }}
    >
      <FindMyCar plate={deal.plate} values={values} setValues={setValues} error={errors.rego ?? errors.state} />
      <div className="deal-grid">
        <Field id="deal-trade-make" label="Make" required error={errors.make}>
          {(a) => <input {...a} {...bind('make')} className="input" autoComplete="off" placeholder="e.g. Toyota" />}
        </Field>
        <Field id="deal-trade-model" label="Model" required error={errors.model}>
          {(a) => <input {...a} {...bind('model')} className="input" autoComplete="off" placeholder="e.g. Corolla" />}
        </Field>
        <Field id="deal-trade-variant" label="Variant" error={errors.variant}>
          {(a) => <input {...a} {...bind('variant')} className="input" autoComplete="off" />}
        </Field>
        <Field id="deal-trade-year" label="Year" required error={errors.year}>
          {(a) => <input {...a} {...bind('year')} className="input" inputMode="numeric" placeholder="e.g. 2018" />}
        </Field>
        <Field id="deal-trade-km" label="Kilometres" required error={errors.km}>
          {(a) => <input {...a} {...bind('km')} className="input" inputMode="numeric" placeholder="e.g. 60000" />}
        </Field>
      </div>
      {errors._ && <p className="form-error">{errors._}</p>}
      {t?.offer ? (
        <div className="deal-offer" role="status">
          <p className="deal-offer-amount">
            Our offer for your car: <strong>{money(t.offer.amount)}</strong>
          </p>
          <p>
            Valid until {asAtText(t.offer.validUntil)}. {t.offer.terms} Online estimate {money(t.offer.range.low)} to{' '}
            {money(t.offer.range.high)}.
          </p>
        </div>
      ) : t?.estimate ? (
        <p className="deal-offer" role="status">
          Online estimate: {money(t.estimate.low)} to {money(t.estimate.high)}. The dealer will confirm an offer when
          they see your car.
        </p>
      ) : (
        t?.note && <p role="status">{t.note}</p>
      )}
      <Actions
        busy={busy}
        label={t ? 'Update my offer' : 'Get my trade-in offer'}
        skipLabel="Remove my trade-in"
        onSkip={t ? () => void send({ trade_in: null }) : undefined}
      />
    </form>
  );
}

export function FinanceStep({ deal, save }: { deal: DealView; save: SavePart }) {
  const f = deal.finance;
  const { values, bind } = useForm({
    deposit: f ? String(f.deposit) : '0',
    term: f ? String(f.term) : '5',
    frequency: f?.frequency ?? 'Weekly',
  });
  const [errors, setErrors] = useState<Fields>({});
  const [busy, setBusy] = useState(false);
  const send = async (part: Record<string, unknown>) => {
    setBusy(true);
    setErrors(stepErrors(await save(part), 'finance'));
    setBusy(false);
  };
  return (
    <form noValidate className="deal-form" onSubmit={(e) => (e.preventDefault(), void send({ finance: values }))}>
      <div className="deal-grid">
        <Field id="deal-finance-deposit" label="Your deposit ($)" required error={errors.deposit}>
          {(a) => <input {...a} {...bind('deposit')} className="input" inputMode="numeric" />}
        </Field>
        <Field id="deal-finance-term" label="Term" required error={errors.term}>
          {(a) => (
            <select {...a} {...bind('term')} className="input">
              {[1, 2, 3, 4, 5, 6, 7].map((y) => (
                <option key={y} value={y}>
                  {y} year{y > 1 ? 's' : ''}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field id="deal-finance-frequency" label="Repayments" required error={errors.frequency}>
          {(a) => (
            <select {...a} {...bind('frequency')} className="input">
              <option>Weekly</option>
              <option>Fortnightly</option>
              <option>Monthly</option>
            </select>
          )}
        </Field>
      </div>
      {f && (
        <p className="deal-offer" role="status">
          Estimated repayment:{' '}
          <strong>
            {money(f.payment)} a {f.per}
          </strong>{' '}
          over {f.term} years at {f.rate}% p.a. on {money(f.amount)}. A guide only, not a quote or an offer of credit:
          the lender confirms your rate.
        </p>
      )}
      <FinanceQuote deal={deal} />
      {errors._ && <p className="form-error">{errors._}</p>}
      <Actions
        busy={busy}
        label={f ? 'Update my estimate' : 'Work out my repayments'}
        skipLabel="Remove finance"
        onSkip={f ? () => void send({ finance: null }) : undefined}
      />
    </form>
  );
}

export function HandoverStep({ deal, save }: { deal: DealView; save: SavePart }) {
  const h = deal.handover;
  const { values, bind } = useForm({
    kind: h?.kind ?? deal.handoverKinds[0] ?? 'collection',
    location_id: h?.location_id ?? (deal.locations.length === 1 ? deal.locations[0]!.id : ''),
    address: h?.address ?? '',
    postcode: h?.postcode ?? '',
    date: h?.date ?? '',
  });
  const [errors, setErrors] = useState<Fields>({});
  const [busy, setBusy] = useState(false);
  const send = async (part: Record<string, unknown>) => {
    setBusy(true);
    setErrors(stepErrors(await save(part), 'handover'));
    setBusy(false);
  };
  const collect = values.kind === 'collection';
  return (
    <form noValidate className="deal-form" onSubmit={(e) => (e.preventDefault(), void send({ handover: values }))}>
      {deal.handoverKinds.length > 1 && (
        <fieldset className="deal-choice">
          <legend className="field-label">How would you like to take the car?</legend>
          {deal.handoverKinds.map((k) => (
            <label key={k} className="deal-radio">
              <input
                type="radio"
                name="deal-handover-kind"
                value={k}
                checked={values.kind === k}
                onChange={bind('kind').onChange}
              />
              {k === 'collection' ? 'Collect it from the dealer' : 'Deliver it to me'}
            </label>
          ))}
        </fieldset>
      )}
      <div className="deal-grid">
        {collect ? (
          <Field id="deal-handover-location" label="Collect from" required error={errors.location_id}>
            {(a) => (
              <select {...a} {...bind('location_id')} className="input">
                {deal.locations.length > 1 && <option value="">Choose a location</option>}
                {deal.locations.map((l) => (
                  <option key={l.id} value={l.id}>
                    {l.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
        ) : (
          <>
            <Field id="deal-handover-address" label="Delivery address" required error={errors.address}>
              {(a) => <input {...a} {...bind('address')} className="input" autoComplete="street-address" />}
            </Field>
            <Field id="deal-handover-postcode" label="Postcode" required error={errors.postcode}>
              {(a) => (
                <input {...a} {...bind('postcode')} className="input" inputMode="numeric" autoComplete="postal-code" />
              )}
            </Field>
          </>
        )}
        <Field
          id="deal-handover-date"
          label="Preferred date"
          required
          error={errors.date}
          hint="From tomorrow, on a day the dealer is open."
        >
          {(a) => <input {...a} {...bind('date')} className="input" type="date" min={deal.earliestHandover} />}
        </Field>
      </div>
      {(errors.kind ?? errors._) && <p className="form-error">{errors.kind ?? errors._}</p>}
      <Actions
        busy={busy}
        label={h ? 'Update handover' : 'Save handover'}
        skipLabel="Remove handover"
        onSkip={h ? () => void send({ handover: null }) : undefined}
      />
    </form>
  );
}
