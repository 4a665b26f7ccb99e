/**
 * The error summary a form step shows when the shopper tries to send it with something missing
 * or wrong: the real contact form's fields, checked by the real step schema (validateStep), listed
 * in display order with their labels and the spec's messages; a 6-digit mobile gets the phone message.
 */
import { describe, expect, it } from 'vitest';
import { form } from './forms-context.ts';
import { stepProblems, validateStep } from '../../../src/forms/island/validate.ts';
import { summaryHeading } from '../../../src/forms/island/StepParts.tsx';

const contact = () => {
  const def = form({ formType: 'contact' });
  return { def, step: def.steps[0]! };
};

describe('the step error summary', () => {
  it('lists an empty name and a 6-digit mobile, in the order of the fields, with their labels', async () => {
    const { def, step } = contact();
    const names = step.fields.map((f) => f.name);
    expect(names).toContain('name');
    expect(names).toContain('phone');
    const errors = await validateStep(def, step, { name: '', phone: '041234', email: 'shopper@example.com.au' });
    const problems = stepProblems(step, errors);
    const byName = Object.fromEntries(problems.map((p) => [p.name, p.message]));
    expect(byName.name).toBe('*Please enter your name');
    expect(byName.phone).toMatch(/^\*Please enter (a valid phone number|a mobile number, e\.g\. 0412 345 678)$/);
    expect(problems.findIndex((p) => p.name === 'name')).toBeLessThan(problems.findIndex((p) => p.name === 'phone'));
    for (const p of problems) expect(p.label, p.name).not.toBe('');
  });

  it('keeps only the fields it was opened with, and drops a field once it is right', async () => {
    const { def, step } = contact();
    const first = await validateStep(def, step, { name: '', phone: '041234' });
    const opened = stepProblems(step, first).map((p) => p.name);
    expect(opened).toEqual(expect.arrayContaining(['name', 'phone']));
    const later = await validateStep(def, step, { name: 'Sam Lee', phone: '041234' });
    const still = stepProblems(step, later, opened).map((p) => p.name);
    expect(still).not.toContain('name');
    expect(still).toContain('phone');
    expect(stepProblems(step, { notAField: '*Something' })).toEqual([]);
  });

  it('says how many problems there are', () => {
    expect(summaryHeading(1)).toBe('Please fix this problem to continue:');
    expect(summaryHeading(3)).toBe('Please fix these 3 problems to continue:');
  });
});
