import { describe, expect, it } from 'vitest';
import { errorOf, groupDealers, testApi, type TestApi } from './api-routes-harness.ts';

type Website = {
  id: number;
  name: string;
  url: string;
  dealership: unknown;
  locations: { id: number | string; name: string }[];
};

describe('GET /api/manufacturer-locations', () => {
  async function websitesFrom(api: TestApi, host?: string): Promise<Website[]> {
    const res = await api.call('GET', '/api/manufacturer-locations', { host });
    expect(res.status).toBe(200);
    return ((await res.json()) as { websites: Website[] }).websites;
  }
  const ids = (websites: Website[]) => websites.map((w) => w.id);

  it("lists the dealer's own site, the sites its locations name and its group's sites built elsewhere, each with its id, name, url, dealership and locations", async () => {
    const res = await testApi().call('GET', '/api/manufacturer-locations');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
    const body = (await res.json()) as { ok: boolean; websites: Website[] };
    expect(body.ok).toBe(true);
    expect(body.websites.map((w) => [w.id, w.name, w.url])).toEqual([
      [101, 'Harbour Toyota', 'https://www.harbourtoyota.com.au'],
      [102, 'Harbour Kia', 'https://harbourkia.com.au'],
      // The group's website built elsewhere, known from a location; one without an address is left out.
      [120, 'Harbour Lexus', 'https://www.harbourlexus.com.au'],
    ]);
  });

  it("never lists another group's websites, whether this deployment builds them or only their locations name them", async () => {
    const api = testApi();
    const fromHarbour = ids(await websitesFrom(api));
    expect(fromHarbour).not.toContain(104);
    expect(fromHarbour).not.toContain(130);
    // Nothing ties Lonely Motors to Harbour Toyota: no shared dealer company, no location naming it.
    expect(fromHarbour).not.toContain(103);
    const fromSummit = await websitesFrom(api, 'www.summitmazda.com.au');
    expect(fromSummit.map((w) => [w.id, w.name])).toEqual([
      [104, 'Summit Mazda'],
      [130, 'Summit Ford'],
    ]);
    expect(fromSummit.flatMap((w) => w.locations.map((l) => l.name))).toEqual(['Summit Mazda', 'Summit Ford']);
  });

  it("gives each website the locations filed under its id in any dealer's file, once each", async () => {
    const [toyota, kia, lexus] = await websitesFrom(testApi());
    expect(toyota!.locations.map((l) => l.name)).toEqual(['Harbour Toyota Service', 'Harbour Toyota Sydney']);
    // Location 21 is in both files; the Kia site's own copy wins. 22 is only in the Toyota file.
    expect(kia!.locations.map((l) => [l.id, l.name])).toEqual([
      [21, 'Harbour Kia'],
      [22, 'Harbour Kia Parts'],
    ]);
    expect(lexus!.locations.map((l) => l.name)).toEqual(['Harbour Lexus']);
  });

  it("names the primary location's dealership, else the site's dealership id, else none", async () => {
    const api = testApi();
    expect((await websitesFrom(api)).map((w) => w.dealership)).toEqual([
      { id: 501, slug: 'harbour-toyota-sydney' },
      { id: 601, slug: 'harbour-kia' },
      { id: 777, slug: 'harbour-lexus' },
    ]);
    const [lonely] = await websitesFrom(api, 'lonely.co.nz');
    expect(lonely!.dealership).toEqual({ id: 900, slug: 'lonely-motors' });
  });

  it('shows a site without a dealer company only itself and the websites its own locations name', async () => {
    const api = testApi();
    // Harbour Toyota's locations name Harbour Kia, but Harbour Kia's own name no other website.
    const fromKia = await websitesFrom(api, 'www.harbourkia.com.au');
    expect(fromKia.map((w) => [w.id, w.locations.map((l) => l.id)])).toEqual([[102, [21, 22]]]);
    const fromLonely = await websitesFrom(api, 'lonely.co.nz');
    expect(fromLonely.map((w) => [w.id, w.locations])).toEqual([[103, []]]);
  });

  it("gives every site of one dealer company the same list, with the company's other deployed sites", async () => {
    const dealers = groupDealers();
    dealers.find((d) => d.slug === 'lonely-motors')!.site.dealerCompanyId = 77;
    const api = testApi({ dealers });
    const fromToyota = await websitesFrom(api);
    expect(ids(fromToyota)).toEqual([101, 102, 103, 120]);
    expect(await websitesFrom(api, 'lonely.co.nz')).toEqual(fromToyota);
  });

  it('answers each dealer with its own list, however many times each asks', async () => {
    const api = testApi();
    const first = await websitesFrom(api);
    expect(ids(await websitesFrom(api, 'www.summitmazda.com.au'))).toEqual([104, 130]);
    expect(ids(await websitesFrom(api, 'harbourkia.com.au'))).toEqual([102]);
    expect(await websitesFrom(api)).toEqual(first);
    expect(ids(await websitesFrom(api, 'www.summitmazda.com.au'))).toEqual([104, 130]);
  });

  it('is 404 from an unknown site, and found by the site parameter from a shared host', async () => {
    const api = testApi();
    const unknown = await api.call('GET', '/api/manufacturer-locations', { host: 'elsewhere.com.au' });
    expect(unknown.status).toBe(404);
    expect((await errorOf(unknown)).status).toBe(404);
    const bySlug = await api.call('GET', '/api/manufacturer-locations?site=lonely-motors', { host: 'localhost' });
    expect(bySlug.status).toBe(200);
    expect(ids(((await bySlug.json()) as { websites: Website[] }).websites)).toEqual([103]);
  });
});

describe('GET /api/models/{modelSlug}', () => {
  it("gives the brochure url and the model's details with a summary of each variant", async () => {
    const res = await testApi().call('GET', '/api/models/corolla');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(await res.json()).toEqual({
      slug: 'corolla',
      new_slug: 'corolla-hatch',
      name: 'Corolla',
      manufacturer_name: 'Toyota',
      status: 'available',
      from_price: 28990,
      short_description: 'The hatch.',
      brochure_url: 'https://cdn.example.com/corolla.pdf',
      variants: [
        {
          id: 11,
          name: 'Ascent Sport',
          full_name: 'Corolla Ascent Sport',
          series: 'ZWE219',
          dap_min_price: 30000,
          dap_max_price: 32000,
        },
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

  it("an unknown model, another dealer's model or an unknown site is 404", async () => {
    const api = testApi();
    const unknown = await api.call('GET', '/api/models/supra');
    expect(unknown.status).toBe(404);
    expect((await errorOf(unknown)).message).toBe('Harbour Toyota has no model "supra".');
    expect((await api.call('GET', '/api/models/sportage')).status).toBe(404);
    expect((await api.call('GET', '/api/models/sportage', { host: 'harbourkia.com.au' })).status).toBe(200);
    expect((await api.call('GET', '/api/models/corolla', { host: 'nobody.localhost' })).status).toBe(404);
  });
});
