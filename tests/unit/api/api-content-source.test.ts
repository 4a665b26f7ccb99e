/**
 * Where a deployed API's dealers come from (src/api/content-source.ts, content.ts): the URL of
 * API_CONTENT_URL fetched once, the file of API_CONTENT only when it is set, else the dealers
 * compiled into the bundle; a folder only when named or when nothing else is there.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { configuredContent, fetchContent, parseContentDocument } from '../../../src/api/core/content-source.ts';
import { apiContent } from '../../../src/api/core/content.ts';
import type { ContentDocument } from '../../../src/api/core/content-bundled.ts';
import type { DealerContent } from '../../../src/content/load.ts';
import { fixtureDealers } from '../../helpers/db.ts';

let dealers: DealerContent[];
let work: string;
let server: Server;
let origin: string;
let hits = 0;

beforeAll(async () => {
  dealers = await fixtureDealers();
  work = await mkdtemp(path.join(tmpdir(), 'api-content-'));
  server = createServer((req, res) => {
    hits += 1;
    if (req.url === '/content.json') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ builtAt: 'x', dealers: dealers.slice(0, 1) }));
    } else if (req.url === '/garbled.json') {
      res.end('<html>');
    } else {
      res.writeHead(404, 'Not Found');
      res.end();
    }
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.close();
  await rm(work, { recursive: true, force: true });
});

const bundle = (): ContentDocument => ({ builtAt: '2025-01-01T00:00:00.000Z', dealers });

describe('the API content a deployment serves', () => {
  it('is the dealers compiled into the bundle when nothing else is configured, and none from the sources', async () => {
    const source = await configuredContent({}, bundle());
    expect(source?.dealers.map((d) => d.slug)).toEqual(dealers.map((d) => d.slug));
    expect(source?.from).toContain('bundle');
    expect(await configuredContent({}, undefined)).toBeUndefined();
  });

  it('is fetched from API_CONTENT_URL once, in preference to the bundle', async () => {
    const before = hits;
    const source = await configuredContent({ API_CONTENT_URL: `${origin}/content.json` }, bundle());
    expect(source?.dealers.map((d) => d.slug)).toEqual([dealers[0]!.slug]);
    expect(source?.from).toBe(`${origin}/content.json`);
    expect(hits - before).toBe(1);
  });

  it('fails naming the URL and the reason when API_CONTENT_URL cannot be used', async () => {
    await expect(fetchContent(`${origin}/missing.json`)).rejects.toThrow(
      `Cannot fetch the API content from ${origin}/missing.json (API_CONTENT_URL): HTTP 404 Not Found`,
    );
    await expect(fetchContent(`${origin}/garbled.json`)).rejects.toThrow(
      `The API content ${origin}/garbled.json is not JSON`,
    );
    const closed = createServer();
    await new Promise<void>((done) => closed.listen(0, '127.0.0.1', done));
    const gone = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/content.json`;
    await new Promise((done) => closed.close(done));
    await expect(fetchContent(gone)).rejects.toThrow(`Cannot fetch the API content from ${gone} (API_CONTENT_URL): `);
    await expect(fetchContent('file:///etc/passwd')).rejects.toThrow(
      'API_CONTENT_URL must be an http(s) URL, not "file:///etc/passwd".',
    );
  });

  it('is read from the file API_CONTENT names only when it is set, and both variables at once are refused', async () => {
    const file = path.join(work, 'content.json');
    await writeFile(file, JSON.stringify({ builtAt: 'x', dealers: dealers.slice(1) }));
    const source = await configuredContent({ API_CONTENT: file }, bundle());
    expect(source?.dealers.map((d) => d.slug)).toEqual(dealers.slice(1).map((d) => d.slug));
    await expect(configuredContent({ API_CONTENT: path.join(work, 'nope.json') }, bundle())).rejects.toThrow(
      `Cannot read the API content ${path.join(work, 'nope.json')} (API_CONTENT)`,
    );
    await expect(
      configuredContent({ API_CONTENT: file, API_CONTENT_URL: `${origin}/content.json` }, bundle()),
    ).rejects.toThrow('Set API_CONTENT_URL or API_CONTENT, not both');
  });

  it('must be a content document of dealers, else the error says where and what', () => {
    expect(() => parseContentDocument('{"pages":[]}', 'https://x.example/c.json')).toThrow(
      'The API content https://x.example/c.json holds no "dealers" list',
    );
    expect(() => parseContentDocument('{"dealers":[{"slug":"a","site":{}},{"slug":3}]}', 'c.json')).toThrow(
      'The API content c.json: dealers[1] has no slug or site',
    );
    expect(parseContentDocument(JSON.stringify({ dealers: dealers.slice(0, 1) }), 'c.json')[0]!.slug).toBe(
      dealers[0]!.slug,
    );
  });

  it('is a snapshot folder for the Node server when one is named, or when no other source exists', async () => {
    const named = await apiContent({ API_CONTENT_URL: `${origin}/missing.json` }, 'tests/fixtures/dealers');
    expect(named.dealers.map((d) => d.slug).sort()).toEqual(dealers.map((d) => d.slug).sort());
    const fallback = await apiContent({ DEALERS_DIR: 'tests/fixtures/dealers' });
    expect(fallback.from).toBe('tests/fixtures/dealers');
    await expect(
      apiContent({ API_CONTENT_URL: `${origin}/missing.json`, DEALERS_DIR: 'tests/fixtures/dealers' }),
    ).rejects.toThrow('HTTP 404');
  });
});
