/**
 * The steps of a form island: the current step's fields, progress, Back and Next (Submit on the
 * last step), the step error, and what leaving a step does (see actions.ts).
 */
import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { useFormikContext, type FormikTouched } from 'formik';
import { useStore } from '@nanostores/react';
import { HONEYPOT_FIELD } from '../contract.ts';
import { nextStepIndex, pathSteps, pickFields, previousStepIndex, shownButtons, stepError } from '../rules.ts';
import { customStep } from '../custom-steps/index.ts';
import { customStepComponent } from '../custom-steps/components.ts';
import { MAKE_STEP_KEY, type ServiceSiteOption } from '../service-sites.ts';
import { $user, userHasPhone } from '../../stores/user.ts';
import { formSessionKey, openFormSession } from '../../stores/form-session.ts';
import { $financeDetails, currentFinanceDetails } from '../../features/finance/ui/finance-store.ts';
import { firstPageQuery, noteVisitedPage, rememberFirstPageQuery } from '../../stores/visit.ts';
import type { FormIslandProps } from './props.ts';
import { applyQuery, trackingFrom, typedBeforeHydration, type Values } from './values.ts';
import { parseCurrencyInput } from './fields/Currency.tsx';
import { firstErrorField } from './validate.ts';
import { leaveStep, matchMake, submitFinance, submitLead, type FlowContext, type Outcome } from './actions.ts';
import { makeChallenge, seededChallenge } from './captcha.ts';
import { FieldsCtx, fieldId } from './fields/context.ts';
import Field from './fields/Field.tsx';
import Progress from './Progress.tsx';
import LocationChooser from './LocationChooser.tsx';

interface Props extends FormIslandProps {
  index: number;
  setIndex(index: number): void;
}

type Alert = { message: string; list?: string[] };

export default function FormSteps({ index, setIndex, ...props }: Props) {
  const { def, idBase } = props;
  const formik = useFormikContext<Values>();
  const { values } = formik;
  const user = useStore($user);
  // The server knows no user: the signed-in user's rules apply once the page runs, so the first
  // browser render matches the server HTML.
  const [hydrated, setHydrated] = useState(false);
  const pathOpts = { userHasPhone: hydrated && userHasPhone(user) };
  const step = def.steps[index]!;

  const [alert, setAlert] = useState<Alert>();
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [complete, setComplete] = useState(false);
  const [chooser, setChooser] = useState<{ options: ServiceSiteOption[]; next: number }>();
  const [challenge, setChallenge] = useState(() => seededChallenge(idBase));
  const flow = useRef<FlowContext>(undefined);
  const formRef = useRef<HTMLFormElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  // Set synchronously, so a double click or Enter cannot start a second save of the same step.
  const submitting = useRef(false);
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

  useEffect(() => {
    if (!moved.current) return;
    headingRef.current?.focus();
  }, [index, chooser]);

  const path = pathSteps(def, values, pathOpts);
  const position = Math.max(1, path.indexOf(step) + 1 || index + 1);
  const nextIndex = nextStepIndex(def, index, values, pathOpts);
  const isLast = nextIndex >= def.steps.length;
  // A hideButton rule hides Next only where a pick (an option, a slot) moves the step on.
  const buttons = shownButtons(step, values);
  const picks = pickFields(step);
  const showNext = buttons.next;
  const showBack = buttons.back && previousStepIndex(def, index, values, pathOpts) >= 0;
  const CustomStep = customStepComponent(step.customStepKey);
  const owned = CustomStep ? (customStep(step.customStepKey)?.owns ?? []) : [];
  // Pages published before the formStepHeadings cutoff show only the form heading and progress:
  // the step heading stays for screen readers (and as the focus target when the step changes).
  const stepHeadings = props.stepHeadings !== false;

  const focusField = (name: string) => {
    const el = formRef.current?.querySelector<HTMLElement>(`[name="${CSS.escape(name)}"]:not([type="hidden"])`);
    el?.focus();
  };

  const goTo = (i: number) => {
    moved.current = true;
    setAlert(undefined);
    setServerErrors({});
    setIndex(i);
  };

  const show = (outcome: Extract<Outcome, { ok: false }>) => {
    const fields = outcome.fields ?? {};
    const here = step.fields.filter((f) => fields[f.name]).map((f) => f.name);
    const elsewhere = Object.entries(fields).filter(([name]) => !here.includes(name));
    const label = (name: string) => def.steps.flatMap((s) => s.fields).find((f) => f.name === name)?.label || name;
    setServerErrors(Object.fromEntries(here.map((n) => [n, fields[n]!])));
    setAlert({
      message: outcome.message,
      list: [...(outcome.list ?? []), ...elsewhere.map(([n, m]) => `${label(n)}: ${m}`)],
    });
    if (here[0]) focusField(here[0]);
  };

  const onSubmit = async (e: SubmitEvent<HTMLFormElement>) => {
    e.preventDefault();
    const ctx = flow.current;
    if (submitting.current || complete || !ctx) return;
    submitting.current = true;
    try {
      await submitStep(ctx);
    } finally {
      submitting.current = false;
    }
  };

  const submitStep = async (ctx: FlowContext) => {
    setAlert(undefined);
    const errors = await formik.validateForm();
    const touched: FormikTouched<Values> = { ...formik.touched };
    for (const f of step.fields) touched[f.name] = true;
    void formik.setTouched(touched, false);
    // A step that must be complete says so besides its fields' own messages.
    const incomplete = stepError(step, values);
    if (incomplete) setAlert({ message: incomplete });
    const first = firstErrorField(step, errors);
    if (first) return focusField(first);
    if (incomplete) return;

    setBusy(true);
    try {
      if (!isLast) {
        const left = await leaveStep(ctx, step, values);
        if (!left.ok) return show(left);
        if (def.formType === 'simpleServiceBooking' && step.key === MAKE_STEP_KEY) {
          const match = await matchMake(ctx, String(values.make ?? ''));
          if (match.kind === 'redirect') return ctx.navigate(match.url);
          if (match.kind === 'choose') {
            moved.current = true;
            return setChooser({ options: match.options, next: nextIndex });
          }
        }
        return goTo(nextIndex);
      }
      const sent =
        def.submit === 'finance' ? await submitFinance(ctx, step, values) : await submitLead(ctx, step, values);
      if (!sent.ok) return show(sent);
      setComplete(true);
    } finally {
      setBusy(false);
    }
  };

  const fieldsCtx = {
    idBase,
    serverErrors,
    clearServerError: (name: string) => setServerErrors(({ [name]: _, ...rest }) => rest),
    challenge,
    chose: (name: string) => {
      if (!buttons.next && picks.includes(name)) setTimeout(() => formRef.current?.requestSubmit(), 0);
    },
  };
  const multi = def.kind === 'multi';
  const progress = multi && (
    <Progress
      id={`${idBase}-progress`}
      step={position}
      total={path.length}
      complete={complete}
      compact={def.progress === 'compact'}
    />
  );

  if (chooser) {
    return (
      <div className="form-island">
        {progress}
        <LocationChooser
          idBase={idBase}
          options={chooser.options}
          onChoose={(o) => (o.current ? (setChooser(undefined), goTo(chooser.next)) : flow.current?.navigate(o.url))}
          onBack={() => setChooser(undefined)}
        />
      </div>
    );
  }

  return (
    <FieldsCtx.Provider value={fieldsCtx}>
      <div className="form-island">
        {progress}
        <form
          ref={formRef}
          className="form-body"
          method="post"
          noValidate
          onSubmit={(e) => void onSubmit(e)}
          data-ready={hydrated || undefined}
          aria-labelledby={props.headingId}
          aria-busy={busy || undefined}
        >
          <p className="form-note">Required fields are marked with an asterisk (*).</p>
          {stepHeadings && ((multi && step.heading) || step.description) && (
            <div className="form-step-intro">
              {multi && step.heading && (
                <h3 className="form-step-heading" tabIndex={-1} ref={headingRef}>
                  {step.heading}
                </h3>
              )}
              {step.description && <p className="form-step-description">{step.description}</p>}
            </div>
          )}
          {!stepHeadings && multi && step.heading && (
            <h3 className="form-step-heading visually-hidden" tabIndex={-1} ref={headingRef}>
              {step.heading}
            </h3>
          )}
          <div className="form-grid">
            {CustomStep && <CustomStep key={step.key} step={step} />}
            {step.fields
              .filter((f) => !owned.includes(f.name))
              .map((f) => (
                <Field key={`${step.key}-${f.name}`} field={f} />
              ))}
          </div>
          <div className="form-hp" aria-hidden="true">
            <label htmlFor={fieldId(idBase, 'hp')}>Leave this field empty</label>
            <input
              id={fieldId(idBase, 'hp')}
              name={HONEYPOT_FIELD}
              type="text"
              tabIndex={-1}
              autoComplete="off"
              value={String(values[HONEYPOT_FIELD] ?? '')}
              onChange={formik.handleChange}
            />
          </div>
          <div role="alert" className={alert ? 'form-alert' : 'form-alert-empty'}>
            {alert && <p>{alert.message}</p>}
            {alert?.list?.length ? (
              <ul>
                {alert.list.map((m) => (
                  <li key={m}>{m}</li>
                ))}
              </ul>
            ) : null}
          </div>
          <div className={showNext || showBack ? 'form-actions' : 'form-actions form-actions-bare'}>
            {showBack && (
              <button
                type="button"
                className="btn btn-secondary form-back"
                onClick={() => goTo(previousStepIndex(def, index, values, pathOpts))}
              >
                Back
              </button>
            )}
            {/* A hidden Next stays reachable from the keyboard: choosing an option or a slot moves
                a pointer user on, and a keyboard user may confirm the choice with this button. */}
            {/* Disabled until the island runs: a native submit would post the visitor's details to
                the static host, which cannot take them. */}
            <button
              type="submit"
              className={showNext ? 'btn btn-primary form-next' : 'btn btn-primary form-next visually-hidden-focusable'}
              disabled={!hydrated}
              aria-disabled={busy || complete || undefined}
            >
              {busy ? 'Sending…' : isLast ? 'Submit' : 'Next'}
            </button>
          </div>
          <p role="status" className="form-status">
            {complete ? 'Thank you. Taking you to the confirmation page…' : ''}
          </p>
        </form>
      </div>
    </FieldsCtx.Provider>
  );
}
