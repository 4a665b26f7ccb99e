/**
 * What the platforms' packagers pack with each function of dist/api: they trace every import of
 * the function file, static and dynamic, through the chunks it loads (tests/helpers/module-graph.ts
 * walks the same graph). The serverless entries reach `pg` and never the embedded database,
 * PGlite; server.mjs and handler.mjs keep it. Without DATABASE_URL a serverless entry
 * refuses to start, naming it, whatever DATA_DIR says.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { cp, readdir } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { API_ENTRIES, EMBEDDED_DB_ENTRIES } from '../../../src/engine/build/build-api.ts';
import { buildApiForTest, setEnv, type BuiltApi } from '../../helpers/api-bundle.ts';
import { reachedPackages, type ReachedPackage } from '../../helpers/module-graph.ts';

const PGLITE = '@electric-sql/pglite';

let api: BuiltApi;
/** Reached packages by script, keyed by the script's path under the work folder. */
let reached: Map<string, ReachedPackage[]>;

/** The Vercel project's function files, where docs/deploy.md has them copied: the repository root. */
const VERCEL_PROJECT_FUNCTIONS = ['api/index.mjs', 'api/deliver-leads.mjs'];

beforeAll(async () => {
  api = await buildApiForTest('api-trace-');
  await cp(path.join(api.apiDir, 'vercel/project'), api.work, { recursive: true });
  const scripts = [...Object.keys(API_ENTRIES).map((name) => `dist/api/${name}.mjs`), ...VERCEL_PROJECT_FUNCTIONS];
  const found = await reachedPackages(
    scripts.map((s) => path.join(api.work, s)),
    api.work,
  );
  reached = new Map(scripts.map((s) => [s, found.get(path.join(api.work, s))!]));
}, 120_000);

afterAll(() => api?.cleanup());

/** "@electric-sql/pglite (dynamic-import) from dist/api/x.mjs > dist/api/chunks/…": for messages. */
const describeReach = (p: ReachedPackage) => `${p.specifier} (${p.kind}) from ${p.chain.join(' > ')}`;
const pgliteOf = (script: string) => reached.get(script)!.filter((p) => p.pkg === PGLITE);

describe('the packages each function of dist/api reaches', () => {
  it('server.mjs and handler.mjs reach PGlite, through the import() of the embedded database only', () => {
    for (const name of EMBEDDED_DB_ENTRIES) {
      const pglite = pgliteOf(`dist/api/${name}.mjs`);
      expect(pglite.map((p) => p.specifier).sort(), name).toEqual([PGLITE, `${PGLITE}/contrib/pg_trgm`]);
      expect(new Set(pglite.map((p) => p.kind)), name).toEqual(new Set(['dynamic-import']));
    }
  });

  it('every serverless entry (Lambda, Netlify, Vercel) reaches pg and no import of PGlite, static or dynamic', () => {
    const serverless = Object.keys(API_ENTRIES).filter((name) => !EMBEDDED_DB_ENTRIES.includes(name));
    expect(serverless.sort()).toEqual(
      [
        'lambda',
        'netlify/functions/api',
        'netlify/functions/deliver-leads',
        'vercel/api',
        'vercel/deliver-leads',
      ].sort(),
    );
    for (const name of serverless) {
      const script = `dist/api/${name}.mjs`;
      const pglite = pgliteOf(script).map(describeReach);
      expect(pglite, `${script} reaches ${pglite.join('; ')}`).toEqual([]);
      expect(
        reached.get(script)!.map((p) => p.pkg),
        script,
      ).toContain('pg');
      expect(
        reached.get(script)!.map((p) => p.pkg),
        script,
      ).not.toContain(PGLITE);
    }
  });

  it("the Vercel project's function files, copied to the repository root, reach the same as the entries they re-export", () => {
    for (const file of VERCEL_PROJECT_FUNCTIONS) {
      const pglite = pgliteOf(file).map(describeReach);
      expect(pglite, `${file} reaches ${pglite.join('; ')}`).toEqual([]);
      expect(
        reached.get(file)!.map((p) => p.pkg),
        file,
      ).toContain('pg');
    }
  });

  it('every file under netlify/functions is a function Netlify packs, and none reaches PGlite', async () => {
    const functions = (await readdir(path.join(api.apiDir, 'netlify/functions'))).filter((f) => f.endsWith('.mjs'));
    expect(functions.sort()).toEqual(['api.mjs', 'deliver-leads.mjs']);
    for (const f of functions) expect(pgliteOf(`dist/api/netlify/functions/${f}`).map(describeReach), f).toEqual([]);
  });
});

describe('a serverless entry started without DATABASE_URL', () => {
  it('answers 503 and logs that DATABASE_URL is not set, even with DATA_DIR set, and opens no database there', async () => {
    const dataDir = path.join(api.work, 'trial-data');
    const restore = setEnv({
      DATABASE_URL: undefined,
      DATA_DIR: dataDir,
      API_CONTENT: undefined,
      API_CONTENT_URL: undefined,
    });
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const netlify = (await import(pathToFileURL(path.join(api.apiDir, 'netlify/functions/api.mjs')).href)) as {
        default(request: Request, context: object): Promise<Response>;
      };
      const res = await netlify.default(new Request('https://www.minimotors.com.au/api/health'), {});
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('5');
      const lambda = (await import(pathToFileURL(path.join(api.apiDir, 'lambda.mjs')).href)) as {
        deliver(): Promise<unknown>;
      };
      await expect(lambda.deliver()).rejects.toThrow(/^DATABASE_URL is not set: set it to a PostgreSQL server/);
      const logged = errors.mock.calls.map((c) => String(c[0]));
      expect(logged).toHaveLength(1);
      expect(logged[0]).toMatch(/^The API could not start: DATABASE_URL is not set: set it to a PostgreSQL server/);
      expect(logged[0]).toContain('built without the embedded database');
      await expect(readdir(dataDir)).rejects.toMatchObject({ code: 'ENOENT' });
    } finally {
      errors.mockRestore();
      restore();
    }
  });
});
