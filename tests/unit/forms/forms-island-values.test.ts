import { describe, expect, it } from 'vitest';
import type { FormDef } from '../../../src/forms/definition.ts';
import { HONEYPOT_FIELD } from '../../../src/forms/contract.ts';
import {
  applyQuery,
  hasContact,
  initialValues,
  leadValues,
  successUrl,
  trackingFrom,
  typedBeforeHydration,
} from '../../../src/forms/island/values.ts';
import { validateStep } from '../../../src/forms/island/validate.ts';
import { CAPTCHA_PASSED, makeChallenge, solves } from '../../../src/forms/island/captcha.ts';
import { parseCurrencyInput, formatCurrencyValue } from '../../../src/forms/island/fields/Currency.tsx';
import { joinDateTime, splitDateTime } from '../../../src/forms/island/fields/DateTime.tsx';
import { progressPercent } from '../../../src/forms/island/Progress.tsx';

const def: FormDef = {
  formType: 'contact',
  kind: 'multi',
  category: 'Used Vehicle Enquiry',
  heading: 'Enquire',
  submit: 'lead',
  progress: 'bar',
  steps: [
    {
      key: 'contact',
      heading: 'Contact',
      rules: [],
      fields: [
        { name: 'name', type: 'fullName', label: 'Full Name', required: true },
        { name: 'email', type: 'email', label: 'Email', required: true },
        { name: 'opt_in', type: 'check', label: 'News', required: false },
      ],
    },
    {
      key: 'car',
      heading: 'Car',
      rules: [],
      fields: [
        { name: 'message', type: 'message', label: 'Message', required: false },
        { name: 'vehiclePriceBudget', type: 'currency', label: 'Budget', required: false },
        { name: 'source', type: 'hidden', label: '', required: false, defaultValue: 'web' },
        { name: 'captcha', type: 'captcha', label: 'Security check', required: false },
      ],
    },
  ],
};

describe('form values', () => {
  it('starts every field empty (checkboxes unticked) or at its default, with an empty honeypot', () => {
    expect(initialValues(def)).toEqual({
      [HONEYPOT_FIELD]: '',
      name: '',
      email: '',
      opt_in: false,
      message: '',
      vehiclePriceBudget: '',
      source: 'web',
      captcha: '',
    });
  });

  it('prefills the car from stock_number and selected_car, and writes the message about it', () => {
    const v = applyQuery(def, initialValues(def), '?stock_number=S123&selected_car=2021%20Toyota%20Corolla');
    expect(v.stock_number).toBe('S123');
    expect(v.selected_car).toBe('2021 Toyota Corolla');
    expect(v.message).toBe('I am interested in the 2021 Toyota Corolla (stock number S123).');
  });

  it('prefills make (/book-test-drive?make=) and model_id, model_name, vehicle (/models/order-now) into the fields the form has', () => {
    const orderDef: FormDef = {
      ...def,
      steps: [
        {
          key: 'car',
          heading: 'Car',
          rules: [],
          fields: ['make', 'model_id', 'model_name', 'vehicle'].map((name) => ({
            name,
            type: 'hidden' as const,
            label: '',
            required: false,
          })),
        },
      ],
    };
    const v = applyQuery(
      orderDef,
      initialValues(orderDef),
      '?make=Mazda&model_id=12&model_name=CX-5&vehicle=CX-5%20Touring',
    );
    expect(v).toMatchObject({ make: 'Mazda', model_id: '12', model_name: 'CX-5', vehicle: 'CX-5 Touring' });
    // A form without the field gets no value for it.
    expect(applyQuery(def, initialValues(def), '?make=Mazda').make).toBeUndefined();
  });

  it('does not overwrite what the visitor already typed when prefilling', () => {
    const v = applyQuery(def, { ...initialValues(def), message: 'Call me' }, '?selected_car=Corolla');
    expect(v.message).toBe('Call me');
  });

  it('lets vehiclePriceBudget and car_id in the query override the values', () => {
    const v = applyQuery(
      def,
      { ...initialValues(def), vehiclePriceBudget: 20000, car_id: '1' },
      '?vehiclePriceBudget=%2435%2C000&car_id=77',
    );
    expect(v.vehiclePriceBudget).toBe(35000);
    expect(v.car_id).toBe('77');
  });

  it('captures utm values of the landing page, else of the first page of the visit', () => {
    expect(trackingFrom('?utm_source=google&utm_medium=cpc&x=1')).toEqual({ utm_source: 'google', utm_medium: 'cpc' });
    expect(trackingFrom('', 'utm_campaign=spring')).toEqual({ utm_campaign: 'spring' });
    expect(trackingFrom('?utm_source=fb', 'utm_campaign=spring')).toEqual({ utm_source: 'fb' });
  });

  it('sends the lead values a dealer expects besides the answers', () => {
    const v = leadValues(
      { name: 'Ana', location_id: '12', rego: ' ABC123 ' },
      {
        def,
        page: { id: '7', title: 'Contact us' },
        dealer: { dealership_name: 'Mini Motors', dealershipId: '501', dealership_id: '501' },
        locations: [{ id: '12', name: 'North', dealership_id: '900', dealership_slug: 'mini-north' }],
      },
    );
    expect(v).toMatchObject({
      name: 'Ana',
      category: 'Used Vehicle Enquiry',
      page_id: '7',
      PageTitle: 'Contact us',
      dealership_name: 'Mini Motors',
      dealershipId: '501',
      dealership_id: '900',
      dealership_slug: 'mini-north',
      RegoOrVin: 'ABC123',
      send_customer_email: true,
    });
  });

  it('sends phone numbers in E.164, as the API stores them and the finance provider expects', () => {
    const withPhone: FormDef = {
      ...def,
      steps: [
        {
          key: 'one',
          heading: '',
          rules: [],
          fields: [{ name: 'phone', type: 'phone', label: 'Mobile', required: true, phoneCountry: 'AU' }],
        },
      ],
    };
    const ctx = {
      def: withPhone,
      page: { id: '7', title: 'Contact us' },
      dealer: { dealership_name: 'Mini Motors' },
      locations: [],
    };
    expect(leadValues({ phone: '0412 345 678' }, ctx).phone).toBe('+61412345678');
    expect(leadValues({ phone: '+64 21 123 4567' }, ctx).phone).toBe('+64211234567');
  });

  it('saves a step only with a name and an email or phone', () => {
    expect(hasContact({ name: 'Ana', email: 'a@b.co' })).toBe(true);
    expect(hasContact({ first_name: 'Ana', phone: '0412345678' })).toBe(true);
    expect(hasContact({ name: 'Ana' })).toBe(false);
    expect(hasContact({ email: 'a@b.co', phone: '0412' })).toBe(false);
    expect(hasContact({ name: '  ', email: 'a@b.co' })).toBe(false);
  });

  it('goes to the thank-you page with the category and subcategory slugs, and the team member', () => {
    expect(successUrl('/thank-you', def, {})).toBe('/thank-you?category=used-vehicle-enquiry');
    const team: FormDef = { ...def, category: 'Team Member Enquiry', subcategory: 'Sales Team' };
    expect(successUrl('/thanks', team, { user: 'Sam Lee' })).toBe(
      '/thanks?category=team-member-enquiry&subcategory=sales-team&user=Sam+Lee',
    );
    expect(successUrl('/thanks', { ...def, category: 'Test Drive Booking' }, { location_id: '12', user: 'x' })).toBe(
      '/thanks?category=test-drive-booking&selectedLocations=12',
    );
  });
});

describe('step validation', () => {
  it("shows the shared schema's messages for the step's fields only", async () => {
    const errors = await validateStep(def, def.steps[0]!, { ...initialValues(def), email: 'nope' });
    expect(errors).toEqual({ name: '*Please enter your name', email: '*Please enter a valid email address' });
  });

  it('never passes a wrong captcha answer, required or not', async () => {
    const values = { ...initialValues(def), captcha: '' };
    expect((await validateStep(def, def.steps[1]!, values)).captcha).toBe('*Please confirm you are not a robot');
    expect(await validateStep(def, def.steps[1]!, { ...values, captcha: CAPTCHA_PASSED })).toEqual({});
  });

  it('asks a sum of two numbers from 1 to 9 and accepts only the right answer', () => {
    const c = makeChallenge(() => 0.5);
    expect(c).toEqual({ a: 5, b: 5 });
    expect(solves(c, '10')).toBe(true);
    expect(solves(c, ' 10 ')).toBe(true);
    expect(solves(c, '11')).toBe(false);
    expect(solves(c, '')).toBe(false);
    expect(makeChallenge(() => 0.999)).toEqual({ a: 9, b: 9 });
    expect(makeChallenge(() => 0)).toEqual({ a: 1, b: 1 });
  });
});

describe('field input', () => {
  it('reads a typed amount as a number and shows it grouped', () => {
    expect(parseCurrencyInput('$30,000')).toBe(30000);
    expect(parseCurrencyInput('1234.567')).toBe(1234.56);
    expect(parseCurrencyInput('abc')).toBe('');
    expect(formatCurrencyValue(150000)).toBe('150,000');
    expect(formatCurrencyValue('')).toBe('');
  });

  it('joins a booking date and time into one value and splits it back', () => {
    expect(joinDateTime('2030-05-01', '09:30')).toBe('2030-05-01T09:30');
    expect(joinDateTime('2030-05-01', '')).toBe('2030-05-01');
    expect(joinDateTime('', '09:30')).toBe('');
    expect(splitDateTime('2030-05-01T09:30')).toEqual({ date: '2030-05-01', time: '09:30' });
  });

  it('fills the progress bar by the share of the path reached, never empty on step 1, and completely once submitted', () => {
    expect(progressPercent(1, 4, false)).toBe(25);
    expect(progressPercent(3, 4, false)).toBe(75);
    expect(progressPercent(4, 4, true)).toBe(100);
  });

  it('keeps what the visitor typed into the server-rendered step before the island took over', () => {
    const dom: Record<string, { value: string; checked?: boolean }[]> = {
      name: [{ value: 'Alex Citizen' }],
      email: [{ value: '  ' }],
      opt_in: [{ value: 'on', checked: true }],
    };
    const read = (name: string) => dom[name] ?? [];
    expect(typedBeforeHydration(def.steps[0]!, read, parseCurrencyInput)).toEqual({
      name: 'Alex Citizen',
      opt_in: true,
    });
    const car = {
      message: [{ value: 'Call me' }],
      vehiclePriceBudget: [{ value: '$32,500' }],
      source: [{ value: 'forged' }],
      captcha: [{ value: '7' }],
    };
    expect(typedBeforeHydration(def.steps[1]!, (n) => car[n as keyof typeof car] ?? [], parseCurrencyInput)).toEqual({
      message: 'Call me',
      vehiclePriceBudget: 32500,
    });
  });

  it('takes the ticked option of a radio group, and nothing when none is ticked', () => {
    const step = {
      key: 's',
      heading: 'S',
      rules: [],
      fields: [{ name: 'has_trade_in', type: 'radio' as const, label: 'Trade in?', required: true }],
    };
    const group = (ticked?: number) => [
      { value: 'Yes', checked: ticked === 0 },
      { value: 'No', checked: ticked === 1 },
    ];
    expect(typedBeforeHydration(step, () => group(1), parseCurrencyInput)).toEqual({ has_trade_in: 'No' });
    expect(typedBeforeHydration(step, () => group(), parseCurrencyInput)).toEqual({});
  });
});
