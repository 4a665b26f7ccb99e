import { describe, expect, it } from 'vitest';
import { ctx, fieldNames, fieldOf, form, hasField, headings, step, stepKeys } from './forms-context.ts';
import { resolveForm } from '../../../src/forms/definition.ts';
import { formData } from '../../../src/content/forms.ts';
import { teamMemberFormData } from '../../../src/domain/team.ts';

const twoServiceSites = [
  { id: 1, type: 'Sales', dealership: 'north' },
  { id: 2, type: 'SERVICE', name: 'North Service', dealership: 'north' },
  { id: 3, type: 'service', name: 'South Service', dealership: 'south' },
];

describe('contact form', () => {
  it('asks for name, mobile phone and email, all required, and an optional message', () => {
    const def = form({ formType: 'contact' });
    expect(def.kind).toBe('single');
    expect(fieldNames(def, 'contact')).toEqual(['name', 'phone', 'email', 'message']);
    expect(['name', 'phone', 'email'].map((n) => fieldOf(def, n).required)).toEqual([true, true, true]);
    expect(fieldOf(def, 'phone').label).toBe('Mobile Phone');
    expect(fieldOf(def, 'message').required).toBe(false);
  });

  it('keeps the schema defaults: General Enquiry, Submit an Enquiry', () => {
    const def = form({ formType: 'contact' });
    expect(def.category).toBe('General Enquiry');
    expect(def.heading).toBe('Submit an Enquiry');
    expect(def.submit).toBe('lead');
  });

  it('asks for a dealership location only when the dealer has more than one location', () => {
    expect(hasField(form({ formType: 'contact' }, { locations: [{ id: 1, type: 'sales' }] }), 'location_id')).toBe(
      false,
    );
    const def = form(
      { formType: 'contact' },
      {
        locations: [
          { id: 1, type: 'sales' },
          { id: 2, type: 'service' },
        ],
      },
    );
    expect(fieldOf(def, 'location_id')).toMatchObject({ type: 'locationSelect', required: true });
    expect(fieldOf(def, 'location_id').options).toEqual([
      { label: 'Location 1', value: '1' },
      { label: 'Location 2', value: '2' },
    ]);
  });

  it('a form block with no form type and no fields is a contact form', () => {
    expect(form({}).formType).toBe('contact');
  });

  it('carries the team member in a hidden user field for a team-member enquiry', () => {
    const def = resolveForm(teamMemberFormData({ name: 'Jane Citizen' }), ctx());
    expect(def.category).toBe('Team Member Enquiry');
    expect(def.heading).toBe('Send Jane Citizen a message');
    expect(fieldOf(def, 'user')).toMatchObject({ type: 'hidden', required: false, defaultValue: 'Jane Citizen' });
    expect(hasField(form({ formType: 'contact' }), 'user')).toBe(false);
  });
});

describe('service booking page form', () => {
  it('is headed "Book Your Service at" and the dealer name, with the Rego, contact, Vehicle Details and Service Date steps', () => {
    const def = form({ formType: 'serviceBooking', type: 'multi' });
    expect(def.heading).toBe('Book Your Service at Test Motors');
    expect(def.category).toBe('Service Booking');
    expect(headings(def)).toEqual(['Rego', 'Contact Details', 'Vehicle Details', 'Service Date']);
    expect(fieldNames(def, 'rego')).toEqual(['RegoOrVin', 'vehicle_state']);
    expect(fieldOf(def, 'RegoOrVin')).toMatchObject({ label: 'Vehicle Rego', type: 'rego', required: true });
    expect(fieldNames(def, 'contact')).toEqual(['name', 'phone', 'email']);
  });

  it('keeps a heading the editor wrote', () => {
    expect(form({ formType: 'serviceBooking', heading: 'Service online' }).heading).toBe('Service online');
  });

  it('defaults Vehicle State to the dealer state', () => {
    expect(fieldOf(form({ formType: 'serviceBooking' }, { state: 'VIC' }), 'vehicle_state').defaultValue).toBe('VIC');
    expect(
      fieldOf(form({ formType: 'serviceBooking' }, { country: 'NZ', state: 'Canterbury' }), 'vehicle_state'),
    ).toMatchObject({ type: 'hidden', defaultValue: 'Canterbury' });
  });

  it('offers the dealer service intervals, required only when the site says so', () => {
    const serviceIntervals = ['3,000km or 3 months', '15,000km or 12 months'];
    const optional = fieldOf(
      form({ formType: 'serviceBooking' }, { options: { forms: { serviceBooking: { serviceIntervals } } } }),
      'service_interval',
    );
    expect(optional).toMatchObject({ type: 'select', label: 'Service Interval', required: false });
    expect(optional.options!.map((o) => o.value)).toEqual(serviceIntervals);
    const required = fieldOf(
      form(
        { formType: 'serviceBooking' },
        {
          options: { forms: { serviceBooking: { serviceIntervals, serviceIntervalRequired: true } } },
        },
      ),
      'service_interval',
    );
    expect(required.required).toBe(true);
  });

  it('requires a service location only when the dealer has several service locations', () => {
    const several = form({ formType: 'serviceBooking' }, { locations: twoServiceSites });
    expect(fieldNames(several, 'vehicle')).toEqual(['make', 'model', 'year', 'service_interval', 'location_id']);
    expect(fieldOf(several, 'location_id')).toMatchObject({ type: 'locationSelect', required: true });
    expect(fieldOf(several, 'location_id').options!.map((o) => o.value)).toEqual(['2', '3']);
    const one = form(
      { formType: 'serviceBooking' },
      {
        locations: [
          { id: 1, type: 'sales' },
          { id: 2, type: 'service' },
        ],
      },
    );
    expect(fieldOf(one, 'location_id')).toMatchObject({ type: 'hidden', required: false, defaultValue: '2' });
  });

  it('asks for the Preferred Service Date, with optional Comments, Tyres Replacement and repair text', () => {
    const def = form({ formType: 'serviceBooking' });
    expect(fieldNames(def, 'date')).toEqual(['preferred_date', 'message', 'tyres_replacement', 'repair_issue']);
    expect(fieldOf(def, 'preferred_date')).toMatchObject({
      type: 'dateTime',
      bookingType: 'Service',
      label: 'Preferred Service Date',
      required: true,
    });
    expect(fieldOf(def, 'message')).toMatchObject({ label: 'Comments', required: false });
    expect(fieldOf(def, 'tyres_replacement')).toMatchObject({
      type: 'check',
      label: 'Tyres Replacement',
      required: false,
    });
    expect(fieldOf(def, 'repair_issue').required).toBe(false);
  });

  it('adds street, suburb, state and postcode to the contact details when the site asks for address fields', () => {
    expect(fieldNames(form({ formType: 'serviceBooking' }), 'contact')).not.toContain('street');
    const def = form(
      { formType: 'serviceBooking' },
      { options: { forms: { serviceBooking: { addressFields: true } } } },
    );
    expect(fieldNames(def, 'contact')).toEqual(['name', 'phone', 'email', 'street', 'suburb', 'state', 'postcode']);
  });

  it('fires event 20 on completion', () => {
    expect(form({ formType: 'serviceBooking' }).analyticsEvent).toBe(20);
  });
});

describe('full service booking', () => {
  it('has Contact Details, Vehicle Details and Order Details', () => {
    const def = form({ formType: 'serviceBookingFull' });
    expect(headings(def)).toEqual(['Contact Details', 'Vehicle Details', 'Order Details']);
    expect(fieldNames(def, 'vehicle')).toEqual([
      'RegoOrVin',
      'vehicle_state',
      'make',
      'model',
      'year',
      'service_interval',
    ]);
    expect(def.analyticsEvent).toBe(20);
  });

  it('has only Contact and Order Details without the vehicle step; the rego and interval move to the order', () => {
    const def = form(
      { formType: 'serviceBookingFull' },
      { options: { forms: { serviceBooking: { vehicleStep: false } } } },
    );
    expect(headings(def)).toEqual(['Contact Details', 'Order Details']);
    expect(fieldNames(def, 'order').slice(0, 3)).toEqual(['RegoOrVin', 'vehicle_state', 'service_interval']);
    expect(hasField(def, 'make')).toBe(false);
  });

  it('requires a Service Type when the dealer lists types', () => {
    expect(hasField(form({ formType: 'serviceBookingFull' }), 'service_type')).toBe(false);
    const def = form(
      { formType: 'serviceBookingFull' },
      { options: { forms: { serviceBooking: { serviceTypes: ['Logbook', 'Brakes'] } } } },
    );
    expect(fieldOf(def, 'service_type')).toMatchObject({ type: 'select', required: true });
  });
});

describe('simple service booking', () => {
  it('starts with a choice of the dealer makes, then the full booking without asking the make again', () => {
    const def = form(
      { formType: 'simpleServiceBooking' },
      {
        manufacturer: 'Toyota',
        locations: [
          { id: 1, type: 'sales', makes: ['toyota', 'Mazda'] },
          { id: 2, type: 'service', makes: ['Kia'] },
        ],
      },
    );
    expect(stepKeys(def)).toEqual(['make', 'contact', 'vehicle', 'order']);
    expect(fieldNames(def, 'make')).toEqual(['make']);
    expect(fieldOf(def, 'make')).toMatchObject({ type: 'radioCard', required: true });
    expect(fieldOf(def, 'make').options!.map((o) => o.value)).toEqual(['Toyota', 'Mazda', 'Kia']);
    expect(fieldNames(def, 'vehicle')).not.toContain('make');
  });
});

describe('quick service booking', () => {
  it('has Vehicle Details (rego first, then make, model and year, all required), Contact Details and Order Details', () => {
    const def = form({ formType: 'quickService' });
    expect(headings(def)).toEqual(['Vehicle Details', 'Contact Details', 'Order Details']);
    expect(fieldNames(def, 'vehicle')).toEqual(['RegoOrVin', 'make', 'model', 'year']);
    expect(step(def, 'vehicle').fields.every((f) => f.required)).toBe(true);
    expect(step(def, 'vehicle').completion).toEqual({
      fields: ['make', 'model', 'year'],
      message: 'Please complete the form step before proceeding',
    });
  });

  it('follows the steps option', () => {
    const def = form(
      { formType: 'quickService' },
      { options: { forms: { quickService: { steps: ['contact', 'vehicle'] } } } },
    );
    expect(headings(def)).toEqual(['Contact Details', 'Vehicle Details']);
  });

  it('requires a Service Type when options exist and a dealership when there are several', () => {
    const plain = form({ formType: 'quickService' });
    expect(hasField(plain, 'service_type')).toBe(false);
    expect(fieldOf(plain, 'dealership_slug')).toMatchObject({ type: 'hidden', defaultValue: 'dealership-1' });
    const def = form(
      { formType: 'quickService' },
      {
        locations: twoServiceSites,
        options: { forms: { serviceBooking: { serviceTypes: ['Logbook'] } } },
      },
    );
    expect(fieldOf(def, 'service_type').required).toBe(true);
    expect(fieldOf(def, 'dealership_slug')).toMatchObject({ type: 'select', required: true });
    expect(fieldOf(def, 'dealership_slug').options!.map((o) => o.value)).toEqual(['north', 'south']);
    expect(fieldOf(def, 'preferred_date').label).toBe('Preferred Service Date');
  });
});

describe('finance form', () => {
  it('has Contact Details then Finance Details and posts to the finance provider', () => {
    const def = form({ formType: 'finance', type: 'multi' });
    expect(headings(def)).toEqual(['Contact Details', 'Finance Details']);
    expect(def.submit).toBe('finance');
    expect(fieldNames(def, 'contact')).toEqual([
      'first_name',
      'middle_name',
      'last_name',
      'email',
      'phone',
      'dateOfBirth',
      'driverLicenceNumber',
      'currentAddress',
    ]);
    expect(fieldOf(def, 'middle_name').required).toBe(false);
    expect(fieldOf(def, 'currentAddress').label).toBe('Your Current Address');
  });

  it('titles step 2 by the site option', () => {
    const def = form({ formType: 'finance' }, { options: { forms: { finance: { step2Title: 'Almost There!' } } } });
    expect(headings(def)[1]).toBe('Almost There!');
  });

  it('explains the budget range and keeps location_id optional, with the three consents', () => {
    const def = form(
      { formType: 'finance' },
      {
        locations: [
          { id: 1, type: 'sales', name: 'A' },
          { id: 2, type: 'sales', name: 'B' },
        ],
      },
    );
    expect(fieldOf(def, 'vehiclePriceBudget')).toMatchObject({ type: 'currency', min: 5000, max: 150000 });
    expect(fieldOf(def, 'vehiclePriceBudget').help).toMatch(/borrow from \$5,000 up to \$150,000/);
    expect(fieldOf(def, 'preferredDealership')).toMatchObject({ required: true });
    expect(fieldOf(def, 'location_id').required).toBe(false);
    for (const n of ['privacy_consent', 'credit_check_consent', 'electronic_communication'])
      expect(fieldOf(def, n).type).toBe('check');
  });

  it('fires 31 after the first step and 28 on completion', () => {
    const def = form({ formType: 'finance' });
    expect(step(def, 'contact').analyticsEvent).toBe(31);
    expect(def.analyticsEvent).toBe(28);
  });
});

describe('trade-in form', () => {
  it('has Step One Your Details and Step Two Your Vehicle', () => {
    const def = form({ formType: 'tradeIn' });
    expect(headings(def)).toEqual(['Step One Your Details', 'Step Two Your Vehicle']);
    expect(fieldNames(def, 'details')).toEqual(['name', 'phone', 'email']);
    expect(fieldNames(def, 'vehicle')).toEqual([
      'make',
      'model',
      'year',
      'variant',
      'RegoOrVin',
      'vehicle_state',
      'kms',
      'expected_price',
      'message',
      'location_id',
    ]);
    expect(step(def, 'vehicle').customStepKey).toBe('regoLookup');
    expect(fieldOf(def, 'RegoOrVin').label).toBe('Rego or Number Plate');
    expect(fieldOf(def, 'expected_price').label).toBe('Expected Trade In Price');
    expect(fieldOf(def, 'message').label).toBe('Comments');
    expect(def.analyticsEvent).toBe(18);
  });

  it('asks NZ visitors for first and last name (required), email and phone, with optional Additional Comments', () => {
    const def = form({ formType: 'tradeIn' }, { country: 'NZ' });
    expect(fieldNames(def, 'details')).toEqual(['first_name', 'last_name', 'email', 'phone']);
    expect(fieldOf(def, 'first_name').required).toBe(true);
    expect(fieldOf(def, 'last_name').required).toBe(true);
    expect(fieldOf(def, 'message')).toMatchObject({ label: 'Additional Comments', required: false });
  });
});

describe('other forms', () => {
  it('valuation: details, then the vehicle; event 40', () => {
    const def = form({ formType: 'valuation' });
    expect(stepKeys(def)).toEqual(['details', 'vehicle']);
    expect(def.category).toBe('Valuation Enquiry');
    expect(def.analyticsEvent).toBe(40);
  });

  it('test drive: make, model and a Preferred Test Drive Date, then the details', () => {
    const def = form(
      { formType: 'testDrive' },
      {
        models: [
          { slug: 'rav4', name: 'RAV4' },
          { slug: 'bz', name: 'bZ4X', status: 'coming_soon' },
        ],
      },
    );
    expect(fieldNames(def, 'vehicle')).toEqual(['make', 'model', 'location_id', 'preferred_date']);
    expect(fieldOf(def, 'model').options).toEqual([{ label: 'RAV4', value: 'RAV4' }]);
    expect(fieldOf(def, 'preferred_date').label).toBe('Preferred Test Drive Date');
    expect(def.category).toBe('Test Drive Booking');
  });

  it('parts: the part wanted and the contact details in one step', () => {
    const def = form({ formType: 'parts' });
    expect(def.kind).toBe('single');
    expect(fieldOf(def, 'message')).toMatchObject({ required: true });
  });

  it('order now: hidden model_id, model_name and vehicle, filled for a model order page', () => {
    const def = form({ formType: 'orderNow' });
    for (const n of ['model_id', 'model_name', 'vehicle'])
      expect(fieldOf(def, n)).toMatchObject({ type: 'hidden', required: false });
    const onModel = form(
      { formType: 'orderNow' },
      { pagePath: '/cx-60/order-now', models: [{ slug: 'cx-60', name: 'CX-60', id: 7 }] },
    );
    expect(fieldOf(onModel, 'model_name').defaultValue).toBe('CX-60');
    expect(fieldOf(onModel, 'model_id').defaultValue).toBe('7');
    expect(onModel.heading).toBe('Order your CX-60');
  });
});

describe('block fields on a typed form', () => {
  it('replaces a built-in field of the same name and adds others to the named step', () => {
    const def = resolveForm(
      formData.parse({
        formType: 'tradeIn',
        fields: [
          { name: 'message', type: 'message', label: 'Tell us more' },
          { name: 'colour', type: 'text', stepKey: 'details' },
        ],
        formSteps: [{ key: 'vehicle', heading: 'Your car' }],
      }),
      ctx(),
    );
    expect(fieldOf(def, 'message').label).toBe('Tell us more');
    expect(fieldNames(def, 'details')).toContain('colour');
    expect(step(def, 'vehicle').heading).toBe('Your car');
  });
});

describe('forms on finance pages', () => {
  it('makes an enquiry that keeps the default category a Finance Enquiry on a page whose path holds finance', () => {
    expect(form({}, { pagePath: '/finance' }).category).toBe('Finance Enquiry');
    expect(form({}, { pagePath: '/pages/finance-enquiry' }).category).toBe('Finance Enquiry');
    expect(form({}, { pagePath: '/contact' }).category).toBe('General Enquiry');
  });

  it("keeps a category the editor chose, and the form type's own", () => {
    expect(form({ category: 'Used Vehicle Enquiry' }, { pagePath: '/finance' }).category).toBe('Used Vehicle Enquiry');
    expect(form({ formType: 'serviceBooking' }, { pagePath: '/finance' }).category).toBe('Service Booking');
  });
});
