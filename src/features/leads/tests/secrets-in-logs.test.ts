/**
 * Configured URLs that carry credentials (`https://user:key@host/…`, `?api_key=…`, a signed
 * URL's query) never reach a log line, a start-up banner or an error message: the API runtime
 * started with such a VALUATION_PROVIDER_URL (its start-up lines and the valuation route's
 * failure line), the valuation client's errors, API_CONTENT_URL's start line and errors, the
 * CMS's messages at build time, and the database's start-up description.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { configuredContent, fetchContent } from '../../../api/core/content-source.ts';
import { describeDb, openDb } from '../../../api/db/index.ts';
import { financeProviderFromEnv } from '../../finance/server/finance-provider.ts';
import { valuationProviderFromEnv } from '../../valuation/server/valuation-provider.ts';
import { startRuntime } from '../../../api/runtime.ts';
import { applyCmsStaff } from '../../../content/cms.ts';
import { formatIssue } from '../../../content/issues.ts';
import { loadDealers } from '../../../content/load.ts';

/** Every secret below contains this, so one check finds any of them. */
const SECRET = 's3cret';

let work: string;
beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'secrets-in-logs-'));
});
afterAll(() => rm(work, { recursive: true, force: true }));

/** A local HTTP server answering every request with `answer`. */
async function serve(
  answer: (url: string) => { status: number; body: string },
): Promise<{ origin: string; server: Server }> {
  const server = createServer((req, res) => {
    const { status, body } = answer(req.url ?? '/');
    res.writeHead(status, { 'content-type': 'application/json' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

function close(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

describe('the API runtime started with credentials in VALUATION_PROVIDER_URL', () => {
  it('shows the provider masked in its start-up lines and in the failure line of a valuation', async () => {
    const lines: string[] = [];
    const { dealers } = await loadDealers('tests/fixtures/dealers');
    const runtime = await startRuntime({
      dealers,
      dataDir: work,
      db: await openDb({ kind: 'memory' }),
      env: {
        VALUATION_PROVIDER_URL: `https://acct:${SECRET}-pass@127.0.0.1:9/v1?api_key=${SECRET}-key`,
        VALUATION_API_KEY: `${SECRET}-bearer`,
      },
      financeProvider: financeProviderFromEnv({}),
      workerIntervalMs: false,
      log: (line) => lines.push(line),
    });
    const warn = vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
      lines.push(args.map(String).join(' '));
    });
    try {
      expect(lines).toContain('Valuations: https://***:***@127.0.0.1:9/v1?api_key=***');
      // The provider cannot be called (fetch refuses a URL with credentials): the route logs why.
      const res = await runtime.app.fetch(
        new Request('http://mini-motors.localhost/api/valuation', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ make: 'Toyota', model: 'Corolla', year: '2019', km: '85000', condition: 'Good' }),
        }),
      );
      expect(res.status).toBe(503);
      expect(warn).toHaveBeenCalled();
      expect(lines.join('\n')).toMatch(
        /valuation provider \(mini-motors, https:\/\/\*\*\*:\*\*\*@127\.0\.0\.1:9\/v1\?api_key=\*\*\*\)/,
      );
      expect(lines.join('\n')).not.toContain(SECRET);
    } finally {
      warn.mockRestore();
      await runtime.close();
    }
  }, 120_000);
});

describe('the valuation client', () => {
  it('names a VALUATION_PROVIDER_URL that is no http(s) address without its credentials', () => {
    let message = '';
    try {
      valuationProviderFromEnv({
        VALUATION_PROVIDER_URL: `ftp://acct:${SECRET}@valuations.example.com/v1`,
        VALUATION_API_KEY: 'k',
      });
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message).toContain('VALUATION_PROVIDER_URL must be an http(s) address');
    expect(message).toContain('ftp://***:***@valuations.example.com/v1');
    expect(message).not.toContain(SECRET);
  });
});

describe('API_CONTENT_URL', () => {
  it('names a signed URL with its query values masked, in the start line and in errors', async () => {
    const { origin, server } = await serve((url) =>
      url.startsWith('/content.json')
        ? { status: 200, body: JSON.stringify({ dealers: [{ slug: 'mini-motors', site: {} }] }) }
        : { status: 404, body: '{}' },
    );
    try {
      const signed = `${origin}/content.json?X-Amz-Signature=${SECRET}-sig&X-Amz-Credential=${SECRET}-cred`;
      const source = await configuredContent({ API_CONTENT_URL: signed }, undefined);
      expect(source?.from).toBe(`${origin}/content.json?X-Amz-Signature=***&X-Amz-Credential=***`);

      const missing = fetchContent(`${origin}/gone.json?token=${SECRET}`);
      await expect(missing).rejects.toThrow(
        `Cannot fetch the API content from ${origin}/gone.json?token=*** (API_CONTENT_URL): HTTP 404`,
      );

      // fetch refuses a URL with a user and password, quoting it in its own message.
      const withUser = `http://reader:${SECRET}@${origin.slice('http://'.length)}/content.json`;
      const refused = await fetchContent(withUser).then(
        () => '',
        (e: Error) => e.message,
      );
      expect(refused).toContain('Cannot fetch the API content from http://***:***@127.0.0.1:');
      expect(refused).not.toContain(SECRET);

      const notHttp = await fetchContent(`ftp://reader:${SECRET}@example.com/c.json`).then(
        () => '',
        (e: Error) => e.message,
      );
      expect(notHttp).toBe('API_CONTENT_URL must be an http(s) URL, not "ftp://***:***@example.com/c.json".');
    } finally {
      await close(server);
    }
  });
});

describe('the CMS at build time', () => {
  it('masks the user, password and query values of CMS_URL in its issues and log lines', async () => {
    const { origin, server } = await serve(() => ({ status: 503, body: '{}' }));
    try {
      const lines: string[] = [];
      const texts: string[] = [];
      for (const url of [
        `http://editor:${SECRET}@${origin.slice('http://'.length)}/api`,
        `${origin}/api?key=${SECRET}`,
      ]) {
        const { dealers } = await loadDealers('tests/fixtures/dealers', { only: ['mini-motors'] });
        const issues = await applyCmsStaff(
          dealers,
          { url, token: 'token' },
          { cacheDir: path.join(work, 'cms-cache'), log: (line) => lines.push(line), timeoutMs: 2_000 },
        );
        expect(issues.length).toBeGreaterThan(0);
        texts.push(...issues.map(formatIssue));
      }
      expect(texts.join('\n')).toContain('GET http://***:***@127.0.0.1:');
      expect(texts.join('\n')).toContain('?key=***');
      expect([...texts, ...lines].join('\n')).not.toContain(SECRET);
    } finally {
      await close(server);
    }
  });
});

describe('DATABASE_URL', () => {
  it('is described by host and database only', () => {
    const line = describeDb({
      kind: 'postgres',
      url: `postgres://leads:${SECRET}@db.example.com:5432/leads?sslmode=require&password=${SECRET}`,
    });
    expect(line).toBe('PostgreSQL at db.example.com:5432/leads');
  });
});
