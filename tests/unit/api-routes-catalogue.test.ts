import { describe, expect, it } from 'vitest';
import { errorOf, testApi } from './api-routes-harness.ts';

type Website = { id: number; name: string; url: string; dealership: unknown; locations: { id: number | string; name: string }[] };

describe('GET /api/manufacturer-locations', () => {
  it('lists every website of the group with an ok status, each with its id, name, url, dealership and locations', async () => {
    const res = await testApi().call('GET', '/api/manufacturer-locations');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
    const body = (await res.json()) as { ok: boolean; websites: Website[] };
    expect(body.ok).toBe(true);
    expect(body.websites.map((w) => [w.id, w.name, w.url])).toEqual([
      [101, 'Harbour Toyota', 'https://www.harbourtoyota.com.au'],
      [102, 'Harbour Kia', 'https://harbourkia.com.au'],
      [103, 'Lonely Motors', 'https://lonely.co.nz'],
      // The group's website built elsewhere, known from a location; one without an address is left out.
      [120, 'Harbour Lexus', 'https://www.harbourlexus.com.au'],
    ]);
  });

  it('gives each website the locations filed under its id by any dealer of the group, once each', async () => {
    const { websites } = (await (await testApi().call('GET', '/api/manufacturer-locations')).json()) as { websites: Website[] };
    const [toyota, kia, lonely, lexus] = websites;
    expect(toyota!.locations.map((l) => l.name)).toEqual(['Harbour Toyota Service', 'Harbour Toyota Sydney']);
    // Location 21 is in both files; the Kia site's own copy wins. 22 is only in the Toyota file.
    expect(kia!.locations.map((l) => [l.id, l.name])).toEqual([[21, 'Harbour Kia'], [22, 'Harbour Kia Parts']]);
    expect(lonely!.locations).toEqual([]);
    expect(lexus!.locations.map((l) => l.name)).toEqual(['Harbour Lexus']);
  });

  it('names the primary location\'s dealership, else the site\'s dealership id, else none', async () => {
    const { websites } = (await (await testApi().call('GET', '/api/manufacturer-locations')).json()) as { websites: Website[] };
    expect(websites.map((w) => w.dealership)).toEqual([
      { id: 501, slug: 'harbour-toyota-sydney' },
      { id: 601, slug: 'harbour-kia' },
      { id: 900, slug: 'lonely-motors' },
      { id: 777, slug: 'harbour-lexus' },
    ]);
  });

  it('is the same list from every site of the group, and 404 from an unknown site', async () => {
    const api = testApi();
    const fromToyota = await (await api.call('GET', '/api/manufacturer-locations')).json();
    const fromKia = await (await api.call('GET', '/api/manufacturer-locations', { host: 'www.harbourkia.com.au' })).json();
    expect(fromKia).toEqual(fromToyota);
    const unknown = await api.call('GET', '/api/manufacturer-locations', { host: 'elsewhere.com.au' });
    expect(unknown.status).toBe(404);
    expect((await errorOf(unknown)).status).toBe(404);
    expect((await api.call('GET', '/api/manufacturer-locations?site=lonely-motors', { host: 'localhost' })).status).toBe(200);
  });
});

describe('GET /api/models/{modelSlug}', () => {
  it('gives the brochure url and the model\'s details with a summary of each variant', async () => {
    const res = await testApi().call('GET', '/api/models/corolla');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(await res.json()).toEqual({
      slug: 'corolla', new_slug: 'corolla-hatch', name: 'Corolla', manufacturer_name: 'Toyota', status: 'available',
      from_price: 28990, short_description: 'The hatch.', brochure_url: 'https://cdn.example.com/corolla.pdf',
      variants: [
        { id: 11, name: 'Ascent Sport', full_name: 'Corolla Ascent Sport', series: 'ZWE219', dap_min_price: 30000, dap_max_price: 32000 },
        { id: 12, name: 'ZR', full_name: null, series: null, dap_min_price: null, dap_max_price: null },
      ],
    });
  });

  it('finds a model by its new slug too, in any case', async () => {
    const api = testApi();
    expect((await (await api.call('GET', '/api/models/corolla-hatch')).json()).slug).toBe('corolla');
    expect((await (await api.call('GET', '/api/models/COROLLA')).json()).slug).toBe('corolla');
  });

  it('says plainly when a model has no brochure (null)', async () => {
    const body = await (await testApi().call('GET', '/api/models/hilux')).json();
    expect(body).toMatchObject({ name: 'HiLux', brochure_url: null, status: 'coming_soon', variants: [] });
  });

  it('an unknown model, another dealer\'s model or an unknown site is 404', async () => {
    const api = testApi();
    const unknown = await api.call('GET', '/api/models/supra');
    expect(unknown.status).toBe(404);
    expect((await errorOf(unknown)).message).toBe('Harbour Toyota has no model "supra".');
    expect((await api.call('GET', '/api/models/sportage')).status).toBe(404);
    expect((await api.call('GET', '/api/models/sportage', { host: 'harbourkia.com.au' })).status).toBe(200);
    expect((await api.call('GET', '/api/models/corolla', { host: 'nobody.localhost' })).status).toBe(404);
  });
});
