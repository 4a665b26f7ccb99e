/**
 * The steps of a form island: the current step's fields, progress, Back and Next (Submit on the
 * last step), the step error, and what leaving a step does (see actions.ts). What the island does
 * once it runs is in use-form-start.ts; the parts around a step's fields in StepParts.tsx.
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
import type { FormIslandProps } from './props.ts';
import type { Values } from './values.ts';
import { firstErrorField, stepProblems } from './validate.ts';
import { leaveStep, matchMake, submitFinance, submitLead, type FlowContext, type Outcome } from './actions.ts';
import { FieldsCtx } from './fields/context.ts';
import Field from './fields/Field.tsx';
import Progress from './Progress.tsx';
import LocationChooser from './LocationChooser.tsx';
import { useFormStart } from './use-form-start.ts';
import { ErrorSummary, Honeypot, StepAlert, StepButtons, StepIntro, type Alert } from './StepParts.tsx';

interface Props extends FormIslandProps {
  index: number;
  setIndex(index: number): void;
}

export default function FormSteps({ index, setIndex, ...props }: Props) {
  const { def, idBase } = props;
  const formik = useFormikContext<Values>();
  const { values } = formik;
  const user = useStore($user);
  const step = def.steps[index]!;
  const { hydrated, challenge, flow, formRef } = useFormStart(props, step, formik);
  const pathOpts = { userHasPhone: hydrated && userHasPhone(user) };

  const [alert, setAlert] = useState<Alert>();
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [complete, setComplete] = useState(false);
  const [chooser, setChooser] = useState<{ options: ServiceSiteOption[]; next: number }>();
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The fields the error summary was opened with (on a refused Submit or Next), and its element.
  const [summary, setSummary] = useState<string[]>();
  const summaryRef = useRef<HTMLDivElement>(null);
  const focusSummary = useRef(false);
  const moved = useRef(false);
  // Set synchronously, so a double click or Enter cannot start a second save of the same step.
  const submitting = useRef(false);

  useEffect(() => {
    if (!moved.current) return;
    headingRef.current?.focus();
  }, [index, chooser]);

  useEffect(() => {
    if (!focusSummary.current) return;
    focusSummary.current = false;
    summaryRef.current?.focus();
  }, [summary]);

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
  // Pages published before the formStepHeadings cutoff show no step heading but to screen readers (StepIntro).
  const stepHeadings = props.stepHeadings !== false;

  const focusField = (name: string) => {
    const el = formRef.current?.querySelector<HTMLElement>(`[name="${CSS.escape(name)}"]:not([type="hidden"])`);
    el?.focus();
  };

  const goTo = (i: number) => {
    moved.current = true;
    setAlert(undefined);
    setServerErrors({});
    setSummary(undefined);
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
    // Submit is never disabled for a wrong answer: trying to send says what is wrong, in a
    // summary at the top of the step and at each field. Focus goes to the one wrong field, or to
    // the summary when there are several.
    const problems = stepProblems(step, errors);
    setSummary(problems.length ? problems.map((p) => p.name) : undefined);
    if (problems.length > 1) {
      focusSummary.current = true;
      return;
    }
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
          <StepIntro step={step} multi={multi} stepHeadings={stepHeadings} headingRef={headingRef} />
          {summary && (
            <ErrorSummary
              idBase={idBase}
              problems={stepProblems(step, formik.errors, summary)}
              summaryRef={summaryRef}
              onPick={focusField}
            />
          )}
          <div className="form-grid">
            {CustomStep && <CustomStep key={step.key} step={step} />}
            {step.fields
              .filter((f) => !owned.includes(f.name))
              .map((f) => (
                <Field key={`${step.key}-${f.name}`} field={f} />
              ))}
          </div>
          <Honeypot idBase={idBase} value={String(values[HONEYPOT_FIELD] ?? '')} onChange={formik.handleChange} />
          <StepAlert alert={alert} />
          <StepButtons
            showNext={showNext}
            showBack={showBack}
            onBack={() => goTo(previousStepIndex(def, index, values, pathOpts))}
            hydrated={hydrated}
            busy={busy}
            complete={complete}
            isLast={isLast}
          />
          <p role="status" className="form-status">
            {complete ? 'Thank you. Taking you to the confirmation page…' : ''}
          </p>
        </form>
      </div>
    </FieldsCtx.Provider>
  );
}
