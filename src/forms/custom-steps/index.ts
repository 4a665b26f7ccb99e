/**
 * What each custom step (names.ts) does outside React: the fields it asks, built for the page at
 * build time and added to its step (so the shared yup schema and the API validate them), the
 * fields a pick in it answers, and whether such a pick can move a step whose Next is hidden on.
 * The components that render them are in components.ts.
 */
import type { FieldDef, FormContext, StepDef } from '../types.ts';
import { isCustomStepKey, type CustomStepKey } from './names.ts';
import { DATE_FIELD, LOCATION_FIELD, testDriveSlotsFields, testDriveSlotsMovesOn } from './test-drive-slots.ts';
import { regoLookupFields, REGO_LOOKUP_OWNS } from './rego-lookup.ts';

export interface CustomStep {
  /** The fields the step asks, for the page's dealer; the step's component renders them. */
  fields(ctx: FormContext): FieldDef[];
  /** The names of those fields: the component renders them, the form the step's other fields. */
  owns: readonly string[];
  /** Fields a pick in the step answers: picking one moves a step without Next on. */
  picks: readonly string[];
  /** Whether a pick can move the step on in its current state (else Next stays visible). */
  movesOn(step: StepDef, values: Record<string, unknown>): boolean;
}

export const customSteps = {
  testDriveSlots: {
    fields: testDriveSlotsFields,
    owns: [LOCATION_FIELD, DATE_FIELD],
    picks: [DATE_FIELD],
    movesOn: testDriveSlotsMovesOn,
  },
  regoLookup: {
    fields: regoLookupFields,
    owns: REGO_LOOKUP_OWNS,
    picks: [],
    movesOn: () => false,
  },
} satisfies Record<CustomStepKey, CustomStep>;

/** What a custom step's component gets: its step, as resolved for the page. */
export interface CustomStepProps {
  step: StepDef;
}

/** The custom step registered under `key`, or undefined (inherited keys never match). */
export function customStep(key: string | undefined): CustomStep | undefined {
  return key !== undefined && isCustomStepKey(key) ? customSteps[key.trim() as CustomStepKey] : undefined;
}
