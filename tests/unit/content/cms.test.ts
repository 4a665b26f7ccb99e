import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { applyCmsStaff, cmsConfigFromEnv, type CmsConfig } from '../../../src/content/cms.ts';
import { loadDealers, type DealerContent } from '../../../src/content/load.ts';
import { formatIssue } from '../../../src/content/issues.ts';
import type { BuildResult } from '../../../src/engine/build/build-sites.ts';

const TOKEN = 'cms-secret-7f3a9c2e41';
const FIXTURES = 'tests/fixtures/dealers';

const staff = [
  { id: 1, slug: 'jane-citizen', name: 'Jane Citizen', position: 'Dealer Principal', category: 'Management' },
  { id: 2, slug: 'sam-seller', name: 'Sam Seller', position: 'Sales Consultant', category: 'Sales', rating: 4.8 },
];

interface Seen {
  url: string;
  headers: IncomingHttpHeaders;
}

/** A stand-in CMS speaking plain HTTP; each test sets `answer`. */
let server: Server;
let base: string;
let seen: Seen[] = [];
let answer: (res: ServerResponse, req: Seen) => void;

beforeAll(async () => {
  server = createServer((req, res) => {
    const one = { url: req.url ?? '', headers: req.headers };
    seen.push(one);
    answer(res, one);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});
afterAll(
  () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    }),
);

let cacheDir: string;
let lines: string[];
beforeEach(async () => {
  seen = [];
  lines = [];
  answer = (res) => json(res, 200, staff);
  cacheDir = await mkdtemp(path.join(tmpdir(), 'cms-cache-'));
});
afterEach(() => rm(cacheDir, { recursive: true, force: true }));

function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

async function dealers(): Promise<DealerContent[]> {
  const r = await loadDealers(FIXTURES, { only: ['mini-motors'] });
  expect(r.errors).toEqual([]);
  return r.dealers;
}

function config(url = base): CmsConfig {
  return { url, token: TOKEN };
}

function opts(extra: { maxAgeSeconds?: number; timeoutMs?: number } = {}) {
  return { cacheDir, log: (l: string) => lines.push(l), ...extra };
}

/** A base URL where nothing listens. */
async function deadUrl(): Promise<string> {
  const s = createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const port = (s.address() as AddressInfo).port;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return `http://127.0.0.1:${port}/api`;
}

async function cacheText(): Promise<string> {
  const files = await readdir(cacheDir);
  return (await Promise.all(files.map((f) => readFile(path.join(cacheDir, f), 'utf8')))).join('\n');
}

describe('CMS settings from the environment', () => {
  it('uses the CMS only when both CMS_URL and CMS_TOKEN are set', () => {
    expect(cmsConfigFromEnv({})).toBeUndefined();
    expect(cmsConfigFromEnv({ CMS_URL: 'https://cms.example.com' })).toBeUndefined();
    expect(cmsConfigFromEnv({ CMS_TOKEN: TOKEN })).toBeUndefined();
    expect(cmsConfigFromEnv({ CMS_URL: 'https://cms.example.com/api/', CMS_TOKEN: TOKEN })).toEqual({
      url: 'https://cms.example.com/api',
      token: TOKEN,
      cacheDir: undefined,
    });
  });

  it('refuses a CMS_URL that is not an http(s) URL, saying what is expected', () => {
    expect(() => cmsConfigFromEnv({ CMS_URL: 'cms.example.com', CMS_TOKEN: TOKEN })).toThrow(
      /CMS_URL must be an http\(s\) URL/,
    );
    // The value is quoted as a URL reads, its user, password and query values masked.
    expect(() => cmsConfigFromEnv({ CMS_URL: 'ftp://cms.example.com', CMS_TOKEN: TOKEN })).toThrow(
      /"ftp:\/\/cms\.example\.com\/"/,
    );
    expect(() => cmsConfigFromEnv({ CMS_URL: 'ftp://editor:pw@cms.example.com', CMS_TOKEN: TOKEN })).toThrow(
      '"ftp://***:***@cms.example.com/"',
    );
  });
});

describe('staff lists from the CMS', () => {
  it('asks for the website users with the bearer token and replaces the team with them', async () => {
    const ds = await dealers();
    const issues = await applyCmsStaff(ds, config(), opts());
    expect(issues).toEqual([]);
    expect(seen).toHaveLength(1);
    expect(seen[0]!.url).toBe('/api/websites/901/users.json');
    expect(seen[0]!.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(seen[0]!.headers.accept).toBe('application/json');
    expect(ds[0]!.team.map((m) => m.name)).toEqual(['Jane Citizen', 'Sam Seller']);
    expect(ds[0]!.team[1]!.rating).toBe(4.8);
  });

  it('accepts an object with a users list as well as a bare list', async () => {
    answer = (res) => json(res, 200, { users: staff, total: 2 });
    const ds = await dealers();
    expect(await applyCmsStaff(ds, config(), opts())).toEqual([]);
    expect(ds[0]!.team.map((m) => m.slug)).toEqual(['jane-citizen', 'sam-seller']);
  });

  it('revalidates with the ETag and reuses the cached list when the CMS answers 304', async () => {
    answer = (res, req) => {
      if (req.headers['if-none-match'] === '"v1"') {
        res.writeHead(304);
        res.end();
        return;
      }
      json(res, 200, staff, { etag: '"v1"', 'last-modified': 'Tue, 01 Jul 2025 00:00:00 GMT' });
    };
    await applyCmsStaff(await dealers(), config(), opts({ maxAgeSeconds: 0 }));
    const ds = await dealers();
    const issues = await applyCmsStaff(ds, config(), opts({ maxAgeSeconds: 0 }));
    expect(issues).toEqual([]);
    expect(seen).toHaveLength(2);
    expect(seen[1]!.headers['if-none-match']).toBe('"v1"');
    expect(seen[1]!.headers['if-modified-since']).toBe('Tue, 01 Jul 2025 00:00:00 GMT');
    expect(ds[0]!.team.map((m) => m.slug)).toEqual(['jane-citizen', 'sam-seller']);
    expect(lines.join('\n')).toMatch(/not modified/);
  });

  it('makes no request at all while the cached list is younger than the maximum age', async () => {
    await applyCmsStaff(await dealers(), config(), opts());
    answer = (res) => json(res, 200, []);
    const ds = await dealers();
    expect(await applyCmsStaff(ds, config(), opts({ maxAgeSeconds: 300 }))).toEqual([]);
    expect(seen).toHaveLength(1);
    expect(ds[0]!.team).toHaveLength(2);
  });

  it('builds from the cached list with a warning naming the dealer and its age when the CMS is down', async () => {
    await applyCmsStaff(await dealers(), config(), opts());
    const ds = await dealers();
    // the cache belongs to the URL it came from, so "down" is the same URL answering nothing
    answer = (res) => res.socket?.destroy();
    const issues = await applyCmsStaff(ds, config(), opts({ maxAgeSeconds: 0 }));
    expect(issues).toEqual([]);
    expect(ds[0]!.team).toHaveLength(2);
    const warning = lines.find((l) => l.startsWith('warning:'));
    expect(warning).toMatch(/mini-motors/);
    expect(warning).toMatch(/cached copy of \d+ s ago/);
  });

  it('builds from the cached list with a warning when the CMS answers 503', async () => {
    await applyCmsStaff(await dealers(), config(), opts());
    answer = (res) => json(res, 503, { error: 'maintenance' });
    const ds = await dealers();
    expect(await applyCmsStaff(ds, config(), opts({ maxAgeSeconds: 0 }))).toEqual([]);
    expect(lines.find((l) => l.startsWith('warning:'))).toMatch(/mini-motors.*HTTP 503.*cached copy/);
  });

  it('fails naming the dealer and the URL when the CMS is down and nothing is cached', async () => {
    const url = await deadUrl();
    const ds = await dealers();
    const snapshotTeam = structuredClone(ds[0]!.team);
    const issues = await applyCmsStaff(ds, config(url), opts());
    expect(issues).toHaveLength(1);
    const text = formatIssue(issues[0]!);
    expect(text).toContain('mini-motors');
    expect(text).toContain(`${url}/websites/901/users.json`);
    expect(text).toMatch(/no cached copy/);
    expect(text).not.toContain(TOKEN);
    expect(ds[0]!.team).toEqual(snapshotTeam);
  });

  it('fails with the HTTP status when the CMS answers 500 and nothing is cached', async () => {
    answer = (res) => json(res, 500, {});
    const issues = await applyCmsStaff(await dealers(), config(), opts());
    expect(formatIssue(issues[0]!)).toMatch(/HTTP 500/);
  });

  it('fails when the CMS does not answer within the timeout', async () => {
    answer = () => {};
    const issues = await applyCmsStaff(await dealers(), config(), opts({ timeoutMs: 200 }));
    expect(formatIssue(issues[0]!)).toMatch(/no answer within 0.2 s/);
  });

  it.each([401, 403])('says the token was refused when the CMS answers %i, even with a cached copy', async (status) => {
    await applyCmsStaff(await dealers(), config(), opts());
    answer = (res) => json(res, status, { error: 'unauthorised' });
    const issues = await applyCmsStaff(await dealers(), config(), opts({ maxAgeSeconds: 0 }));
    expect(issues).toHaveLength(1);
    expect(issues[0]!.message).toMatch(
      new RegExp(`refused the token.*HTTP ${status}|HTTP ${status}.*refused the token`),
    );
    expect(issues[0]!.message).toMatch(/CMS_TOKEN/);
    expect(issues[0]!.message).not.toContain(TOKEN);
  });

  it('lists every invalid staff field with its path in the users.json answer', async () => {
    const bad = [...staff, { id: 3, slug: 'x', name: 'X' }, { id: 4, slug: 17, name: 'Y', rating: 9 }];
    answer = (res) => json(res, 200, bad);
    const ds = await dealers();
    const snapshotTeam = structuredClone(ds[0]!.team);
    const issues = await applyCmsStaff(ds, config(), opts());
    const text = issues.map(formatIssue);
    expect(text).toContain(
      'mini-motors: CMS users.json for website 901 at [3].slug: expected a text, found the number 17',
    );
    expect(text.some((t) => t.startsWith('mini-motors: CMS users.json for website 901 at [3].rating:'))).toBe(true);
    expect(ds[0]!.team).toEqual(snapshotTeam);
    expect(await readdir(cacheDir)).toEqual([]);
  });

  it('gives paths under users when the answer wraps the list', async () => {
    answer = (res) => json(res, 200, { users: [{ id: 1, name: 'No Slug' }] });
    const issues = await applyCmsStaff(await dealers(), config(), opts());
    expect(issues.map((i) => i.path)).toEqual(['users[0].slug']);
    expect(issues[0]!.message).toMatch(/required/);
  });

  it('reports an answer that is not JSON, or not a staff list', async () => {
    answer = (res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('[{"id": 1,');
    };
    let issues = await applyCmsStaff(await dealers(), config(), opts());
    expect(issues[0]!.message).toMatch(/is not valid JSON/);
    answer = (res) => json(res, 200, { staff: [] });
    issues = await applyCmsStaff(await dealers(), config(), opts());
    expect(issues[0]!.message).toMatch(/expected an array of staff members or an object with a "users" array/);
  });

  it('rejects two staff members with the same slug, which would share one profile URL', async () => {
    answer = (res) => json(res, 200, [...staff, { ...staff[0], id: 9 }]);
    const issues = await applyCmsStaff(await dealers(), config(), opts());
    expect(issues.map((i) => i.path)).toEqual(['[2].slug']);
  });

  it('never writes the token into the cache files', async () => {
    answer = (res) => json(res, 200, staff, { etag: '"v1"' });
    await applyCmsStaff(await dealers(), config(), opts());
    await applyCmsStaff(await dealers(), config(), opts({ maxAgeSeconds: 0 }));
    const text = await cacheText();
    expect(text).toContain('Jane Citizen');
    expect(text).not.toContain(TOKEN);
  });

  it('asks for at most four dealers at once', async () => {
    let inFlight = 0;
    let most = 0;
    answer = (res) => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      setTimeout(() => {
        inFlight -= 1;
        json(res, 200, staff);
      }, 50);
    };
    const one = (await dealers())[0]!;
    const many = Array.from({ length: 7 }, (_, i) => ({
      ...structuredClone(one),
      slug: `d${i}`,
      site: { ...one.site, id: 100 + i },
    }));
    expect(await applyCmsStaff(many, config(), opts())).toEqual([]);
    expect(seen).toHaveLength(7);
    expect(most).toBe(4);
    expect(many.every((d) => d.team.length === 2)).toBe(true);
  });
});

/**
 * Runs `buildSites` in a child process, as `npm run build` does: Astro's build cannot run inside
 * the test runner's own Vite. The out folder sits inside the project so that concurrent builds
 * keep separate prerender folders.
 */
function buildInChild(dealersDir: string, outDir: string, env: Record<string, string>) {
  const entry = pathToFileURL(path.resolve('src/engine/build/build-sites.ts')).href;
  const code = `import { buildSites } from ${JSON.stringify(entry)};
const result = await buildSites(${JSON.stringify({ dealersDir, outDir })});
process.stdout.write('\\nRESULT ' + JSON.stringify(result) + '\\n');
process.exit(0);`;
  const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env };
  for (const key of Object.keys(childEnv)) if (key.startsWith('VITEST') || key === 'NODE_ENV') delete childEnv[key];
  return new Promise<{ result?: BuildResult; output: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], { env: childEnv });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('close', () => {
      const line = output.split('\n').find((l) => l.startsWith('RESULT '));
      resolve({ result: line ? (JSON.parse(line.slice(7)) as BuildResult) : undefined, output });
    });
  });
}

describe('a build with the CMS configured', () => {
  it('builds staff profiles from the CMS and leaves the token out of every output file', async () => {
    await mkdir(path.resolve('.cache/test-builds'), { recursive: true });
    const root = await mkdtemp(path.resolve('.cache/test-builds/cms-'));
    const out = path.join(root, 'out');
    try {
      const { result, output } = await buildInChild(FIXTURES, out, {
        CMS_URL: base,
        CMS_TOKEN: TOKEN,
        CMS_CACHE_DIR: cacheDir,
      });
      expect(result, output).toBeDefined();
      expect(result!.errors).toEqual([]);
      expect(result!.ok).toBe(true);
      expect(seen.length).toBeGreaterThan(0);
      expect(seen.every((s) => s.headers.authorization === `Bearer ${TOKEN}`)).toBe(true);
      expect(seen.map((s) => s.url)).toContain('/api/websites/901/users.json');
      const files = (await readdir(out, { recursive: true, withFileTypes: true }))
        .filter((e) => e.isFile())
        .map((e) => path.join(e.parentPath, e.name));
      expect(files).toContain(path.join(out, 'mini-motors', 'team', 'jane-citizen', 'index.html'));
      const snapshotOnly = (await dealers())[0]!.team.filter((m) => !staff.some((s) => s.slug === m.slug));
      for (const m of snapshotOnly)
        expect(files).not.toContain(path.join(out, 'mini-motors', 'team', m.slug, 'index.html'));
      const home = await readFile(path.join(out, 'mini-motors', 'team', 'jane-citizen', 'index.html'), 'utf8');
      expect(home).toContain('Jane Citizen');
      for (const f of files) {
        expect((await readFile(f, 'utf8')).includes(TOKEN), f).toBe(false);
      }
      expect(output).not.toContain(TOKEN);
      expect(await cacheText()).not.toContain(TOKEN);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  }, 120_000);
});
