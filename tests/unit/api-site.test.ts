import { beforeAll, describe, expect, it } from 'vitest';
import type { DealerContent } from '../../src/content/load.ts';
import { DEFAULT_RATE_LIMITS } from '../../src/api/deps.ts';
import { SlidingWindowLimiter, clientIp } from '../../src/api/rate-limit.ts';
import { resolveSite } from '../../src/api/site.ts';
import { fixtureDealers } from '../helpers/db.ts';

describe('which dealer a request is for', () => {
  let dealers: DealerContent[];
  beforeAll(async () => {
    dealers = await fixtureDealers();
  });
  const slugOf = (url: string, init: RequestInit = {}, bodySite?: unknown) => resolveSite(new Request(url, init), dealers, bodySite)?.slug;

  it('is the <slug>.localhost host of npm start, with any port and any case', () => {
    expect(slugOf('http://mini-motors.localhost:4321/api/leads')).toBe('mini-motors');
    expect(slugOf('http://MINI-MOTORS.localhost/api/leads')).toBe('mini-motors');
    expect(slugOf('http://nobody.localhost/api/leads')).toBeUndefined();
  });

  it("is the host of the dealer's site.url, with or without www., or the proxy's X-Forwarded-Host", () => {
    expect(slugOf('https://www.minimotors.com.au/api/leads')).toBe('mini-motors');
    expect(slugOf('https://minimotors.com.au/api/leads')).toBe('mini-motors');
    expect(slugOf('https://fn.example.net/api/leads', { headers: { 'x-forwarded-host': 'www.minimotors.com.au' } })).toBe('mini-motors');
  });

  it('is the explicit site (body field, then ?site=) when the host names no dealer, and the host when it does', () => {
    expect(slugOf('https://api.example.com/api/leads', {}, 'mini-motors')).toBe('mini-motors');
    expect(slugOf('https://api.example.com/api/leads?site=mini-motors')).toBe('mini-motors');
    const other = dealers.find((d) => d.slug !== 'mini-motors')!.slug;
    expect(slugOf('http://mini-motors.localhost/api/leads', {}, other)).toBe('mini-motors');
    expect(slugOf('https://api.example.com/api/leads', {}, 42)).toBeUndefined();
    expect(slugOf('https://api.example.com/api/leads')).toBeUndefined();
  });
});

describe('rate limits', () => {
  it('allow 20 saves a minute from one address by default and refuse the 21st until the oldest is a minute old', () => {
    const limiter = new SlidingWindowLimiter(DEFAULT_RATE_LIMITS.perIp);
    expect(DEFAULT_RATE_LIMITS.perIp).toEqual({ max: 20, windowMs: 60_000 });
    for (let i = 0; i < 20; i++) expect(limiter.hit('203.0.113.1', 1_000 + i)).toEqual({ ok: true });
    expect(limiter.hit('203.0.113.1', 30_000)).toEqual({ ok: false, retryAfterMs: 31_000 });
    expect(limiter.hit('203.0.113.2', 30_000)).toEqual({ ok: true });
    expect(limiter.hit('203.0.113.1', 60_999)).toEqual({ ok: false, retryAfterMs: 1 });
    expect(limiter.hit('203.0.113.1', 61_000)).toEqual({ ok: true });
    expect(limiter.hit('203.0.113.1', 61_000)).toEqual({ ok: false, retryAfterMs: 1 });
  });

  it('allow 600 saves a minute to one site by default', () => {
    const limiter = new SlidingWindowLimiter(DEFAULT_RATE_LIMITS.perSite);
    for (let i = 0; i < 600; i++) expect(limiter.hit('mini-motors', i).ok).toBe(true);
    expect(limiter.hit('mini-motors', 600).ok).toBe(false);
  });

  it("count the address the nearest proxy saw (the last X-Forwarded-For entry), else X-Real-IP", () => {
    const ip = (headers: Record<string, string>) => clientIp(new Request('http://x/', { headers }));
    expect(ip({ 'x-forwarded-for': '10.0.0.1, 198.51.100.7' })).toBe('198.51.100.7');
    expect(ip({ 'x-real-ip': '198.51.100.8' })).toBe('198.51.100.8');
    expect(ip({})).toBe('unknown');
  });
});
