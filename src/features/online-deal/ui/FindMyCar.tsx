/**
 * Find my car in the deal's trade-in step, as the trade-in and valuation forms' RegoLookup.tsx:
 * the rego (and, in Australia, the state it is registered in) and a button that fills the step's
 * make, model, variant and year from the rego lookup (POST /api/rego-lookup). The shopper can
 * still change every field; a plate not found, or a site without a lookup service, says so and
 * leaves the fields to fill by hand.
 */
import { useRef, useState } from 'react';
import type { DealView } from '../contract/deal.ts';
import { findCar, foundCar, tradePrefill } from './deal-client.ts';

type TradeValues = Record<'make' | 'model' | 'variant' | 'year' | 'km' | 'rego' | 'state', string>;

export function FindMyCar({
  plate,
  values,
  setValues,
  error,
}: {
  plate: DealView['plate'];
  values: TradeValues;
  setValues: (change: (v: TradeValues) => TradeValues) => void;
  error?: string;
}) {
  const [status, setStatus] = useState<{ busy?: boolean; found?: boolean; text?: string }>({});
  const asked = useRef(0);
  const byState = !!plate.states?.length;

  async function find() {
    if (status.busy) return;
    const rego = values.rego.trim();
    if (!rego || (byState && !values.state)) {
      setStatus({ text: rego ? 'Choose the state of the rego.' : 'Enter your rego first.' });
      return;
    }
    const call = ++asked.current;
    setStatus({ busy: true, text: 'Finding your car…' });
    const answer = await findCar(byState ? { rego, state: values.state } : { rego });
    if (call !== asked.current) return;
    if (answer.status !== 'found') return setStatus({ text: answer.message });
    const found = tradePrefill(answer.vehicle);
    setValues((v) => ({ ...v, ...found }));
    setStatus({ found: true, text: `Found: ${foundCar(answer.vehicle)}. Check the details below.` });
  }

  const statusClass = status.text && !status.busy ? (status.found ? ' rego-lookup-found' : ' rego-lookup-problem') : '';
  return (
    <div className="rego-lookup deal-rego">
      <div className={`rego-lookup-row${byState ? ' rego-lookup-with-state' : ''}`}>
        <div className={`form-field field${error ? ' has-error' : ''}`}>
          <label htmlFor="deal-trade-rego" className="field-label">
            Rego or number plate
          </label>
          <input
            id="deal-trade-rego"
            className="input"
            autoComplete="off"
            autoCapitalize="characters"
            value={values.rego}
            onChange={(e) => setValues((v) => ({ ...v, rego: e.target.value }))}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'deal-trade-rego-error' : undefined}
          />
          {error && (
            <p className="form-error field-error" id="deal-trade-rego-error">
              {error}
            </p>
          )}
        </div>
        {byState && (
          <div className="form-field field">
            <label htmlFor="deal-trade-state" className="field-label">
              State
            </label>
            <select
              id="deal-trade-state"
              className="input"
              value={values.state}
              onChange={(e) => setValues((v) => ({ ...v, state: e.target.value }))}
            >
              <option value="">Choose</option>
              {plate.states!.map((s) => (
                <option key={s}>{s}</option>
              ))}
            </select>
          </div>
        )}
        <button
          type="button"
          className="btn btn-outline rego-lookup-button"
          aria-describedby="deal-rego-status"
          aria-disabled={status.busy || undefined}
          onClick={() => void find()}
        >
          Find my car
        </button>
      </div>
      <p id="deal-rego-status" className={`rego-lookup-status${statusClass}`} role="status">
        {status.text ?? 'Fill in your car’s details from its rego.'}
      </p>
    </div>
  );
}
