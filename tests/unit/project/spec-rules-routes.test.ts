/**
 * Spec §2 routes and query parameters, rule by rule: the default model page and legal pages, the
 * form routes' query prefills, the paths that change behaviour, and the query parameters of the
 * tabs, the cars search and the thank-you page.
 */
import { describe, expect, it } from 'vitest';
import { model as modelSchema } from '../../../src/content/entities.ts';
import { siteSchema } from '../../../src/content/site.ts';
import type { FieldDef, FormDef } from '../../../src/forms/definition.ts';
import { applyQuery, initialValues } from '../../../src/forms/island/values.ts';
import { defaultModelBlocks, defaultPrivacy, defaultTerms } from '../../../src/domain/default-pages.ts';
import { showsBookService, websiteButtons } from '../../../src/blocks/websiteBrands/buttons.ts';
import { rangeTabItems } from '../../../src/blocks/brandModels/range-tabs.ts';
import { rangeTabs } from '../../../src/blocks/brandModels/model-range.ts';
import { carsStateMapping } from '../../../src/features/search/rules/cars-search.ts';
import { chooseSuccess, parseSuccessQuery } from '../../../src/blocks/success/success.ts';

const site = (over: Record<string, unknown> = {}) =>
  siteSchema.parse({ id: 1, slug: 'acme', name: 'Acme Cars', url: 'https://www.acme.com.au', country: 'AU', ...over });

describe('the default model page', () => {
  const model = modelSchema.parse({
    slug: 'rav4',
    name: 'RAV4',
    brochure_url: 'https://cdn.example.com/rav4.pdf',
    model_variants: [{ id: 1, name: 'GX' }],
    colours: [{ id: 1, name: 'White', photo_url: 'w.png', hexCode: '#fff' }],
  });

  it('offers the brochure as a button to its url', () => {
    const buttons = defaultModelBlocks(model).filter((b) => b.type === 'buttons');
    expect(buttons).toHaveLength(1);
    expect(JSON.stringify(buttons[0]!.data)).toContain('https://cdn.example.com/rav4.pdf');
    expect(defaultModelBlocks({ ...model, brochure_url: undefined }).some((b) => b.type === 'buttons')).toBe(false);
  });

  it('ends with a New Vehicle Enquiry about the model', () => {
    const form = defaultModelBlocks(model).at(-1)!;
    expect(form.type).toBe('form');
    expect(form.data).toMatchObject({ formType: 'contact', category: 'New Vehicle Enquiry', subcategory: 'RAV4' });
  });
});

describe('the default terms and privacy policy', () => {
  const text = (sections: { paragraphs: string[] }[]) => sections.flatMap((s) => s.paragraphs).join(' ');

  it("name the law of the dealer's country", () => {
    expect(text(defaultTerms(site({ country: 'NZ' })))).toContain('the laws of New Zealand');
    expect(text(defaultTerms(site({ state: 'NSW' })))).toContain('the laws of NSW, Australia');
    expect(text(defaultTerms(site()))).not.toContain('New Zealand');
  });

  it("name the privacy act of the dealer's country", () => {
    expect(text(defaultPrivacy(site({ country: 'NZ' })))).toContain('the Privacy Act 2020 (NZ)');
    expect(text(defaultPrivacy(site()))).toContain('the Privacy Act 1988 (Cth)');
  });
});

const f = (name: string, type: FieldDef['type'] = 'hidden'): FieldDef => ({ name, type, label: name, required: false });
const form = (...fields: FieldDef[]): FormDef => ({
  formType: 'contact',
  kind: 'single',
  category: 'General Enquiry',
  heading: 'Enquire',
  submit: 'lead',
  progress: 'bar',
  steps: [{ key: 'one', heading: 'One', rules: [], fields }],
});

describe('the query of the form routes', () => {
  it('/book-test-drive?make= prefills the make', () => {
    const def = form(f('make', 'make'), f('model', 'text'));
    expect(applyQuery(def, initialValues(def), '?make=Toyota').make).toBe('Toyota');
  });

  it("/models/order-now?model_id=&model_name=&vehicle= fills the order's hidden fields", () => {
    const def = form(f('model_id'), f('model_name'), f('vehicle'));
    const v = applyQuery(def, initialValues(def), '?model_id=12&model_name=RAV4&vehicle=RAV4%20GX%202WD');
    expect(v).toMatchObject({ model_id: '12', model_name: 'RAV4', vehicle: 'RAV4 GX 2WD' });
  });

  it('fills only the fields the form has', () => {
    const def = form(f('name', 'fullName'));
    expect(applyQuery(def, initialValues(def), '?make=Toyota&vehicle=GX')).not.toHaveProperty('make');
  });

  it('never replaces a stock number or car the form already holds', () => {
    const def = form(f('name', 'fullName'));
    const v = applyQuery(def, { stock_number: 'S1', selected_car: 'Corolla' }, '?stock_number=S2&selected_car=Camry');
    expect(v).toMatchObject({ stock_number: 'S1', selected_car: 'Corolla' });
  });
});

describe('paths that change behaviour', () => {
  const rules = { usedStockSuffixes: [], bookServiceButton: true };
  it('Book Your Service only on pages whose path contains why-service-with-us', () => {
    expect(showsBookService({ ...rules, pagePath: '/why-service-with-us' })).toBe(true);
    expect(showsBookService({ ...rules, pagePath: '/about/Why-Service-With-Us-Today' })).toBe(true);
    expect(showsBookService({ ...rules, pagePath: '/why-service-centre' })).toBe(false);
    expect(
      websiteButtons({ id: 1, name: 'Acme', url: 'https://acme.com.au' }, { ...rules, pagePath: '/service' }).map(
        (b) => b.label,
      ),
    ).toEqual(['Visit Website']);
  });
});

describe('?body= of the model range', () => {
  it('is written for a category and left out for All', () => {
    const models = [
      modelSchema.parse({ slug: 'a', name: 'A', manufacturer_body: 'SUV' }),
      modelSchema.parse({ slug: 'b', name: 'B', manufacturer_body: 'Ute' }),
    ];
    const items = rangeTabItems(rangeTabs(models, false));
    expect(items.map((i) => [i.key, i.query])).toEqual([
      ['all', undefined],
      ['suv', 'SUV'],
      ['ute', 'Ute'],
    ]);
  });
});

describe('the cars search in the URL', () => {
  const mapping = carsStateMapping('cars', (i) => i);
  it('writes the facets under their short names and reads them back', () => {
    const state = {
      cars: { refinementList: { simple_body: ['SUV'], simple_fuel: ['Diesel'], location_name: ['Gosford'] } },
    };
    const route = mapping.stateToRoute(state);
    expect(route).toEqual({ body: ['SUV'], fuel: ['Diesel'], location: ['Gosford'] });
    expect(mapping.routeToState(route)).toEqual(state);
  });
});

describe('user on the thank-you page', () => {
  const options = {
    siteName: 'Acme Cars',
    customMessages: [{ category: 'General Enquiry', description: 'Thanks, {team_member} will call you.' }],
    teamMembers: ['Jane'],
  };
  it('names the team member only for a team-member-enquiry', () => {
    const general = chooseSuccess(parseSuccessQuery('?category=general-enquiry&user=Jane'), options, { locations: [] });
    expect(general.paragraphs).toEqual(['Thanks, our team will call you.']);
    const team = chooseSuccess(parseSuccessQuery('?category=team-member-enquiry&user=Jane'), options, {
      locations: [],
    });
    expect(team.paragraphs.join(' ')).toContain('Jane');
  });
});
