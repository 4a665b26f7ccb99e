import { describe, expect, it } from 'vitest';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { createApp } from '../../../api/app.ts';
import type { Db } from '../../../api/core/deps.ts';
import { httpValuationProvider, type ValuationProvider } from '../server/valuation-provider.ts';
import ValuationWidget, { VALUATION_UNAVAILABLE, VALUATION_UNKNOWN } from '../ui/ValuationWidget.tsx';
import { fetchValuation, outcomeOf, type ValuationState } from '../ui/valuation-client.ts';
import {
  DEFAULT_DISCLAIMER,
  OFFER_DISCLAIMER,
  asAtText,
  rangeText,
  valuationSubject,
  vehicleText,
} from '../rules/valuation.ts';
import { groupDealers, unreachableProvider } from '../../../../tests/unit/api/api-routes-harness.ts';

const formValues = {
  name: 'Sam Lee',
  make: 'Toyota',
  model: 'Corolla',
  year: '2019',
  kms: '85,000',
  condition: 'Good',
  RegoOrVin: 'abc 123',
  expected_price: '18500',
};
const subject = valuationSubject(formValues)!;

const render = (state: ValuationState) =>
  renderToStaticMarkup(createElement(ValuationWidget, { subject, state, id: 'v', level: 2 }));
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

describe('the vehicle the valuation widget asks about', () => {
  it('is read from what the valuation form kept: make, model, year, kilometres, condition and plate', () => {
    expect(subject).toEqual({
      request: { make: 'Toyota', model: 'Corolla', year: 2019, km: 85_000, condition: 'good', rego: 'ABC123' },
      vehicle: '2019 Toyota Corolla, 85,000 km, good condition',
    });
  });

  it("tells a VIN from a rego, and reads the service form's names and an odometer in miles", () => {
    expect(valuationSubject({ RegoOrVin: 'jtnkb3be00j012345' })?.request).toEqual({ vin: 'JTNKB3BE00J012345' });
    expect(
      valuationSubject({
        'Vehicle Make': 'Mazda',
        'Vehicle Year': 2020,
        'Vehicle Rego': 'XYZ789',
        'Vehicle State': 'vic',
        odometer_miles: '10000',
      })?.request,
    ).toEqual({ make: 'Mazda', year: 2020, rego: 'XYZ789', state: 'VIC', km: 16_093 });
  });

  it('leaves out what the route would refuse, rather than losing the whole valuation', () => {
    expect(
      valuationSubject({ make: 'Toyota', year: '2019', kms: 'about 90k', condition: 'Like new' })?.request,
    ).toEqual({ make: 'Toyota', year: 2019 });
  });

  it('is nothing when the form named no vehicle: no make and year, no plate, no VIN', () => {
    expect(valuationSubject({ make: 'Toyota', kms: '85000' })).toBeUndefined();
    expect(valuationSubject({})).toBeUndefined();
    expect(valuationSubject(undefined)).toBeUndefined();
  });
});

describe('the valuation widget', () => {
  const tradeIn = {
    low: 18_500,
    high: 21_000,
    currency: 'AUD' as const,
    asAt: '2025-06-15',
    source: 'Dealer estimate',
    disclaimer: DEFAULT_DISCLAIMER,
  };

  it('shows the range, the vehicle it valued, the date and source, and the disclaimer', () => {
    const html = render({
      kind: 'valued',
      tradeIn,
      vehicle: { year: 2019, make: 'Toyota', model: 'Corolla', variant: 'Ascent Sport', km: 85_000 },
    });
    expect(html).toContain('<h2 id="v" class="valuation-heading">Estimated trade-in value</h2>');
    expect(text(html)).toContain(
      'Estimated trade-in value $18,500 – $21,000 2019 Toyota Corolla Ascent Sport, 85,000 km As at 15 June 2025 Source: Dealer estimate',
    );
    expect(text(html)).toContain(
      'An estimate only, from the details you gave and typical market figures. It is subject to an inspection of the vehicle and is not an offer to buy it.',
    );
    expect(html).toContain('aria-busy="false"');
  });

  it("beside the dealer's conditional offer, never says the estimate is not an offer; a provider's own words stay", () => {
    const offer = {
      amount: 15_150,
      currency: 'AUD' as const,
      validUntil: '2025-06-18',
      terms: 'Subject to our buyer sighting the vehicle.',
      basis: { low: 18_500, high: 21_000, asAt: '2025-06-15', source: 'Dealer estimate' },
    };
    const vehicle = { year: 2019, make: 'Toyota', model: 'Corolla', km: 85_000 };
    const shown = text(render({ kind: 'valued', tradeIn, vehicle, offer }));
    expect(shown).toContain('Our conditional offer $15,150 Valid until 18 June 2025');
    expect(shown).not.toContain('not an offer');
    expect(shown).toContain(OFFER_DISCLAIMER);
    const loading = text(
      renderToStaticMarkup(
        createElement(ValuationWidget, {
          subject,
          state: { kind: 'loading' },
          id: 'v',
          level: 2,
          offerTerms: offer.terms,
        }),
      ),
    );
    expect(loading).not.toContain('not an offer');
    const own = 'Figures from Glass’s Guide; not a guaranteed price.';
    expect(text(render({ kind: 'valued', tradeIn: { ...tradeIn, disclaimer: own }, vehicle, offer }))).toContain(own);
  });

  it('while loading, keeps the lines of the answer with placeholders and says it is working', () => {
    const html = render({ kind: 'loading' });
    expect(html).toContain('aria-busy="true"');
    expect(html).toContain('<span class="visually-hidden">Working out your estimate…</span>');
    expect(text(html)).toContain('2019 Toyota Corolla, 85,000 km, good condition');
    expect(html.match(/class="valuation-skeleton/g)).toHaveLength(3);
    for (const line of ['valuation-range', 'valuation-vehicle', 'valuation-meta', 'valuation-disclaimer'])
      expect(html).toContain(`class="${line}"`);
  });

  it('says the team will be in touch when there is no valuation, or none available now', () => {
    const unknown = render({ kind: 'unknown' });
    expect(text(unknown)).toContain(VALUATION_UNKNOWN);
    expect(text(unknown)).toContain('2019 Toyota Corolla, 85,000 km, good condition');
    expect(unknown).not.toMatch(/\$\d/);
    const unavailable = render({ kind: 'unavailable' });
    expect(VALUATION_UNAVAILABLE).toBe(
      'Online valuations are not available right now. Our team has your details and will be in touch with your valuation.',
    );
    expect(text(unavailable)).toContain(VALUATION_UNAVAILABLE);
    // The loading lines stay, unseen, so the panel keeps its height.
    expect(unavailable).toMatch(/<div class="valuation-lines" aria-hidden="true">/);
  });

  it('writes figures, dates and vehicles as Australians read them', () => {
    expect(rangeText({ low: 9_900, high: 112_500 })).toBe('$9,900 – $112,500');
    expect(asAtText('2026-01-05')).toBe('5 January 2026');
    expect(vehicleText({ rego: 'ABC123' })).toBe('Rego ABC123');
    expect(vehicleText({})).toBe('Your vehicle');
  });
});

describe("the widget's call to the API", () => {
  const db = {} as Db;
  /** The real API app, reached as the page reaches it. */
  function through(valuationProvider?: ValuationProvider): typeof fetch {
    const app = createApp({
      db,
      dealers: groupDealers(),
      now: () => new Date('2025-06-15T00:00:00Z'),
      financeProvider: unreachableProvider,
      valuationProvider,
    });
    return ((path: string, init: RequestInit) =>
      app.fetch(new Request(`http://harbour-toyota.localhost${path}`, init))) as typeof fetch;
  }

  it('gets the range for the submitted vehicle, and keeps the answer', async () => {
    const { outcome, answer } = await fetchValuation(subject.request, 'harbour-toyota', { fetch: through() });
    expect(outcome).toMatchObject({ kind: 'valued', tradeIn: { low: 14_900, high: 16_500, asAt: '2025-06-15' } });
    expect(answer?.status).toBe('valued');
    expect(outcomeOf(answer)).toEqual(outcome);
  });

  it('shows "unknown" for a vehicle without a valuation or details the route refuses', async () => {
    expect(
      (await fetchValuation({ make: 'Lada', year: 2019 }, 'harbour-toyota', { fetch: through() })).outcome,
    ).toEqual({ kind: 'unknown' });
    expect(
      (await fetchValuation({ make: 'Toyota', year: 1800 }, 'harbour-toyota', { fetch: through() })).outcome,
    ).toEqual({ kind: 'unknown' });
  });

  it('shows "unavailable", with nothing kept, when the service is down or the network fails', async () => {
    const down = httpValuationProvider({ baseUrl: 'http://127.0.0.1:9', apiKey: 'k', timeoutMs: 500 });
    expect(await fetchValuation(subject.request, 'harbour-toyota', { fetch: through(down) })).toEqual({
      outcome: { kind: 'unavailable' },
    });
    const offline = (() => Promise.reject(new TypeError('Failed to fetch'))) as typeof fetch;
    expect(await fetchValuation(subject.request, 'harbour-toyota', { fetch: offline })).toEqual({
      outcome: { kind: 'unavailable' },
    });
    expect(outcomeOf({ status: 'valued', tradeIn: { low: 'x' } })).toEqual({ kind: 'unavailable' });
  });
});
