/**
 * Spec §3 entities, rule by rule: the defaults the content format gives absent fields (forms,
 * models, cars), the fields it requires, the block tunes, and the lead values a save carries.
 */
import { describe, expect, it } from 'vitest';
import { formData } from '../../../src/content/forms.ts';
import { rawBlock } from '../../../src/content/blocks.ts';
import {
  car as carSchema,
  location as locationSchema,
  model as modelSchema,
  offer as offerSchema,
} from '../../../src/content/entities.ts';
import type { FormDef } from '../../../src/forms/definition.ts';
import { leadValues } from '../../../src/forms/island/values.ts';
import { fieldOf, form } from '../forms/forms-context.ts';

describe('form block data', () => {
  it('defaults to a single-step General Enquiry headed Submit an Enquiry', () => {
    expect(formData.parse({})).toMatchObject({
      type: 'single',
      category: 'General Enquiry',
      heading: 'Submit an Enquiry',
      formSteps: [],
      fields: [],
    });
  });
});

describe('block tunes', () => {
  it('carry the classname and the alignment', () => {
    const block = rawBlock.parse({
      id: 1,
      type: 'buttons',
      data: {},
      tunes: { classname: 'show-all-cars', alignment: 'right' },
    });
    expect(block.tunes).toMatchObject({ classname: 'show-all-cars', alignment: 'right' });
    expect(rawBlock.safeParse({ id: 1, type: 'buttons', data: {}, tunes: { alignment: 'diagonal' } }).success).toBe(
      false,
    );
  });
});

describe('entities', () => {
  it('a model is available unless its status says coming_soon', () => {
    expect(modelSchema.parse({ slug: 'rav4', name: 'RAV4' }).status).toBe('available');
    expect(modelSchema.parse({ slug: 'bz', name: 'bZ', status: 'coming_soon' }).status).toBe('coming_soon');
  });

  it('a car is available unless its status says otherwise', () => {
    const car = carSchema.parse({
      id: 1,
      name: 'Car',
      slug: 'car',
      make: 'Toyota',
      model: 'Corolla',
      year: 2021,
      km: 1,
      price: 1,
      photos_count: 0,
      car_type: 'used',
      created_at_timestamp: 1,
    });
    expect(car.status).toBe('available');
  });

  it("an offer's excluded_website_ids are website ids (numbers)", () => {
    const base = { id: 1, name: 'Offer' };
    expect(offerSchema.parse({ ...base, excluded_website_ids: [7, 9] }).excluded_website_ids).toEqual([7, 9]);
    expect(offerSchema.safeParse({ ...base, excluded_website_ids: ['7'] }).success).toBe(false);
  });

  it('a location needs its coordinates and its address', () => {
    const base = { id: 1, name: 'Main St', location_type: 'sales' };
    expect(
      locationSchema.safeParse({ ...base, address: { lat: -33.4, long: 151.3, address: '1 Main St' } }).success,
    ).toBe(true);
    expect(locationSchema.safeParse({ ...base, address: { lat: -33.4, long: 151.3 } }).success).toBe(false);
  });
});

describe('lead submission values', () => {
  const def: FormDef = {
    formType: 'contact',
    kind: 'single',
    category: 'New Vehicle Enquiry',
    subcategory: 'RAV4',
    heading: 'Enquire',
    submit: 'lead',
    progress: 'bar',
    steps: [{ key: 'one', heading: 'One', rules: [], fields: [] }],
  };

  it('carry the category and subcategory of the form', () => {
    const out = leadValues(
      { name: 'Jane' },
      { def, page: { id: '5', title: 'RAV4' }, dealer: { dealership_name: 'Acme' }, locations: [] },
    );
    expect(out).toMatchObject({
      category: 'New Vehicle Enquiry',
      subcategory: 'RAV4',
      page_id: '5',
      PageTitle: 'RAV4',
    });
  });
});

describe('trade-in fields', () => {
  it('ask for Kms, or Vehicle Kilometers in New Zealand', () => {
    expect(fieldOf(form({ formType: 'tradeIn' }), 'kms').label).toBe('Kms');
    expect(fieldOf(form({ formType: 'tradeIn' }, { country: 'NZ' }), 'kms').label).toBe('Vehicle Kilometers');
  });
});
