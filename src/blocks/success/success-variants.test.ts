import { describe, expect, it } from 'vitest';
import {
  chooseSuccess,
  parseSuccessQuery,
  type LocationCard,
  type SuccessData,
  type SuccessOptions,
} from './success.ts';
import { SERVICE_CONFIRMATION } from './success-texts.ts';
import type { CarCard } from '../../stores/submission.ts';

const options: SuccessOptions = { siteName: 'Harbour City Toyota', customMessages: [], teamMembers: ['Sam Lee'] };
const locations: LocationCard[] = [
  { id: '1', name: 'City', address: '1 Main St', primary: true },
  { id: '2', name: 'North', address: '2 North Rd', primary: false },
  { id: '3', name: 'South', address: '3 South Rd', primary: true },
  { id: '4', name: 'East', address: '4 East Rd', primary: false },
];
const none: SuccessData = { locations };
const view = (search: string, opts: Partial<SuccessOptions> = {}, data: SuccessData = none) =>
  chooseSuccess(parseSuccessQuery(search), { ...options, ...opts }, data);
const car = (make: string, model: string, name = `${make} ${model}`): CarCard => ({
  name,
  href: `/cars/${name.toLowerCase().replace(/ /g, '-')}`,
  make,
  model,
  year: 2022,
  km: 20000,
  price: 30000,
});

describe('thank-you page: service booking', () => {
  it('thanks for the booking request and promises a call or SMS within 24-48 hours', () => {
    const v = view('?category=service-booking');
    expect(v.title).toBe('Thank you for your Booking Request');
    expect(v.paragraphs).toEqual([SERVICE_CONFIRMATION]);
    expect(SERVICE_CONFIRMATION).toContain('within 24-48 hours by phone call or SMS');
    expect(v.buttons.map((b) => [b.text, b.href])).toEqual([
      ['Return home', '/'],
      ['Return to service', '/service'],
    ]);
  });

  it("uses the dealer's own confirmation message when it has one", () => {
    const v = view('?category=Service%20Booking', {
      serviceConfirmation: 'We will contact you to confirm your service booking',
    });
    expect(v.paragraphs).toEqual(['We will contact you to confirm your service booking']);
  });

  it('shows the free-ride note within the configured radius, but not for the complimentary 3,000km service', () => {
    const booked = (interval: string): SuccessData => ({
      locations,
      submission: { category: 'Service Booking', values: { 'Service Interval': interval } },
    });
    expect(view('?category=service-booking', { freeRideRadiusKm: 8 }, booked('15,000km or 12 months')).note).toContain(
      'within 8 km',
    );
    expect(
      view('?category=service-booking', { freeRideRadiusKm: 8 }, booked('3,000km or 3 months')).note,
    ).toBeUndefined();
    expect(view('?category=service-booking', {}, booked('15,000km or 12 months')).note).toBeUndefined();
  });
});

describe('thank-you page: variants by category', () => {
  it.each([
    ['online-payment', 'Thanks for your payment'],
    ['vehicle-reservation', 'Thanks for your deposit payment'],
    ['finance-enquiry', 'Thanks for your finance enquiry'],
    ['finance-lender', 'Thanks for your finance enquiry'],
    ['review', 'Thanks for your review'],
    ['competition-enquiry', 'Thanks for entering!'],
    ['survey', 'Thanks for completing the survey'],
    ['test-drive-booking', 'Thanks for booking a test drive'],
    ['valuation-enquiry', 'Thanks for your valuation request'],
    ['sell-my-car-enquiry', 'Thanks for your valuation request'],
    ['trade-in-enquiry', 'Thanks for your valuation request'],
    ['something-new', 'Thank you for your enquiry'],
  ])('category %s shows "%s"', (category, title) => {
    expect(view(`?category=${category}`).title).toBe(title);
  });

  it('thanks a survey respondent for choosing the dealer when the survey was about that', () => {
    expect(view('?category=survey&subcategory=why-choose-us').title).toBe('Thanks for choosing Harbour City Toyota');
  });

  it('adds the custom finance text and link', () => {
    const v = view('?category=finance-enquiry', {
      financeText: 'Ask about our 5.9% offer.',
      financeLink: 'https://example.com/offer',
    });
    expect(v.paragraphs).toContain('Ask about our 5.9% offer.');
    expect(v.buttons).toContainEqual({ text: 'Find out more', href: 'https://example.com/offer', style: 'outline' });
    expect(view('?category=finance-enquiry', { financeLink: 'javascript:alert(1)' }).buttons).toHaveLength(1);
  });

  it('names the team member from the user parameter, else our team', () => {
    expect(view('?category=team-member-enquiry&user=Sam%20Lee').paragraphs[0]).toContain('sent to Sam Lee');
    expect(view('?category=team-member-enquiry').paragraphs[0]).toContain('sent to our team');
    expect(view('?category=general-enquiry&user=Sam%20Lee').paragraphs.join(' ')).not.toContain('Sam');
  });

  it("names only one of the dealer's team members: any other text a link carries is our team", () => {
    for (const user of [
      'Call%200900%20SCAM',
      'Sam',
      'sam%20lee',
      'Sam%20Lee%0ACall%200900',
      'Jane%20Doe',
      '<b>x</b>',
    ]) {
      const v = view(`?category=team-member-enquiry&user=${user}`);
      expect(v.paragraphs, user).toEqual(['Your message has been sent to our team, who will be in touch shortly.']);
    }
    expect(view('?category=team-member-enquiry&user=Sam%20Lee', { teamMembers: [] }).paragraphs[0]).toContain(
      'sent to our team',
    );
    expect(view('?category=team-member-enquiry&user=%20Sam%20Lee%20').paragraphs[0]).toContain('sent to Sam Lee');
  });

  it('confirms a parts order with Back to Store and Return to Home', () => {
    const v = view('?category=part-store-payment');
    expect(v.buttons.map((b) => [b.text, b.href])).toEqual([
      ['Back to Store', '/parts/search'],
      ['Return to Home', '/'],
    ]);
  });

  it.each(['careers-enquiry', 'career-enquiry'])('shows the careers message for general-enquiry / %s', (sub) => {
    expect(view(`?category=general-enquiry&subcategory=${sub}`).variant).toBe('careers');
    expect(view(`?category=new-vehicle-enquiry&subcategory=${sub}`).variant).toBe('generic');
  });

  it('asks the valuation widget about the vehicle the visitor described, kilometres read as a number', () => {
    const data: SuccessData = {
      locations,
      submission: {
        category: 'Valuation Enquiry',
        values: { make: 'Toyota', model: 'Corolla', year: '2019', kms: '85,000', expected_price: '$18,500' },
      },
    };
    expect(view('?category=valuation-enquiry', {}, data).valuation).toEqual({
      request: { make: 'Toyota', model: 'Corolla', year: 2019, km: 85_000 },
      vehicle: '2019 Toyota Corolla, 85,000 km',
    });
    // Without a make and year, plate or VIN there is nothing to value: no widget.
    const vague: SuccessData = {
      locations,
      submission: { category: 'Valuation Enquiry', values: { kms: 'about 90k' } },
    };
    expect(view('?category=valuation-enquiry', {}, vague).valuation).toBeUndefined();
  });

  it.each(['valuation-enquiry', 'sell-my-car-enquiry', 'trade-in-enquiry'])(
    'shows the valuation widget on a %s thank-you',
    (category) => {
      const data: SuccessData = { locations, submission: { category, values: { make: 'Mazda', year: 2020 } } };
      const v = view(`?category=${category}`, {}, data);
      expect(v.variant).toBe('valuation');
      expect(v.valuation?.request).toEqual({ make: 'Mazda', year: 2020 });
    },
  );

  it('uses the default page for a valuation when the offer was rejected: no widget, no similar car', () => {
    const data: SuccessData = {
      locations,
      submission: {
        category: 'Valuation Enquiry',
        values: { make: 'Mazda', model: 'CX-5', year: 2019 },
        candidateCars: [car('Mazda', 'CX-5')],
      },
    };
    for (const category of ['valuation-enquiry', 'sell-my-car-enquiry', 'trade-in-enquiry']) {
      const rejected = view(`?category=${category}&offer_rejected=true`, {}, data);
      expect(rejected.variant, category).toBe('generic');
      expect(rejected.title).toBe('Thank you for your enquiry');
      expect(rejected.valuation).toBeUndefined();
      expect(rejected.similarCar).toBeUndefined();
    }
    expect(view('?category=valuation-enquiry&offer_rejected=false', {}, data).variant).toBe('valuation');
  });

  it('values the vehicle the visitor described and shows a similar stock car on a valuation thank-you', () => {
    const data: SuccessData = {
      locations,
      submission: {
        category: 'Trade In Enquiry',
        values: { make: 'Mazda', model: 'CX-5', year: 2019, kms: '60000' },
        candidateCars: [car('Toyota', 'RAV4'), car('Mazda', 'CX-3'), car('Mazda', 'CX-5')],
      },
    };
    const v = view('?category=trade-in-enquiry', {}, data);
    expect(v.valuation).toEqual({
      request: { make: 'Mazda', model: 'CX-5', year: 2019, km: 60_000 },
      vehicle: '2019 Mazda CX-5, 60,000 km',
    });
    expect(v.similarCar?.model).toBe('CX-5');
  });

  it('shows the saved similar car after a new or used vehicle enquiry only', () => {
    const data: SuccessData = {
      locations,
      submission: { category: 'Used Vehicle Enquiry', values: {}, similarCar: car('Kia', 'Sportage') },
    };
    expect(view('?category=used-vehicle-enquiry', {}, data).similarCar?.name).toBe('Kia Sportage');
    expect(view('?category=new-vehicle-enquiry', {}, data).similarCar?.name).toBe('Kia Sportage');
    expect(view('?category=general-enquiry', {}, data).similarCar).toBeUndefined();
  });

  it('treats a visit with no category as a general enquiry', () => {
    const v = view('');
    expect(v.variant).toBe('generic');
    expect(v.title).toBe('Thank you for your enquiry');
  });
});

describe('thank-you page: credit score', () => {
  it.each([
    [299, 'red', false],
    [300, 'orange', false],
    [399, 'orange', false],
    [400, 'green', true],
    [0, 'red', false],
  ])('a score of %i is %s, approval banner %s', (score, tone, approved) => {
    const v = view(`?category=credit-score-result&score=${score}`);
    expect(v.creditScore).toEqual({ value: score, tone, approved });
    expect(v.paragraphs.join(' ')).toContain('A team member will be in touch');
  });

  it('reads the score from the submission when the link carries none', () => {
    const v = view(
      '?category=credit-score-result',
      {},
      { locations, submission: { category: 'x', values: { credit_score: 412 } } },
    );
    expect(v.creditScore?.tone).toBe('green');
  });
});

describe('thank-you page: test-drive locations', () => {
  it('shows the primary locations when selectedLocations is empty, one row for 3 or fewer', () => {
    const v = view('?category=test-drive-booking&selectedLocations=');
    expect(v.locations?.cards.map((c) => c.name)).toEqual(['City', 'South']);
    expect(v.locations?.perRow).toBe(true);
  });

  it('shows the listed locations', () => {
    expect(view('?category=test-drive-booking&selectedLocations=2,4').locations?.cards.map((c) => c.id)).toEqual([
      '2',
      '4',
    ]);
  });

  it('lays out 3 cards in one row and 4 in a grid', () => {
    expect(view('?category=test-drive-booking&selectedLocations=1,2,3').locations?.perRow).toBe(true);
    expect(view('?category=test-drive-booking&selectedLocations=1,2,3,4').locations?.perRow).toBe(false);
  });
});
