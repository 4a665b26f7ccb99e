/**
 * Fleet builds, for real (Astro in child processes, synthetic dealers in the content format):
 * render workers, shards that add up to the whole build, `--changed` that rebuilds only the
 * dealers whose snapshot changed and leaves the others' folders untouched, and `--api-only`.
 */
import { spawn } from 'node:child_process';
import { request } from 'node:http';
import { cp, mkdir, mkdtemp, readFile, readdir, rm, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeSyntheticDealers } from '../../../scripts/bench/synthetic.ts';
import { shardOf } from '../../../src/engine/build/build-manifest.ts';
import { readManifests } from '../../../src/engine/build/manifest-read.ts';
import { statSignature } from '../../../src/content/load.ts';
import type { BuildResult } from '../../../src/engine/build/build-sites.ts';
import { buildInChild, childEnv, type ChildBuild } from '../../helpers/build-child.ts';

let root: string;
let dealersDir: string;
let slugs: string[];

function ok(r: ChildBuild): BuildResult & { output: string } {
  if (!('ok' in r) || !r.ok) throw new Error(`the build failed:\n${r.output.slice(-4000)}`);
  return r;
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .sort();
}

/** The dealers of an API folder, from the content the bundle serves. */
async function apiDealers(apiDir: string): Promise<{ slug: string; pages: { title: string }[] }[]> {
  return (
    JSON.parse(await readFile(path.join(apiDir, 'content.json'), 'utf8')) as {
      dealers: { slug: string; pages: { title: string }[] }[];
    }
  ).dealers;
}

beforeAll(async () => {
  await mkdir(path.resolve('.cache/test-builds'), { recursive: true });
  root = await mkdtemp(path.resolve('.cache/test-builds/fleet-'));
  dealersDir = path.join(root, 'dealers');
  slugs = (await writeSyntheticDealers(dealersDir, { dealers: 6, pages: 8, seed: 7 })).map((d) => d.slug).sort();
});

afterAll(() => rm(root, { recursive: true, force: true }));

describe('a fleet build in worker processes, and the same fleet in shards', () => {
  const whole = () => path.join(root, 'whole');
  const sharded = () => path.join(root, 'sharded');

  it('renders the fleet in two worker processes and writes a manifest of every dealer', async () => {
    const r = ok(
      await buildInChild({
        dealersDir,
        outDir: path.join(whole(), 'sites'),
        apiOutDir: path.join(whole(), 'api'),
        workers: 2,
      }),
    );
    expect(r.workers).toBe(2);
    expect(r.workerRssMB).toHaveLength(2);
    expect(r.dealers.map((d) => d.slug)).toEqual(slugs);
    const manifest = await readManifests(path.join(whole(), 'sites'));
    expect(Object.keys(manifest!.dealers).sort()).toEqual(slugs);
    expect(manifest!.dealersDir).toBe(dealersDir);
    expect((await apiDealers(path.join(whole(), 'api'))).map((d) => d.slug)).toEqual(slugs);
  }, 180_000);

  it('builds a stable third of the dealers per shard; the three together equal the whole build, file for file', async () => {
    const out = path.join(sharded(), 'sites');
    const seen: string[] = [];
    for (const index of [1, 2, 3]) {
      const r = ok(await buildInChild({ dealersDir, outDir: out, shard: { index, count: 3 }, workers: 1 }));
      const mine = r.dealers.map((d) => d.slug);
      expect(mine).toEqual(slugs.filter((s) => shardOf(s, 3) === index));
      seen.push(...mine);
      expect(r.output).toContain('--api-only');
    }
    expect(seen.sort()).toEqual(slugs);
    expect((await readdir(out)).filter((n) => n.startsWith('manifest')).sort()).toEqual([
      'manifest.1-of-3.json',
      'manifest.2-of-3.json',
      'manifest.3-of-3.json',
    ]);

    const api = ok(
      await buildInChild({ dealersDir, outDir: out, apiOutDir: path.join(sharded(), 'api'), apiOnly: true }),
    );
    expect(api.unchanged).toEqual(slugs);

    const notManifest = (f: string) => !/^manifest.*\.json$/.test(f);
    const wholeFiles = (await listFiles(path.join(whole(), 'sites'))).filter(notManifest);
    expect((await listFiles(out)).filter(notManifest)).toEqual(wholeFiles);
    const differ: string[] = [];
    for (const f of wholeFiles) {
      const [a, b] = await Promise.all([readFile(path.join(whole(), 'sites', f)), readFile(path.join(out, f))]);
      if (!a.equals(b)) differ.push(f);
    }
    expect(differ).toEqual([]);
    const strip = (d: unknown) => JSON.stringify(d);
    expect(strip(await apiDealers(path.join(sharded(), 'api')))).toBe(
      strip(await apiDealers(path.join(whole(), 'api'))),
    );
  }, 240_000);
});

describe('a fleet whose render workers each validate their own batch', () => {
  it('refuses a broken dealer and the later of two dealers with one website id across batches, and publishes the rest', async () => {
    const dir = path.join(root, 'batch-dealers');
    await cp(dealersDir, dir, { recursive: true });
    const siteOf = async (slug: string) =>
      JSON.parse(await readFile(path.join(dir, slug, 'site.json'), 'utf8')) as Record<string, unknown>;
    // Batch one is slugs 0-2, batch two 3-5: slug 4 takes slug 0's id, slug 1 has a typo.
    await writeFile(
      path.join(dir, slugs[4]!, 'site.json'),
      JSON.stringify({ ...(await siteOf(slugs[4]!)), id: (await siteOf(slugs[0]!)).id }),
    );
    await writeFile(
      path.join(dir, slugs[1]!, 'site.json'),
      JSON.stringify(await siteOf(slugs[1]!)).replace(/\}$/, ',}'),
    );
    const out = path.join(root, 'batches', 'sites');
    const r = (await buildInChild({
      dealersDir: dir,
      outDir: out,
      apiOutDir: path.join(root, 'batches', 'api'),
      workers: 2,
    })) as BuildResult & { output: string };
    expect(r.workers, r.output).toBe(2);
    expect(r.failed).toEqual([slugs[1]!, slugs[4]!].sort());
    const published = slugs.filter((s) => s !== slugs[1] && s !== slugs[4]);
    expect(r.dealers.map((d) => d.slug)).toEqual(published);
    expect((await readdir(out)).filter((n) => !n.startsWith('.') && !n.startsWith('manifest')).sort()).toEqual(
      published,
    );
    expect(r.output).toContain(`✗ ${slugs[4]}: site.json at id: website id`);
    expect(r.output).toContain(`is also used by dealer "${slugs[0]}"`);
    expect(r.output).toMatch(new RegExp(`✗ ${slugs[1]}: site\\.json`));
    expect(r.output).toMatch(/Building 4 dealers, \d+ pages in 2 processes \(2 batches\)/);
    const manifest = (await readManifests(out))!;
    expect(Object.keys(manifest.dealers).sort()).toEqual(published);
    expect(Object.keys(manifest.failed).sort()).toEqual([slugs[1]!, slugs[4]!].sort());
    expect((await apiDealers(path.join(root, 'batches', 'api'))).map((d) => d.slug)).toEqual(published);
  }, 180_000);
});

describe('npm run build -- --changed', () => {
  const out = () => path.join(root, 'whole', 'sites');
  const api = () => path.join(root, 'whole', 'api');

  async function stamps() {
    const all: Record<string, { ino: number; mtimeMs: number }> = {};
    for (const slug of slugs) {
      const s = await stat(path.join(out(), slug, 'index.html')).catch(() => undefined);
      if (s) all[slug] = { ino: s.ino, mtimeMs: s.mtimeMs };
    }
    return all;
  }

  it('rebuilds only the dealer whose snapshot changed and leaves every other folder untouched', async () => {
    const before = await stamps();
    const changed = slugs[2]!;
    const home = path.join(dealersDir, changed, 'pages', '000-home.json');
    const page = JSON.parse(await readFile(home, 'utf8')) as { title: string };
    page.title = 'Spring sale at the yard';
    await writeFile(home, JSON.stringify(page, null, 2));

    const r = ok(await buildInChild({ dealersDir, outDir: out(), apiOutDir: api(), changed: true }));
    expect(r.dealers.map((d) => d.slug)).toEqual([changed]);
    expect(r.unchanged).toEqual(slugs.filter((s) => s !== changed));
    const after = await stamps();
    for (const slug of slugs.filter((s) => s !== changed)) expect(after[slug], slug).toEqual(before[slug]);
    expect(after[changed]!.ino).not.toBe(before[changed]!.ino);
    expect(await readFile(path.join(out(), changed, 'index.html'), 'utf8')).toContain('Spring sale at the yard');
    // The API bundle serves every dealer: the changed one as it is now, the others as they were.
    const served = await apiDealers(api());
    expect(served.map((d) => d.slug)).toEqual(slugs);
    expect(served.find((d) => d.slug === changed)!.pages.some((p) => p.title === 'Spring sale at the yard')).toBe(true);
    const manifest = await readManifests(out());
    expect(manifest!.dealers[changed]!.builtAt > manifest!.dealers[slugs[0]!]!.builtAt).toBe(true);
  }, 120_000);

  it('does nothing when nothing changed', async () => {
    const before = await stamps();
    const apiBefore = await stat(path.join(api(), 'content.json'));
    const r = ok(await buildInChild({ dealersDir, outDir: out(), apiOutDir: api(), changed: true }));
    expect(r.dealers).toEqual([]);
    expect(r.unchanged).toEqual(slugs);
    expect(r.output).toContain('Nothing to build');
    expect(await stamps()).toEqual(before);
    expect((await stat(path.join(api(), 'content.json'))).mtimeMs).toBe(apiBefore.mtimeMs);
  }, 120_000);

  it('keeps a dealer whose files were only touched (same bytes, new times), and remembers the new times', async () => {
    const touched = slugs[3]!;
    const file = path.join(dealersDir, touched, 'site.json');
    const later = new Date(Date.now() + 60_000);
    await utimes(file, later, later);
    const before = await stamps();
    const r = ok(await buildInChild({ dealersDir, outDir: out(), changed: true }));
    expect(r.dealers).toEqual([]);
    expect(await stamps()).toEqual(before);
    // The new times are recorded, so the next run finds them equal and reads nothing of the dealer.
    expect((await readManifests(out()))!.dealers[touched]!.stats).toBe(
      await statSignature(path.join(dealersDir, touched)),
    );
  }, 120_000);

  it('removes the site, content and API entry of a dealer whose folder is gone', async () => {
    const gone = slugs[4]!;
    const keep = path.join(root, 'kept-dealer');
    await cp(path.join(dealersDir, gone), keep, { recursive: true });
    await rm(path.join(dealersDir, gone), { recursive: true });
    try {
      const r = ok(await buildInChild({ dealersDir, outDir: out(), apiOutDir: api(), changed: true }));
      expect(r.removed).toEqual([gone]);
      expect(r.dealers).toEqual([]);
      await expect(stat(path.join(out(), gone))).rejects.toThrow();
      await expect(stat(path.join(out(), '.content', `${gone}.json`))).rejects.toThrow();
      expect(Object.keys((await readManifests(out()))!.dealers)).not.toContain(gone);
      expect((await apiDealers(api())).map((d) => d.slug)).toEqual(slugs.filter((s) => s !== gone));
    } finally {
      await cp(keep, path.join(dealersDir, gone), { recursive: true });
    }
  }, 120_000);
});

describe('one broken dealer never stops the others', () => {
  const out = () => path.join(root, 'whole', 'sites');
  const api = () => path.join(root, 'whole', 'api');
  const broken = () => slugs[1]!;
  const edited = () => slugs[0]!;
  const newcomer = 'zz-newcomer-motors';
  let siteJson: string;

  it("publishes the valid dealers, keeps the broken one's last good site and records every error", async () => {
    const siteFile = path.join(dealersDir, broken(), 'site.json');
    siteJson = await readFile(siteFile, 'utf8');
    const before = await stat(path.join(out(), broken(), 'index.html'));
    const lastGood = (await readManifests(out()))!.dealers[broken()]!;
    // A trailing comma, as an editor's typo leaves it.
    await writeFile(siteFile, siteJson.trimEnd().replace(/\}$/, ',}'));
    const home = path.join(dealersDir, edited(), 'pages', '000-home.json');
    const page = JSON.parse(await readFile(home, 'utf8')) as { title: string };
    page.title = 'Published despite a neighbour';
    await writeFile(home, JSON.stringify(page, null, 2));
    // A dealer that never built, with a page that is not JSON.
    await cp(path.join(dealersDir, slugs[5]!), path.join(dealersDir, newcomer), { recursive: true });
    const site = JSON.parse(await readFile(path.join(dealersDir, newcomer, 'site.json'), 'utf8')) as {
      id: number;
      slug: string;
    };
    await writeFile(
      path.join(dealersDir, newcomer, 'site.json'),
      JSON.stringify({ ...site, id: 990_001, slug: newcomer }, null, 2),
    );
    await writeFile(path.join(dealersDir, newcomer, 'pages', '000-home.json'), '{ "title": ');

    const r = (await buildInChild({ dealersDir, outDir: out(), apiOutDir: api(), changed: true })) as BuildResult & {
      output: string;
    };
    expect(r.ok, r.output).toBe(false);
    expect(r.failed).toEqual([broken(), newcomer].sort());
    // The edited dealer is published (with the one the test before put back, which had no site).
    expect(r.dealers.map((d) => d.slug)).toContain(edited());
    expect(r.dealers.map((d) => d.slug)).not.toContain(broken());
    expect(await readFile(path.join(out(), edited(), 'index.html'), 'utf8')).toContain('Published despite a neighbour');
    // The broken dealer's last good site is exactly as it was.
    const after = await stat(path.join(out(), broken(), 'index.html'));
    expect({ ino: after.ino, mtimeMs: after.mtimeMs }).toEqual({ ino: before.ino, mtimeMs: before.mtimeMs });
    await expect(stat(path.join(out(), newcomer))).rejects.toThrow();
    // Every error, with dealer, file and JSON path, in the log and in the manifest.
    expect(r.output).toMatch(new RegExp(`✗ ${broken()}: site\\.json`));
    expect(r.output).toMatch(new RegExp(`✗ ${newcomer}: pages/000-home\\.json`));
    const manifest = (await readManifests(out()))!;
    expect(manifest.dealers[broken()]).toEqual(lastGood);
    expect(manifest.failed[broken()]).toMatchObject({ lastGoodAt: lastGood.builtAt });
    expect(manifest.failed[broken()]!.errors[0]).toMatchObject({ dealer: broken(), file: 'site.json' });
    expect(manifest.failed[newcomer]).toMatchObject({ lastGoodAt: null });
    expect(manifest.dealers[newcomer]).toBeUndefined();
    // The API still serves the broken dealer, from its last good content.
    expect((await apiDealers(api())).map((d) => d.slug)).toEqual(slugs);
  }, 120_000);

  it('npm run build exits 3 when it published some dealers and refused others', async () => {
    const other = path.join(dealersDir, slugs[3]!, 'pages', '000-home.json');
    const page = JSON.parse(await readFile(other, 'utf8')) as { title: string };
    await writeFile(other, JSON.stringify({ ...page, title: `${page.title} (updated)` }, null, 2));
    const code = await new Promise<number | null>((resolve) => {
      const child = spawn(
        process.execPath,
        ['--experimental-strip-types', 'scripts/build.ts', '--dealers', dealersDir, '--out', out(), '--changed'],
        { env: childEnv(), stdio: 'ignore' },
      );
      child.on('exit', resolve);
    });
    expect(code).toBe(3);
  }, 120_000);

  it("npm start serves the others, the broken dealer's last good site, and the errors of one that never built", async () => {
    const server = await serveSites(out());
    try {
      expect(server.port, server.output).toBeDefined();
      const good = await get(server.port!, `${edited()}.localhost:${server.port}`, '/');
      expect(good.status).toBe(200);
      expect(good.text.includes('Published despite a neighbour'), 'the edited dealer is served as built now').toBe(
        true,
      );
      expect((await get(server.port!, `${broken()}.localhost:${server.port}`, '/')).status).toBe(200);
      const none = await get(server.port!, `${newcomer}.localhost:${server.port}`, '/');
      expect(none.status).toBe(503);
      expect(none.text).toContain('pages/000-home.json');
      const list = await get(server.port!, `localhost:${server.port}`, '/');
      expect(list.text).toContain(`not built: 1 content error`);
      expect(list.text).toContain('content errors: this is its last good site');
    } finally {
      await server.stop();
    }
  }, 90_000);

  it('clears the failure once the content is fixed', async () => {
    await writeFile(path.join(dealersDir, broken(), 'site.json'), siteJson);
    await rm(path.join(dealersDir, newcomer), { recursive: true });
    const r = ok(await buildInChild({ dealersDir, outDir: out(), apiOutDir: api(), changed: true }));
    expect(r.failed).toEqual([]);
    expect((await readManifests(out()))!.failed).toEqual({});
  }, 120_000);
});

/** Starts scripts/serve.ts without building; resolves with its output once it serves or exits. */
function serveSites(
  sitesDir: string,
): Promise<{ code: number | null; output: string; port?: number; stop: () => Promise<void> }> {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        'scripts/serve.ts',
        '--sites',
        sitesDir,
        '--no-build',
        '--port',
        '0',
        '--data',
        path.join(root, 'serve-data'),
      ],
      {
        env: childEnv({ DATABASE_URL: '', DEALERS_DIR: '' }),
      },
    );
    let output = '';
    const stop = () =>
      new Promise<void>((done) => {
        if (child.exitCode !== null) return done();
        child.once('exit', () => done());
        child.kill('SIGTERM');
      });
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const m = /API +http:\/\/localhost:(\d+)\/api\/health/.exec(output);
      if (m) resolve({ code: null, output, port: Number(m[1]), stop });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => resolve({ code, output, stop }));
  });
}

/** A GET with a Host header of our choosing (fetch does not let a caller set Host). */
function get(port: number, host: string, target: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: target, headers: { host } }, (res) => {
      let text = '';
      res.on('data', (c: Buffer) => {
        text += c.toString();
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('npm start -- --sites DIR', () => {
  const serve = serveSites;

  it('serves the API of exactly the dealers the folder was built from, not those of ./dealers', async () => {
    const server = await serve(path.join(root, 'whole', 'sites'));
    try {
      expect(server.port, server.output).toBeDefined();
      const slug = slugs[0]!;
      const res = await get(server.port!, `${slug}.localhost:${server.port}`, '/api/manufacturer-locations');
      expect(res.status, res.text).toBe(200);
      const body = JSON.parse(res.text) as { ok: boolean; websites: { id: number }[] };
      const manifest = await readManifests(path.join(root, 'whole', 'sites'));
      expect(body.websites[0]!.id).toBe(manifest!.dealers[slug]!.id);
    } finally {
      await server.stop();
    }
  }, 90_000);

  it('refuses a folder whose sites and manifest do not match, saying what is wrong', async () => {
    const sites = path.join(root, 'mismatch');
    await cp(path.join(root, 'whole', 'sites'), sites, { recursive: true });
    await cp(path.join(sites, slugs[0]!), path.join(sites, 'stray-motors'), { recursive: true });
    await rm(path.join(sites, slugs[1]!), { recursive: true });
    const server = await serve(sites);
    await server.stop();
    expect(server.code).toBe(1);
    expect(server.output).toContain('site folders no manifest lists: stray-motors');
    expect(server.output).toContain(`dealers the manifest lists without a built site: ${slugs[1]}`);
  }, 120_000);

  it('refuses a folder without a build manifest', async () => {
    const sites = path.join(root, 'no-manifest');
    await mkdir(path.join(sites, 'some-dealer'), { recursive: true });
    await writeFile(path.join(sites, 'some-dealer', 'index.html'), '<!DOCTYPE html><title>x</title>');
    const server = await serve(sites);
    await server.stop();
    expect(server.code).toBe(1);
    expect(server.output).toMatch(
      /has no build manifest \(manifest\.json\): build the sites with npm run build -- --out/,
    );
  }, 120_000);
});
