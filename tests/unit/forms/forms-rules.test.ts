import { describe, expect, it } from 'vitest';
import { ctx, errorsOf, form } from './forms-context.ts';
import { resolveForm, pathSteps } from '../../../src/forms/definition.ts';
import { buttonsFor, nextStepIndex, previousStepIndex, stepError } from '../../../src/forms/rules.ts';
import { formSchema, stepSchema } from '../../../src/forms/schema.ts';
import { formData } from '../../../src/content/forms.ts';

type Rule = Record<string, string>;

/** A five-step builder form (a..e), each step with one required text field named after it. */
function fiveSteps(rules: Record<string, Rule[]> = {}) {
  const keys = ['a', 'b', 'c', 'd', 'e'];
  return resolveForm(
    formData.parse({
      type: 'multi',
      formSteps: keys.map((key) => ({ key, customRules: rules[key] ?? [] })),
      fields: [
        { name: 'answer', type: 'radio', options: ['Yes', 'No'], stepKey: 'a' },
        ...keys.slice(1).map((k) => ({ name: `field_${k}`, type: 'text', required: true, stepKey: k })),
      ],
    }),
    ctx(),
  );
}
const keysOf = (steps: { key: string }[]) => steps.map((s) => s.key);

describe('skip rules', () => {
  const def = fiveSteps({ a: [{ type: 'skip', key: 'answer', value: 'No', to: 'd' }] });

  it('jumps forward to the named step when the answer matches', () => {
    expect(nextStepIndex(def, 0, { answer: 'No' })).toBe(3);
    expect(keysOf(pathSteps(def, { answer: 'No' }))).toEqual(['a', 'd', 'e']);
  });

  it('goes to the next step when the answer differs or is missing', () => {
    expect(nextStepIndex(def, 0, { answer: 'Yes' })).toBe(1);
    expect(keysOf(pathSteps(def, {}))).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('matches ignoring case and surrounding spaces, and a list when it includes the value', () => {
    expect(nextStepIndex(def, 0, { answer: ' no ' })).toBe(3);
    expect(nextStepIndex(def, 0, { answer: ['Maybe', 'NO'] })).toBe(3);
    expect(nextStepIndex(def, 0, { answer: ['Maybe'] })).toBe(1);
    expect(nextStepIndex(def, 0, { answer: 'Not' })).toBe(1);
  });

  it('never jumps backwards, to the same step or to an unknown step', () => {
    const back = fiveSteps({
      c: [
        { type: 'skip', key: 'answer', value: 'No', to: 'a' },
        { type: 'skip', key: 'answer', value: 'No', to: 'c' },
        { type: 'skip', key: 'answer', value: 'No', to: 'nowhere' },
      ],
    });
    expect(nextStepIndex(back, 2, { answer: 'No' })).toBe(3);
    expect(keysOf(pathSteps(back, { answer: 'No' }))).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('uses the first rule of a step that applies', () => {
    const two = fiveSteps({
      a: [
        { type: 'skip', key: 'answer', value: 'Yes', to: 'c' },
        { type: 'skip', key: 'answer', value: 'Yes', to: 'e' },
      ],
    });
    expect(nextStepIndex(two, 0, { answer: 'yes' })).toBe(2);
  });

  it('submits after the last step', () => {
    expect(nextStepIndex(def, 4, {})).toBe(5);
  });

  it('Back returns to the step the visitor came from', () => {
    expect(previousStepIndex(def, 3, { answer: 'No' })).toBe(0);
    expect(previousStepIndex(def, 3, { answer: 'Yes' })).toBe(2);
    expect(previousStepIndex(def, 0, {})).toBe(-1);
  });
});

describe('skip authentication', () => {
  const def = fiveSteps({ a: [{ type: 'skipAuthentication', to: 'c' }] });

  it('jumps ahead for a logged-in visitor with a phone number', () => {
    expect(keysOf(pathSteps(def, {}, { userHasPhone: true }))).toEqual(['a', 'c', 'd', 'e']);
  });

  it('does nothing for anyone else', () => {
    expect(keysOf(pathSteps(def, {}, { userHasPhone: false }))).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(keysOf(pathSteps(def, {}))).toEqual(['a', 'b', 'c', 'd', 'e']);
  });
});

describe('hide button', () => {
  const def = fiveSteps({
    a: [{ type: 'hideButton', button: 'back' }],
    b: [{ type: 'hideButton', button: 'next' }],
    c: [{ type: 'hideButton', button: 'both' }],
  });

  it('hides Back, Next/Submit or both on the step', () => {
    expect(buttonsFor(def.steps[0]!)).toEqual({ back: false, next: true });
    expect(buttonsFor(def.steps[1]!)).toEqual({ back: true, next: false });
    expect(buttonsFor(def.steps[2]!)).toEqual({ back: false, next: false });
    expect(buttonsFor(def.steps[3]!)).toEqual({ back: true, next: true });
  });
});

describe('the schema of a whole submission follows the visitor path', () => {
  const def = fiveSteps({ a: [{ type: 'skip', key: 'answer', value: 'No', to: 'd' }] });

  it('does not require the fields of skipped steps', async () => {
    expect(await errorsOf(formSchema(def, { answer: 'No' }), { answer: 'No', field_d: 'x', field_e: 'y' })).toEqual({});
  });

  it('requires them when the steps are not skipped', async () => {
    const errors = await errorsOf(formSchema(def, { answer: 'Yes' }), { answer: 'Yes', field_d: 'x', field_e: 'y' });
    expect(Object.keys(errors)).toEqual(['field_b', 'field_c']);
  });

  it('leaves out a step skipped for a logged-in visitor with a phone', async () => {
    const auth = fiveSteps({ a: [{ type: 'skipAuthentication', to: 'c' }] });
    const values = { field_c: 'x', field_d: 'x', field_e: 'x' };
    expect(await errorsOf(formSchema(auth, values, { userHasPhone: true }), values)).toEqual({});
    expect(Object.keys(await errorsOf(formSchema(auth, values), values))).toEqual(['field_b']);
  });

  it('one step schema holds only that step', async () => {
    expect(Object.keys(await errorsOf(stepSchema(def, 'b'), {}))).toEqual(['field_b']);
    expect(() => stepSchema(def, 'zz')).toThrow(/no step "zz"/);
  });
});

describe('quick service step error', () => {
  const def = form({ formType: 'quickService' });
  const vehicle = def.steps[0]!;

  it("shows 'Please complete the form step before proceeding' when make, model or year is missing", () => {
    expect(stepError(vehicle, { RegoOrVin: 'ABC123', make: 'Toyota', model: 'Corolla' })).toBe(
      'Please complete the form step before proceeding',
    );
    expect(stepError(vehicle, { RegoOrVin: 'ABC123', make: ' ', model: 'Corolla', year: '2019' })).toBe(
      'Please complete the form step before proceeding',
    );
  });

  it('lets the visitor on once make, model and year are there', () => {
    expect(stepError(vehicle, { RegoOrVin: 'ABC123', make: 'Toyota', model: 'Corolla', year: '2019' })).toBeUndefined();
    expect(stepError(def.steps[1]!, {})).toBeUndefined();
  });
});
