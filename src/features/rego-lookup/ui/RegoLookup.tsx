/**
 * The `regoLookup` step part of the trade-in and valuation forms: the rego (and, in Australia, the
 * state it is registered in) with a "Find my car" button that fills the step's make, model,
 * variant and year from the lookup. The shopper can still change every field; a plate that is not
 * found, or a site without a lookup service, says so and leaves the fields to fill by hand.
 */
import { useRef, useState } from 'react';
import { useFormikContext } from 'formik';
import type { CustomStepProps } from '../../../forms/custom-steps/index.ts';
import type { Values } from '../../../forms/island/values.ts';
import { useFields } from '../../../forms/island/fields/context.ts';
import Field from '../../../forms/island/fields/Field.tsx';
import { foundText, prefillOf } from '../rules/rego.ts';
import { lookupRego } from './rego-client.ts';

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

export const FIND_MY_CAR = 'Find my car';
export const LOOKUP_HINT = 'Fill in your car’s details from its rego.';

export default function RegoLookup({ step }: CustomStepProps) {
  const { idBase, clearServerError } = useFields();
  const formik = useFormikContext<Values>();
  const [status, setStatus] = useState<{ busy?: boolean; found?: boolean; text?: string }>({});
  const asked = useRef(0);
  const rego = step.fields.find((f) => f.name === 'RegoOrVin');
  const state = step.fields.find((f) => f.name === 'vehicle_state' && f.type !== 'hidden');
  if (!rego) return null;
  const statusId = `${idBase}-rego-lookup-status`;

  async function find() {
    if (status.busy) return;
    const plate = text(formik.values.RegoOrVin);
    const where = state ? text(formik.values.vehicle_state) : '';
    if (!plate || (state && !where)) {
      setStatus({ text: plate ? 'Choose the state of the rego.' : 'Enter your rego first.' });
      return;
    }
    const call = ++asked.current;
    setStatus({ busy: true });
    const answer = await lookupRego(where ? { rego: plate, state: where } : { rego: plate }, step.apiSite);
    if (call !== asked.current) return;
    if (answer.status !== 'found') return setStatus({ text: answer.message });
    const names = new Set(step.fields.map((f) => f.name));
    for (const [name, value] of Object.entries(prefillOf(answer.vehicle)))
      if (names.has(name)) {
        // As if the shopper typed it: an earlier answer's message about the field no longer stands.
        clearServerError(name);
        void formik.setFieldValue(name, value, true);
      }
    setStatus({
      found: true,
      text: `Found: ${foundText(answer.vehicle)}. Check the details below.`,
    });
  }

  return (
    <div className="form-field-wide rego-lookup">
      <div className={`rego-lookup-row${state ? ' rego-lookup-with-state' : ''}`}>
        <Field field={rego} />
        {state && <Field field={state} />}
        <button
          type="button"
          className="btn btn-outline rego-lookup-button"
          aria-describedby={statusId}
          aria-disabled={status.busy}
          onClick={() => void find()}
        >
          {FIND_MY_CAR}
        </button>
      </div>
      <p
        id={statusId}
        className={`rego-lookup-status${status.text ? (status.found ? ' rego-lookup-found' : ' rego-lookup-problem') : ''}`}
        role="status"
      >
        {status.text ?? LOOKUP_HINT}
      </p>
    </div>
  );
}
