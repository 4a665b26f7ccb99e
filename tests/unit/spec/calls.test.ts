/**
 * The spec's §7 calls whose address and headers are literals inside a function: held by plain
 * assertions on what the exported function sends, with a recording fetch in place of the network.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { applyCmsStaff } from '../../../src/content/cms.ts';

type Dealer = Parameters<typeof applyCmsStaff>[0][number];

describe('§7 staff from the CMS', () => {
  const cacheDir = mkdtempSync(path.join(tmpdir(), 'cms-spec-'));
  afterAll(() => rmSync(cacheDir, { recursive: true, force: true }));

  it('GETs {host}/websites/{id}/users.json with the bearer token', async () => {
    const calls: { url: string; headers: Record<string, string> }[] = [];
    const recording = (async (url: string, init?: RequestInit) => {
      calls.push({ url, headers: init?.headers as Record<string, string> });
      return new Response('[]', { status: 200, headers: { 'content-type': 'application/json' } });
    }) as typeof fetch;
    const dealer = { slug: 'spec-dealer', site: { id: 42 }, team: [] } as unknown as Dealer;
    await applyCmsStaff(
      [dealer],
      { url: 'https://cms.test/api', token: 'secret-token' },
      { fetch: recording, cacheDir },
    );
    expect(calls.map((c) => c.url)).toEqual(['https://cms.test/api/websites/42/users.json']);
    expect(calls[0]?.headers.Authorization).toBe('Bearer secret-token');
  });
});
