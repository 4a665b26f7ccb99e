/**
 * The brochure download of the model features block (spec §7: GET /api/models/{modelSlug}, the
 * brochure_url opened in a new window; §8: 'Failed to fetch model data' logged, a warning when the
 * model has no brochure url).
 */
import { describe, expect, it } from 'vitest';
import { FETCH_FAILED, NO_BROCHURE, modelApiUrl, openBrochure, type BrochureDeps } from './brochure.ts';

interface Log {
  fetched: string[];
  opened: string[];
  errors: string[];
  warnings: string[];
}

function deps(answer: () => Promise<{ ok: boolean; status: number; body?: unknown }>): {
  deps: BrochureDeps;
  log: Log;
} {
  const log: Log = { fetched: [], opened: [], errors: [], warnings: [] };
  return {
    log,
    deps: {
      fetch: async (url) => {
        log.fetched.push(url);
        const a = await answer();
        return { ok: a.ok, status: a.status, json: async () => a.body };
      },
      open: (url) => log.opened.push(url),
      error: (message) => log.errors.push(message),
      warn: (message) => log.warnings.push(message),
    },
  };
}

describe('the brochure download', () => {
  it('asks GET /api/models/{slug} and opens its brochure_url', async () => {
    const { deps: d, log } = deps(async () => ({
      ok: true,
      status: 200,
      body: { brochure_url: 'https://cdn.example.com/rav4.pdf' },
    }));
    expect(await openBrochure('rav4', d)).toBe('opened');
    expect(log.fetched).toEqual(['/api/models/rav4']);
    expect(log.opened).toEqual(['https://cdn.example.com/rav4.pdf']);
    expect(log.errors).toEqual([]);
    expect(log.warnings).toEqual([]);
  });

  it('encodes the slug into the path', () => {
    expect(modelApiUrl('cx-5 2025')).toBe('/api/models/cx-5%202025');
  });

  it("logs 'Failed to fetch model data' when the call fails, and opens nothing", async () => {
    expect(FETCH_FAILED).toBe('Failed to fetch model data');
    for (const answer of [
      async () => ({ ok: false, status: 500 }),
      async () => {
        throw new Error('offline');
      },
    ]) {
      const { deps: d, log } = deps(answer);
      expect(await openBrochure('rav4', d)).toBe('failed');
      expect(log.errors).toEqual(['Failed to fetch model data']);
      expect(log.opened).toEqual([]);
    }
  });

  it('warns when the model has no brochure url (or an unsafe one), and opens nothing', async () => {
    for (const body of [{ brochure_url: null }, {}, { brochure_url: 'javascript:alert(1)' }]) {
      const { deps: d, log } = deps(async () => ({ ok: true, status: 200, body }));
      expect(await openBrochure('rav4', d)).toBe('missing');
      expect(log.warnings).toEqual([NO_BROCHURE]);
      expect(log.opened).toEqual([]);
      expect(log.errors).toEqual([]);
    }
  });
});

describe('brochure download', () => {
  const deps = (
    response: () => Promise<{ ok: boolean; status: number; json: () => Promise<unknown> }>,
  ): BrochureDeps & { calls: Record<string, unknown[]> } => {
    const calls: Record<string, unknown[]> = { fetch: [], open: [], error: [], warn: [] };
    return {
      calls,
      fetch: (url) => {
        calls.fetch!.push(url);
        return response();
      },
      open: (url) => calls.open!.push(url),
      error: (m) => calls.error!.push(m),
      warn: (m) => calls.warn!.push(m),
    };
  };

  it('fetches /api/models/{slug} and opens the brochure url', async () => {
    const d = deps(async () => ({ ok: true, status: 200, json: async () => ({ brochure_url: '/b.pdf' }) }));
    expect(await openBrochure('rav4', d)).toBe('opened');
    expect(d.calls.fetch).toEqual(['/api/models/rav4']);
    expect(d.calls.open).toEqual(['/b.pdf']);
  });

  it("logs 'Failed to fetch model data' when the request fails or answers an error", async () => {
    for (const response of [
      async () => {
        throw new TypeError('network');
      },
      async () => ({ ok: false, status: 500, json: async () => ({}) }),
    ]) {
      const d = deps(response);
      expect(await openBrochure('rav4', d)).toBe('failed');
      expect(d.calls.error).toEqual([FETCH_FAILED]);
      expect(d.calls.open).toEqual([]);
    }
  });

  it('warns when the model has no (or no safe) brochure url', async () => {
    for (const url of [null, '', 'javascript:alert(1)']) {
      const d = deps(async () => ({ ok: true, status: 200, json: async () => ({ brochure_url: url }) }));
      expect(await openBrochure('rav4', d)).toBe('missing');
      expect(d.calls.warn).toHaveLength(1);
      expect(d.calls.open).toEqual([]);
    }
  });
});
