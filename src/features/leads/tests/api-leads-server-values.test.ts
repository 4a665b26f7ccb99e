/**
 * The lead values the server owns (src/features/leads/server/server-values.ts), rule by rule, on forms built
 * for the Mini Motors fixture dealer: what a save's values become, and which choices are refused.
 * src/features/leads/tests/api-leads-forgery.test.ts tries the same forgeries through the lead route.
 */
import { describe, expect, it } from 'vitest';
import { ownedValues } from '../server/server-values.ts';
import type { FoundForm } from '../server/validate.ts';
import type { FormBlockData } from '../../../content/forms.ts';
import type { DealerContent } from '../../../content/load.ts';
import { resolveForm } from '../../../forms/definition.ts';
import { fixtureDealer } from '../../../../tests/helpers/render.ts';

const dealer = await fixtureDealer();
const PAGE = { id: '3', title: 'Enquire', path: '/enquire', publishedAt: '2025-06-01' };

function form(data: Partial<FormBlockData>, on: DealerContent = dealer): FoundForm {
  const def = resolveForm(data as FormBlockData, {
    site: on.site,
    locations: on.locations,
    models: on.models,
    pagePath: PAGE.path,
    publishedAt: PAGE.publishedAt,
  });
  return { page: PAGE, blockId: 'form-1', def };
}

const answers = { name: 'Sam Lee', email: 'sam@example.com', phone: '+61412345678' };

describe('ownedValues', () => {
  it("sets the site's, the page's and the form's values, and drops those the server has none of", () => {
    const owned = ownedValues(dealer, form({ formType: 'contact', category: 'General Enquiry' }), '3', {
      ...answers,
      location_id: '11',
      category: 'Finance Enquiry',
      subcategory: 'Forged',
      PageTitle: 'Forged title',
      page_id: '99',
      dealershipId: '950',
      dealerCompanyId: '88',
      dealership_name: 'Summit Mazda',
    });
    expect(owned.fields).toEqual({});
    expect(owned).toMatchObject({ category: 'General Enquiry', pageTitle: 'Enquire' });
    expect(owned.subcategory).toBeUndefined();
    // Mini Motors has no dealershipId or dealerCompanyId of its own: the forged ones are dropped.
    expect(owned.values).toEqual({
      ...answers,
      location_id: '11',
      category: 'General Enquiry',
      page_id: '3',
      PageTitle: 'Enquire',
      dealership_name: 'Mini Motors',
      dealership_id: '501',
      dealership_slug: 'mini-motors-sydney',
    });
  });

  it('takes a lead category select’s choice only from its options', () => {
    const found = form({
      formType: undefined,
      fields: [
        { name: 'name', type: 'fullName' },
        { name: 'enquiry', type: 'leadCategorySelect', options: ['Service Booking', 'Parts Enquiry'] },
      ] as FormBlockData['fields'],
    });
    const chosen = ownedValues(dealer, found, '3', { ...answers, enquiry: 'Parts Enquiry', category: 'X' });
    expect(chosen.fields).toEqual({});
    expect(chosen.category).toBe('Parts Enquiry');
    expect(chosen.values.category).toBe('Parts Enquiry');
    const refused = ownedValues(dealer, found, '3', { ...answers, enquiry: 'Finance Enquiry' });
    expect(refused.fields).toEqual({ enquiry: '*Please choose one of the listed options' });
    expect(refused.category).toBe(found.def.category);
  });

  it("refuses another dealer's location and one the location field does not offer; drops one the form does not ask", () => {
    const parts = form({ formType: 'parts' });
    const field = parts.def.steps.flatMap((s) => s.fields).find((f) => f.name === 'location_id');
    expect(field).toBeDefined();
    expect(ownedValues(dealer, parts, '3', { ...answers, location_id: '41' }).fields).toEqual({
      location_id: '*Please select a dealership location',
    });
    const contactOnly = form({ formType: 'contact' }, { ...dealer, locations: dealer.locations.slice(0, 1) });
    const dropped = ownedValues(dealer, contactOnly, '3', { ...answers, location_id: '12' });
    expect(dropped.fields).toEqual({});
    expect(dropped.values.location_id).toBeUndefined();
    expect(ownedValues(dealer, contactOnly, '3', { ...answers, location_id: 41 }).fields).toEqual({
      location_id: '*Please select a dealership location',
    });
    expect(ownedValues(dealer, contactOnly, '3', { ...answers, location_id: ['11'] }).fields).toHaveProperty(
      'location_id',
    );
  });

  it('keeps a dealership_slug field’s choice only among the dealer’s dealerships', () => {
    const found = form({
      formType: undefined,
      fields: [{ name: 'dealership_slug', type: 'hidden' }] as FormBlockData['fields'],
    });
    expect(ownedValues(dealer, found, '3', { ...answers, dealership_slug: 'mini-motors-sydney' }).fields).toEqual({});
    expect(ownedValues(dealer, found, '3', { ...answers, dealership_slug: 'summit-mazda' }).fields).toEqual({
      dealership_slug: '*Please select a dealership location',
    });
  });

  it("a team member's name: the one the form carries, else only one of the dealer's team members", () => {
    const carried = form({
      formType: 'contact',
      category: 'Team Member Enquiry',
      fields: [{ name: 'user', type: 'hidden', defaultValue: 'Priya Sharma' }] as FormBlockData['fields'],
    });
    expect(ownedValues(dealer, carried, '3', { ...answers, user: 'Call 0900 SCAM' }).values.user).toBe('Priya Sharma');
    expect(ownedValues(dealer, carried, '3', answers).values.user).toBe('Priya Sharma');
    const unnamed = form({ formType: 'contact', category: 'Team Member Enquiry' });
    expect(ownedValues(dealer, unnamed, '3', { ...answers, user: 'Sam Taylor' }).values.user).toBe('Sam Taylor');
    expect(ownedValues(dealer, unnamed, '3', { ...answers, user: 'Sam Taylor\nCall 0900 SCAM' }).values.user).toBe('');
    expect(ownedValues(dealer, unnamed, '3', answers).values).not.toHaveProperty('user');
  });

  it('a spam save naming no form keeps none of the form values it sent, and refuses nothing', () => {
    const owned = ownedValues(dealer, undefined, 'nope', { ...answers, category: 'X', PageTitle: 'Y' });
    expect(owned.category).toBeUndefined();
    expect(owned.values).toEqual({
      ...answers,
      page_id: 'nope',
      dealership_name: 'Mini Motors',
      dealership_id: '501',
      dealership_slug: 'mini-motors-sydney',
    });
  });
});
