/**
 * The start of the API inside a serverless function (src/api/serverless.ts): what it refuses,
 * what it warns of, and the client address it hands the rate limits.
 */
import { describe, expect, it } from 'vitest';
import { clientIp } from '../../../src/api/core/rate-limit.ts';
import { serverlessDatabaseProblem, serverlessWarnings, withPeerAddress } from '../../../src/api/entries/serverless.ts';

describe('the API in a serverless function', () => {
  it('needs DATABASE_URL, or, in the generic handler, DATA_DIR set on purpose for a trial on the embedded database', () => {
    expect(serverlessDatabaseProblem({}, true)).toMatch(/^DATABASE_URL is not set\..*DATA_DIR/);
    expect(serverlessDatabaseProblem({ DATABASE_URL: 'postgres://db/leads' }, true)).toBeUndefined();
    expect(serverlessDatabaseProblem({ DATA_DIR: '/tmp/dealer-api' }, true)).toBeUndefined();
  });

  it("needs DATABASE_URL in the platforms' entries, which have no embedded database, whatever DATA_DIR says", () => {
    expect(serverlessDatabaseProblem({ DATABASE_URL: 'postgres://db/leads' }, false)).toBeUndefined();
    for (const env of [{}, { DATA_DIR: '/tmp/dealer-api' }]) {
      const problem = serverlessDatabaseProblem(env, false);
      expect(problem).toMatch(/^DATABASE_URL is not set: set it to a PostgreSQL server/);
      expect(problem).toContain('DATA_DIR does not start one here');
    }
  });

  it('warns of the dealers whose leads would go to files a function does not keep', () => {
    const slugs = ['mini-motors', 'group-motors'];
    expect(serverlessWarnings(slugs, { DATABASE_URL: 'postgres://db/leads' })[0]).toContain(
      'no lead destination for mini-motors, group-motors',
    );
    expect(serverlessWarnings(slugs, { LEAD_ADF_URL_MINI_MOTORS: 'https://crm.example/adf' })[0]).toContain(
      'no lead destination for group-motors:',
    );
    expect(
      serverlessWarnings(slugs, { LEAD_WEBHOOK_URL: 'https://crm.example/hook', LEAD_WEBHOOK_SECRET: 's' }),
    ).toEqual([]);
    expect(serverlessWarnings(slugs, { DATA_DIR: '/tmp/dealer-api' })).toEqual([]);
  });

  it("puts the platform's record of the client's address last in X-Forwarded-For, where the rate limits read it", () => {
    const spoofed = new Request('https://www.example.com.au/api/leads', { headers: { 'x-forwarded-for': '10.0.0.1' } });
    expect(clientIp(withPeerAddress(spoofed, '203.0.113.9'))).toBe('203.0.113.9');
    const plain = new Request('https://www.example.com.au/api/leads');
    expect(clientIp(withPeerAddress(plain, '203.0.113.9'))).toBe('203.0.113.9');
    const already = new Request('https://www.example.com.au/api/leads', {
      headers: { 'x-forwarded-for': '10.0.0.1, 203.0.113.9' },
    });
    expect(withPeerAddress(already, '203.0.113.9')).toBe(already);
    expect(withPeerAddress(spoofed, undefined)).toBe(spoofed);
  });
});
