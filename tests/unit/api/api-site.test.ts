import { beforeAll, describe, expect, it } from 'vitest';
import type { DealerContent } from '../../../src/content/load.ts';
import { DEFAULT_RATE_LIMITS } from '../../../src/api/core/deps.ts';
import { MemoryCounter, clientIp } from '../../../src/api/core/rate-limit.ts';
import { resolveSite } from '../../../src/api/core/site.ts';
import { fixtureDealers } from '../../helpers/db.ts';

describe('which dealer a request is for', () => {
  let dealers: DealerContent[];
  beforeAll(async () => {
    dealers = await fixtureDealers();
  });
  const slugOf = (url: string, init: RequestInit = {}, bodySite?: unknown) =>
    resolveSite(new Request(url, init), dealers, bodySite)?.slug;

  it('is the <slug>.localhost host of npm start, with any port and any case', () => {
    expect(slugOf('http://mini-motors.localhost:4321/api/leads')).toBe('mini-motors');
    expect(slugOf('http://MINI-MOTORS.localhost/api/leads')).toBe('mini-motors');
    expect(slugOf('http://nobody.localhost/api/leads')).toBeUndefined();
  });

  it("is the host of the dealer's site.url, with or without www., or the proxy's X-Forwarded-Host", () => {
    expect(slugOf('https://www.minimotors.com.au/api/leads')).toBe('mini-motors');
    expect(slugOf('https://minimotors.com.au/api/leads')).toBe('mini-motors');
    expect(
      slugOf('https://fn.example.net/api/leads', { headers: { 'x-forwarded-host': 'www.minimotors.com.au' } }),
    ).toBe('mini-motors');
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
    const counter = new MemoryCounter();
    const limit = DEFAULT_RATE_LIMITS.perIp;
    const hit = (key: string, at: number) => counter.hitNow([{ key, limit }], at);
    expect(limit).toEqual({ max: 20, windowMs: 60_000 });
    for (let i = 0; i < 20; i++) expect(hit('203.0.113.1', 1_000 + i)).toEqual({ ok: true });
    expect(hit('203.0.113.1', 30_000)).toEqual({ ok: false, key: '203.0.113.1', retryAfterMs: 31_000 });
    expect(hit('203.0.113.2', 30_000)).toEqual({ ok: true });
    expect(hit('203.0.113.1', 60_999)).toEqual({ ok: false, key: '203.0.113.1', retryAfterMs: 1 });
    expect(hit('203.0.113.1', 61_000)).toEqual({ ok: true });
    expect(hit('203.0.113.1', 61_000)).toEqual({ ok: false, key: '203.0.113.1', retryAfterMs: 1 });
  });

  it('allow 600 saves a minute to one site by default', () => {
    const counter = new MemoryCounter();
    const hits = [{ key: 'mini-motors', limit: DEFAULT_RATE_LIMITS.perSite }];
    for (let i = 0; i < 600; i++) expect(counter.hitNow(hits, i).ok).toBe(true);
    expect(counter.hitNow(hits, 600).ok).toBe(false);
  });

  it('count the address the nearest proxy saw (the last X-Forwarded-For entry), else X-Real-IP', () => {
    const ip = (headers: Record<string, string>) => clientIp(new Request('http://x/', { headers }));
    expect(ip({ 'x-forwarded-for': '10.0.0.1, 198.51.100.7' })).toBe('198.51.100.7');
    expect(ip({ 'x-real-ip': '198.51.100.8' })).toBe('198.51.100.8');
    expect(ip({})).toBe('unknown');
  });

  it('count an IPv6 visitor by its /64 network, so rotating the last half of an address does not reset the count', () => {
    const ip = (address: string) => clientIp(new Request('http://x/', { headers: { 'x-forwarded-for': address } }));
    expect(ip('2001:db8:aa:1:1:2:3:4')).toBe('2001:db8:aa:1::/64');
    expect(ip('2001:DB8:AA:1::99')).toBe('2001:db8:aa:1::/64');
    expect(ip('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(ip('::ffff:198.51.100.7')).toBe('198.51.100.7');
  });

  it('refuse a hit without counting it on any key when one key is over its limit', () => {
    const counter = new MemoryCounter();
    const ipLimit = { max: 5, windowMs: 60_000 };
    const siteLimit = { max: 1, windowMs: 60_000 };
    expect(
      counter.hitNow(
        [
          { key: 'ip', limit: ipLimit },
          { key: 'site', limit: siteLimit },
        ],
        0,
      ),
    ).toEqual({ ok: true });
    expect(
      counter.hitNow(
        [
          { key: 'ip', limit: ipLimit },
          { key: 'site', limit: siteLimit },
        ],
        1,
      ),
    ).toMatchObject({ ok: false, key: 'site' });
    for (let i = 0; i < 4; i++) expect(counter.hitNow([{ key: 'ip', limit: ipLimit }], 2 + i).ok).toBe(true);
  });
});
