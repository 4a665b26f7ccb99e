/**
 * The service booking page form: the product's four steps (Rego, Contact Details, Vehicle Details,
 * Service Date), and the spec's three (Rego, Vehicle Details, Service Date) when the block moves
 * the contact fields onto the last step through their stepKey.
 */
import { describe, expect, it } from 'vitest';
import { fieldNames, fieldOf, form, headings, stepKeys } from './forms-context.ts';
import { formSchema } from '../../../src/forms/schema.ts';

const threeSteps = {
  formType: 'serviceBooking',
  type: 'multi',
  fields: [
    { name: 'name', type: 'fullName', stepKey: 'date' },
    { name: 'phone', type: 'phone', stepKey: 'date' },
    { name: 'email', type: 'email', stepKey: 'date' },
  ],
};

describe('service booking steps', () => {
  it('has Rego, Contact Details, Vehicle Details and Service Date by default', () => {
    const def = form({ formType: 'serviceBooking', type: 'multi' });
    expect(stepKeys(def)).toEqual(['rego', 'contact', 'vehicle', 'date']);
  });

  it('has the spec’s three steps when the block puts the contact fields on the Service Date step', () => {
    const def = form(threeSteps);
    expect(stepKeys(def)).toEqual(['rego', 'vehicle', 'date']);
    expect(headings(def)).toEqual(['Rego', 'Vehicle Details', 'Service Date']);
    expect(fieldNames(def, 'date')).toEqual(
      expect.arrayContaining(['preferred_date', 'message', 'name', 'phone', 'email']),
    );
  });

  it('keeps the built-in label and required of a moved field the block does not restate', () => {
    const def = form(threeSteps);
    expect(['name', 'phone', 'email'].map((n) => fieldOf(def, n).required)).toEqual([true, true, true]);
    expect(fieldOf(def, 'phone').label).toBe('Mobile Phone');
  });

  it('lets the block restate them', () => {
    const def = form({
      ...threeSteps,
      fields: [
        ...threeSteps.fields,
        { name: 'email', type: 'email', label: 'Email (optional)', required: false, stepKey: 'date' },
      ],
    });
    expect(fieldOf(def, 'email')).toMatchObject({ label: 'Email (optional)', required: false });
  });

  it('keeps a step some of whose fields stay', () => {
    const def = form({
      formType: 'serviceBooking',
      type: 'multi',
      fields: [{ name: 'email', type: 'email', stepKey: 'date' }],
    });
    expect(stepKeys(def)).toEqual(['rego', 'contact', 'vehicle', 'date']);
    expect(fieldNames(def, 'contact')).not.toContain('email');
    expect(fieldNames(def, 'date')).toContain('email');
  });

  it('refuses a three-step booking without the contact details, as the API does', async () => {
    const def = form(threeSteps);
    const values = {
      RegoOrVin: 'ABC123',
      make: 'Toyota',
      model: 'Corolla',
      year: '2019',
      preferred_date: '2999-01-06',
    };
    const errors = await formSchema(def, values)
      .validate(values, { abortEarly: false })
      .then(
        () => [],
        (e) => e.inner.map((i: { path: string }) => i.path),
      );
    expect(errors).toEqual(expect.arrayContaining(['name', 'phone', 'email']));
  });
});
