/** One step's errors, by field name, from the shared yup schema plus the built-in captcha. */
import { ValidationError } from 'yup';
import type { FormDef, StepDef } from '../types.ts';
import { stepSchema } from '../schema.ts';
import { messages } from '../messages.ts';
import { CAPTCHA_PASSED } from './captcha.ts';
import type { Values } from './values.ts';

/** yup writes the path of a key like "Vehicle Make" as '["Vehicle Make"]'. */
function fieldOfPath(path: string): string {
  const m = /^\["(.*)"\]$/.exec(path);
  return m ? m[1]! : path;
}

export async function validateStep(def: FormDef, step: StepDef, values: Values): Promise<Record<string, string>> {
  const errors: Record<string, string> = {};
  try {
    await stepSchema(def, step.key).validate(values, { abortEarly: false });
  } catch (e) {
    if (!(e instanceof ValidationError)) throw e;
    for (const issue of e.inner.length ? e.inner : [e]) {
      const name = fieldOfPath(issue.path ?? '');
      if (name && !(name in errors)) errors[name] = issue.message;
    }
  }
  // The captcha is always checked, required or not: a wrong sum never passes.
  for (const f of step.fields) {
    if (f.type === 'captcha' && values[f.name] !== CAPTCHA_PASSED && !(f.name in errors))
      errors[f.name] = messages.captcha;
  }
  return errors;
}

/** The first field of the step (in display order) that has an error. */
export function firstErrorField(step: StepDef, errors: Record<string, unknown>): string | undefined {
  return step.fields.find((f) => f.type !== 'hidden' && errors[f.name])?.name;
}

/**
 * What the step's error summary lists: each shown field of the step (in display order) that has
 * an error, with its label and message. `only` keeps the fields the summary was opened with, so
 * fixing a field takes it off the list and a field not yet tried is not added to it.
 */
export function stepProblems(
  step: StepDef,
  errors: Record<string, unknown>,
  only?: readonly string[],
): { name: string; label: string; message: string }[] {
  return step.fields
    .filter((f) => f.type !== 'hidden' && typeof errors[f.name] === 'string' && errors[f.name] !== '')
    .filter((f) => !only || only.includes(f.name))
    .map((f) => ({ name: f.name, label: f.label.trim(), message: String(errors[f.name]) }));
}
