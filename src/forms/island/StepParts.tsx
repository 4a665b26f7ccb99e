/**
 * The parts of a form step around its fields: the step's heading and description, the honeypot
 * field, the step's alert, and Back and Next (Submit on the last step).
 */
import type { ChangeEventHandler, MouseEvent, RefObject } from 'react';
import { HONEYPOT_FIELD } from '../contract.ts';
import type { StepDef } from '../types.ts';
import { fieldId } from './fields/context.ts';

/** What the step's alert says: a message and, when there are several problems, their list. */
export type Alert = { message: string; list?: string[] };

/**
 * The step's heading (a multi-step form's) and description. Pages published before the
 * formStepHeadings cutoff (`stepHeadings` false) show only the form heading and progress: the
 * step heading stays for screen readers (and as the focus target when the step changes).
 */
export function StepIntro({
  step,
  multi,
  stepHeadings,
  headingRef,
}: {
  step: StepDef;
  multi: boolean;
  stepHeadings: boolean;
  headingRef: RefObject<HTMLHeadingElement | null>;
}) {
  return (
    <>
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
    </>
  );
}

/** The field people never see and bots fill in: a save that has it filled is refused. */
export function Honeypot({
  idBase,
  value,
  onChange,
}: {
  idBase: string;
  value: string;
  onChange: ChangeEventHandler<HTMLInputElement>;
}) {
  return (
    <div className="form-hp" aria-hidden="true">
      <label htmlFor={fieldId(idBase, 'hp')}>Leave this field empty</label>
      <input
        id={fieldId(idBase, 'hp')}
        name={HONEYPOT_FIELD}
        type="text"
        tabIndex={-1}
        autoComplete="off"
        value={value}
        onChange={onChange}
      />
    </div>
  );
}

/** The step's alert region, empty until there is something to say. */
export function StepAlert({ alert }: { alert: Alert | undefined }) {
  return (
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
  );
}

/** One problem of the step: the field, its label and what is wrong with it. */
export type Problem = { name: string; label: string; message: string };

/** The summary's heading: how many problems stop the step from being sent. */
export function summaryHeading(count: number): string {
  return count === 1 ? 'Please fix this problem to continue:' : `Please fix these ${count} problems to continue:`;
}

/**
 * The step's error summary, at the top of the step once the shopper has tried to send it: each
 * problem a link to its field (GOV.UK's error summary pattern). It takes the focus when it
 * appears, so a screen reader reads it; it lists only what is still wrong.
 */
export function ErrorSummary({
  idBase,
  problems,
  summaryRef,
  onPick,
}: {
  idBase: string;
  problems: Problem[];
  summaryRef: RefObject<HTMLDivElement | null>;
  onPick(name: string): void;
}) {
  if (!problems.length) return null;
  const headingId = `${idBase}-summary-heading`;
  const pick = (e: MouseEvent<HTMLAnchorElement>, name: string) => {
    e.preventDefault();
    onPick(name);
  };
  return (
    <div className="form-alert form-summary" ref={summaryRef} tabIndex={-1} role="group" aria-labelledby={headingId}>
      <p id={headingId}>{summaryHeading(problems.length)}</p>
      <ul>
        {problems.map((p) => (
          <li key={p.name}>
            <a href={`#${fieldId(idBase, p.name)}`} onClick={(e) => pick(e, p.name)}>
              {p.label ? `${p.label}: ${p.message.replace(/^\*/, '')}` : p.message.replace(/^\*/, '')}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Back (when there is a step to go back to) and Next, or Submit on the last step. */
export function StepButtons({
  showNext,
  showBack,
  onBack,
  hydrated,
  busy,
  complete,
  isLast,
}: {
  showNext: boolean;
  showBack: boolean;
  onBack(): void;
  hydrated: boolean;
  busy: boolean;
  complete: boolean;
  isLast: boolean;
}) {
  return (
    <div className={showNext || showBack ? 'form-actions' : 'form-actions form-actions-bare'}>
      {showBack && (
        <button type="button" className="btn btn-secondary form-back" onClick={onBack}>
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
        // Pressing Submit keeps the focus where it is until the click: a blur first would show the
        // field's message, move the button down under the pointer, and lose the click.
        onMouseDown={(e) => e.preventDefault()}
      >
        {busy ? 'Sending…' : isLast ? 'Submit' : 'Next'}
      </button>
    </div>
  );
}
