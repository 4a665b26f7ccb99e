/**
 * How a visitor moves through a form: custom rules (skip, skipAuthentication, hideButton), the
 * path of steps a set of values takes, and the step error of steps that must be complete.
 */
import type { FormDef, StepDef } from './types.ts';
import { customStep } from './custom-steps/index.ts';

export interface PathOptions {
  /** A logged-in visitor whose account has a phone number (the skipAuthentication rule). */
  userHasPhone?: boolean;
}

/** A skip rule's value matches: string compare ignoring case and edge spaces; a list matches when it includes it. */
export function ruleMatches(actual: unknown, expected: string): boolean {
  const want = expected.trim().toLowerCase();
  const one = (v: unknown) => v !== null && v !== undefined && String(v).trim().toLowerCase() === want;
  return Array.isArray(actual) ? actual.some(one) : one(actual);
}

/**
 * The index of the step after step `index`: the first rule of the step that applies and points
 * forward to a known step, else the next step. A rule pointing at the step itself, an earlier
 * step or an unknown key is ignored (jumps only go forward). Returns `def.steps.length` after the
 * last step: the form submits.
 */
export function nextStepIndex(
  def: FormDef,
  index: number,
  values: Record<string, unknown>,
  opts: PathOptions = {},
): number {
  const step = def.steps[index];
  if (!step) return def.steps.length;
  for (const rule of step.rules) {
    let to: string | undefined;
    if (rule.type === 'skip' && ruleMatches(values[rule.key], rule.value)) to = rule.to;
    if (rule.type === 'skipAuthentication' && opts.userHasPhone) to = rule.to;
    if (to === undefined) continue;
    const target = def.steps.findIndex((s) => s.key === to);
    if (target > index) return target;
  }
  return index + 1;
}

/** The steps a visitor with these values passes through, in order, from the first. */
export function pathSteps(def: FormDef, values: Record<string, unknown>, opts: PathOptions = {}): StepDef[] {
  const path: StepDef[] = [];
  for (let i = 0; i < def.steps.length; i = nextStepIndex(def, i, values, opts)) path.push(def.steps[i]!);
  return path;
}

/** The index of the step before `index` on the visitor's path (for Back), or -1 on the first. */
export function previousStepIndex(
  def: FormDef,
  index: number,
  values: Record<string, unknown>,
  opts: PathOptions = {},
): number {
  let prev = -1;
  for (let i = 0; i < def.steps.length && i < index; i = nextStepIndex(def, i, values, opts)) prev = i;
  return prev;
}

/** Which of Back and Next (Submit on the last step) a step shows, by its hideButton rules. */
export function buttonsFor(step: StepDef): { back: boolean; next: boolean } {
  const buttons = { back: true, next: true };
  for (const rule of step.rules) {
    if (rule.type !== 'hideButton') continue;
    if (rule.button === 'back' || rule.button === 'both') buttons.back = false;
    if (rule.button === 'next' || rule.button === 'both') buttons.next = false;
  }
  return buttons;
}

/** The fields of a step whose answer is a single pick: radio and radio-card fields, and what a custom step's pick answers. */
export function pickFields(step: StepDef): string[] {
  const choices = step.fields.filter((f) => f.type === 'radio' || f.type === 'radioCard').map((f) => f.name);
  return [...choices, ...(customStep(step.customStepKey)?.picks ?? [])];
}

/**
 * Whether the step can move on without its Next button: choosing an option of a radio or
 * radio-card field, or picking in a custom step that can take a pick in its current state (a slot
 * picker whose location has opening hours).
 */
export function movesOnByPick(step: StepDef, values: Record<string, unknown>): boolean {
  if (step.fields.some((f) => f.type === 'radio' || f.type === 'radioCard')) return true;
  return customStep(step.customStepKey)?.movesOn(step, values) ?? false;
}

/**
 * The buttons a step shows. A hideButton rule hides Next (Submit on the last step) only where a
 * pick moves the step on; a step with nothing to pick keeps Next visible rather than strand the
 * visitor (the build warns about such content, see src/content/validate-blocks.ts).
 */
export function shownButtons(step: StepDef, values: Record<string, unknown>): { back: boolean; next: boolean } {
  const buttons = buttonsFor(step);
  return { back: buttons.back, next: buttons.next || !movesOnByPick(step, values) };
}

const isEmpty = (v: unknown) =>
  v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);

/** The step error shown when the visitor tries to leave an incomplete step, if any. */
export function stepError(step: StepDef, values: Record<string, unknown>): string | undefined {
  if (!step.completion) return undefined;
  return step.completion.fields.some((name) => isEmpty(values[name])) ? step.completion.message : undefined;
}
