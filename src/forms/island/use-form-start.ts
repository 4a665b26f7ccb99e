/**
 * What a form island does once it runs in the page: it opens the form's session, notes the visit
 * and the first page's query, keeps what the visitor typed into the server-rendered step, applies
 * the query, draws the captcha's challenge, and keeps the budget in step with a finance calculator
 * on the same page while the visitor has typed none of their own.
 */
import { useEffect, useRef, useState } from 'react';
import type { FormikContextType } from 'formik';
import { useStore } from '@nanostores/react';
import type { StepDef } from '../types.ts';
import { formSessionKey, openFormSession } from '../../stores/form-session.ts';
import { $financeDetails, currentFinanceDetails } from '../../features/finance/ui/finance-store.ts';
import { firstPageQuery, noteVisitedPage, rememberFirstPageQuery } from '../../stores/visit.ts';
import type { FormIslandProps } from './props.ts';
import { applyQuery, trackingFrom, typedBeforeHydration, type Values } from './values.ts';
import { parseCurrencyInput } from './fields/Currency.tsx';
import type { FlowContext } from './actions.ts';
import { makeChallenge, seededChallenge } from './captcha.ts';

/**
 * Starts the island on `step` (the step the server rendered): `hydrated` once it runs, the flow's
 * context for leaving a step and submitting, the captcha's challenge, and the form element's ref.
 */
export function useFormStart(props: FormIslandProps, step: StepDef, formik: FormikContextType<Values>) {
  const { def, idBase } = props;
  // The server knows no user: the signed-in user's rules apply once the page runs, so the first
  // browser render matches the server HTML.
  const [hydrated, setHydrated] = useState(false);
  const [challenge, setChallenge] = useState(() => seededChallenge(idBase));
  const flow = useRef<FlowContext>(undefined);
  const formRef = useRef<HTMLFormElement>(null);
  const wantsBudget = def.steps.some((s) => s.fields.some((f) => f.name === 'vehiclePriceBudget'));
  /** The budget last taken from the finance calculator (so a budget the visitor typed is kept). */
  const calculatorBudget = useRef<unknown>(undefined);

  useEffect(() => {
    const search = window.location.search;
    const key = formSessionKey(props.site.slug, props.page.id, props.blockId);
    rememberFirstPageQuery(search);
    noteVisitedPage(props.page.path);
    flow.current = {
      props,
      session: { key, data: openFormSession(key) },
      tracking: trackingFrom(search, firstPageQuery()),
      ...(props.apiBase ? { client: { apiBase: props.apiBase } } : {}),
      navigate: (url) => window.location.assign(url),
      alert: (message) => window.alert(message),
    };
    setChallenge(makeChallenge(Math.random));
    // Whatever the visitor typed into the server-rendered step while the page loaded is kept.
    const form = formRef.current;
    const typed = form
      ? typedBeforeHydration(
          step,
          (name) =>
            Array.from(form.querySelectorAll<HTMLInputElement>(`[name="${CSS.escape(name)}"]`), (el) => ({
              value: el.value,
              checked: el.checked,
            })),
          parseCurrencyInput,
        )
      : {};
    const next = applyQuery(def, { ...formik.values, ...typed }, search);
    const saved = wantsBudget && next.vehiclePriceBudget === '' ? currentFinanceDetails() : undefined;
    if (saved) {
      next.vehiclePriceBudget = saved.amount;
      calculatorBudget.current = saved.amount;
    }
    void formik.setValues(next, false);
    setHydrated(true);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- Once per mount: later prop changes do not restart the session.
  }, []);

  // A finance calculator on the same page keeps the budget in step while the visitor has not
  // typed a budget of their own.
  const financeDetails = useStore($financeDetails);
  useEffect(() => {
    if (!hydrated || !wantsBudget || !financeDetails) return;
    const current = formik.values.vehiclePriceBudget;
    if (current !== '' && current !== calculatorBudget.current) return;
    calculatorBudget.current = financeDetails.amount;
    void formik.setFieldValue('vehiclePriceBudget', financeDetails.amount, false);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- Follows the calculator's store; the form's own edits must not apply it again.
  }, [financeDetails]);

  return { hydrated, challenge, flow, formRef };
}
