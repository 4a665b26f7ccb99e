import { describe, expect, it } from 'vitest';
import { ctx, fieldNames, fieldOf, form, hasField, step, stepKeys } from './forms-context.ts';
import { resolveForm } from '../../../src/forms/definition.ts';
import { formData } from '../../../src/content/forms.ts';
import { analyticsEventFor } from '../../../src/forms/events.ts';

const lastFields = (def: ReturnType<typeof form>) => def.steps[def.steps.length - 1]!.fields.map((f) => f.name);

describe('opt-in checkbox on the last step (pages published on or after 2024-06-03)', () => {
  it('is absent the day before', () => {
    expect(hasField(form({ formType: 'contact' }, { publishedAt: '2024-06-02' }), 'opt_in')).toBe(false);
    expect(hasField(form({ formType: 'contact' }, { publishedAt: '2024-06-02T23:59:00+10:00' }), 'opt_in')).toBe(false);
  });

  it('is there, optional, on the day and after, on the last step only', () => {
    for (const publishedAt of ['2024-06-03', '2024-06-03T14:00:00+10:00', '2025-01-01']) {
      const def = form({ formType: 'finance' }, { publishedAt });
      expect(lastFields(def).at(-1)).toBe('opt_in');
      expect(fieldNames(def, 'contact')).not.toContain('opt_in');
      expect(fieldOf(def, 'opt_in')).toMatchObject({ type: 'check', required: false });
    }
  });
});

describe('terms of use', () => {
  it('adds a required terms checkbox to the last step when the site requires terms', () => {
    const def = form({ formType: 'tradeIn' }, { options: { forms: { termsRequired: true } } });
    expect(lastFields(def)).toContain('terms_agreed');
    expect(fieldNames(def, 'details')).not.toContain('terms_agreed');
    expect(fieldOf(def, 'terms_agreed')).toMatchObject({ type: 'check', required: true });
  });

  it('asks for nothing otherwise', () => {
    expect(hasField(form({ formType: 'tradeIn' }), 'terms_agreed')).toBe(false);
  });

  it('puts terms before the opt-in', () => {
    const def = form(
      { formType: 'contact' },
      { publishedAt: '2024-07-01', options: { forms: { termsRequired: true } } },
    );
    expect(lastFields(def).slice(-2)).toEqual(['terms_agreed', 'opt_in']);
  });
});

describe('compact progress for long forms', () => {
  const steps = (n: number) =>
    formData.parse({
      type: 'multi',
      formSteps: Array.from({ length: n }, (_, i) => ({ key: `s${i + 1}` })),
      fields: [{ name: 'name', type: 'fullName', required: true }],
    });
  const compact = { options: { forms: { longFormCompactProgress: true } } };

  it('keeps the bar at 10 steps', () => {
    expect(resolveForm(steps(10), ctx(compact)).progress).toBe('bar');
  });

  it('goes compact at 11 steps when the site asks for it', () => {
    expect(resolveForm(steps(11), ctx(compact)).progress).toBe('compact');
    expect(resolveForm(steps(11), ctx()).progress).toBe('bar');
  });
});

describe('form builder', () => {
  const data = {
    type: 'multi',
    formSteps: [
      { key: 'one', heading: 'First' },
      { key: 'two', isCustom: true, customStepKey: 'slots', customRules: [{ type: 'hideButton', button: 'next' }] },
    ],
    fields: [
      { name: 'loose', type: 'text' },
      { name: 'lost', type: 'text', stepKey: 'missing' },
      { name: 'when', type: 'dateTime', label: 'When', bookingType: 'Test Drive', stepKey: 'two' },
      { name: 'where', type: 'locationSelect', required: true, stepKey: 'two' },
      { name: 'kind', type: 'radio', options: ['A', { label: 'Bee', value: 'B' }], stepKey: 'one' },
    ],
  };

  it('puts each field on its step; no or an unknown stepKey means the first step', () => {
    const def = resolveForm(formData.parse(data), ctx());
    expect(def.formType).toBe('builder');
    expect(def.kind).toBe('multi');
    expect(fieldNames(def, 'one')).toEqual(['loose', 'lost', 'kind']);
    expect(fieldNames(def, 'two')).toEqual(['when', 'where']);
    expect(step(def, 'two')).toMatchObject({ heading: 'Step 2', customStepKey: 'slots' });
    expect(step(def, 'two').rules).toEqual([{ type: 'hideButton', button: 'next' }]);
  });

  it("labels a dated booking 'Preferred {type} Date' and lists the dealer locations", () => {
    const def = resolveForm(formData.parse(data), ctx({ locations: [{ id: 4, type: 'sales', name: 'Gosford' }] }));
    expect(fieldOf(def, 'when')).toMatchObject({ label: 'Preferred Test Drive Date', dateRule: 'notPast' });
    expect(fieldOf(def, 'where').options).toEqual([{ label: 'Gosford', value: '4' }]);
    expect(fieldOf(def, 'kind').options).toEqual([
      { label: 'A', value: 'A' },
      { label: 'Bee', value: 'B' },
    ]);
  });

  it('a single-type form is one step holding every field', () => {
    const def = resolveForm(formData.parse({ ...data, type: 'single' }), ctx());
    expect(def.kind).toBe('single');
    expect(stepKeys(def)).toEqual(['one']);
    expect(fieldNames(def, 'one')).toEqual(['loose', 'lost', 'when', 'where', 'kind']);
    expect(def.steps[0]!.rules).toEqual([]);
  });
});

describe('category, heading and analytics', () => {
  it('uses the form type category and heading when the block keeps the defaults', () => {
    const def = form({ formType: 'testDrive' });
    expect(def).toMatchObject({ category: 'Test Drive Booking', heading: 'Book a Test Drive' });
    expect(form({ formType: 'testDrive', category: 'Competition Enquiry', heading: 'Win a drive' })).toMatchObject({
      category: 'Competition Enquiry',
      heading: 'Win a drive',
    });
  });

  it('keeps subcategory and description', () => {
    expect(form({ formType: 'contact', subcategory: 'Careers Enquiry', description: 'Join us' })).toMatchObject({
      subcategory: 'Careers Enquiry',
      description: 'Join us',
    });
  });

  it('fires the event of the category: 20 service, 28 finance, 18 trade-in, 40 valuation, others by category', () => {
    expect(analyticsEventFor('Service Booking')).toBe(20);
    expect(analyticsEventFor('Finance Enquiry')).toBe(28);
    expect(analyticsEventFor('trade-in-enquiry')).toBe(18);
    expect(analyticsEventFor('Valuation Enquiry')).toBe(40);
    expect(analyticsEventFor('General Enquiry')).toBe(10);
    expect(analyticsEventFor('Something New')).toBe(10);
    expect(form({ formType: 'contact', category: 'Competition Enquiry' }).analyticsEvent).toBe(15);
  });
});

describe('hand-built block data', () => {
  it('resolves data that skipped the schema defaults', () => {
    const def = resolveForm({ formType: 'contact' } as never, ctx());
    expect(def).toMatchObject({ category: 'General Enquiry', heading: 'Submit an Enquiry', formType: 'contact' });
    const builder = resolveForm(
      { formSteps: [{ key: 'a' }, { key: 'b' }], fields: [{ name: 'n', type: 'text' }] } as never,
      ctx(),
    );
    expect(builder.steps.map((s) => s.key)).toEqual(['a', 'b']);
  });
});
