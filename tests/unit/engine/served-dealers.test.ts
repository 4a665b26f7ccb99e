/**
 * The API of `npm start` follows its sites folder's manifest: a dealer a build adds is served
 * by the API at once, a dealer whose snapshot changed gets its new content, a removed dealer
 * answers 404, a half-done swap keeps the dealers served, and a request under way is not dropped.
 */
import { request as httpRequest } from 'node:http';
import { mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../src/api/app.ts';
import type { ApiDeps } from '../../../src/api/core/deps.ts';
import { CONTENT_DIR, type BuildManifest, type FailedDealer } from '../../../src/engine/build/build-manifest.ts';
import { followManifest, type ManifestFollower } from '../../../src/engine/serve/served-dealers.ts';
import { startServer, type RunningServer } from '../../../src/engine/serve/static-server.ts';
import type { DealerContent } from '../../../src/content/load.ts';
import { fixtureDealers, testDatabases, testDeps, type TestDb } from '../../helpers/db.ts';
import { sitesFolder } from '../../helpers/sites-folder.ts';

const NEW = 'group-motors';
const KEPT = 'mini-motors';

let tmp: string;
let sitesDir: string;
let database: TestDb;
let deps: ApiDeps;
let follower: ManifestFollower;
let server: RunningServer;
let manifest: BuildManifest;
let newContent: string;
let gate: Promise<void> | undefined;
const failed: Record<string, FailedDealer> = {};
const log: string[] = [];

function get(host: string, rawPath: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    httpRequest(
      {
        host: '127.0.0.1',
        port: server.port,
        path: rawPath,
        headers: { host: `${host}:${server.port}` },
        agent: false,
      },
      (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      },
    )
      .on('error', reject)
      .end();
  });
}

const locations = (slug: string) => get(`${slug}.localhost`, '/api/manufacturer-locations');

/** Writes the manifest the way a build's swap puts it in place: a new file renamed over the old. */
async function putManifest(m: BuildManifest) {
  const staged = path.join(tmp, 'manifest.staged.json');
  await writeFile(staged, JSON.stringify(m));
  await rename(staged, path.join(sitesDir, 'manifest.json'));
}

beforeAll(async () => {
  tmp = await mkdtemp(path.join(tmpdir(), 'served-dealers-'));
  sitesDir = path.join(tmp, 'sites');
  await sitesFolder(sitesDir);
  manifest = JSON.parse(await readFile(path.join(sitesDir, 'manifest.json'), 'utf8')) as BuildManifest;
  newContent = await readFile(path.join(sitesDir, CONTENT_DIR, `${NEW}.json`), 'utf8');
  // The folder before the new dealer's build: only the kept dealer.
  await rm(path.join(sitesDir, NEW), { recursive: true });
  await rm(path.join(sitesDir, CONTENT_DIR, `${NEW}.json`));
  const before = structuredClone(manifest);
  delete before.dealers[NEW];
  await putManifest(before);

  database = await testDatabases[0]!.open();
  const kept = (await fixtureDealers()).filter((d) => d.slug === KEPT);
  deps = await testDeps(database.db, { dealers: [...kept] });
  follower = followManifest(
    { sitesDir, deps, failed, fingerprints: { [KEPT]: 'test' }, log: (line) => log.push(line) },
    { lookMs: 60_000 },
  );
  const app = createApp(deps);
  const api = follower.wrap(async (req) => {
    // A request held open across a swap (see "keeps a request under way").
    if (new URL(req.url).searchParams.has('hold')) await gate;
    return app.fetch(req);
  });
  server = await startServer({ sitesDir, api, failed, port: 0 });
});

afterAll(async () => {
  follower.close();
  await server.close();
  await database.cleanup();
  await rm(tmp, { recursive: true, force: true });
});

describe('the API of npm start follows the sites folder', () => {
  it("serves a newly built dealer's page and API without a restart", async () => {
    expect((await locations(KEPT)).status).toBe(200);
    expect((await locations(NEW)).status).toBe(404);

    // The build of the new dealer: its site and content first, the manifest last.
    await sitesFolder(path.join(tmp, 'staged'));
    await rename(path.join(tmp, 'staged', NEW), path.join(sitesDir, NEW));
    await writeFile(path.join(sitesDir, CONTENT_DIR, `${NEW}.json`), newContent);
    await putManifest(manifest);

    expect((await get(`${NEW}.localhost`, '/')).text).toContain('Group Motors');
    const api = await locations(NEW);
    expect(api.status).toBe(200);
    expect(api.text).toContain('Group Motors');
    expect((await locations(KEPT)).status).toBe(200);
    expect(log.at(-1)).toBe(`The API follows the new build of ${sitesDir}: added ${NEW}.`);
    expect(deps.dealers.map((d) => d.slug)).toEqual([NEW, KEPT]);
  });

  it("serves a changed dealer's new content", async () => {
    const dealer = JSON.parse(newContent) as DealerContent;
    dealer.site.name = 'Group Motors Renamed';
    await writeFile(path.join(sitesDir, CONTENT_DIR, `${NEW}.json`), JSON.stringify(dealer));
    manifest.dealers[NEW]!.fingerprint = 'changed';
    await putManifest(manifest);

    const api = await locations(NEW);
    expect(api.status).toBe(200);
    expect(api.text).toContain('Group Motors Renamed');
  });

  it('keeps the dealers served while a swap has set the manifest aside', async () => {
    await rename(path.join(sitesDir, 'manifest.json'), path.join(tmp, 'aside.json'));
    expect((await locations(NEW)).status).toBe(200);
    expect((await locations(KEPT)).status).toBe(200);
    await rename(path.join(tmp, 'aside.json'), path.join(sitesDir, 'manifest.json'));
  });

  it('keeps a request under way across a swap', async () => {
    let open!: () => void;
    gate = new Promise<void>((resolve) => (open = resolve));
    const held = get(`${KEPT}.localhost`, '/api/manufacturer-locations?hold=1');
    const later = structuredClone(manifest);
    later.dealers[NEW]!.fingerprint = 'changed again';
    await putManifest(later);
    expect((await locations(NEW)).status).toBe(200);
    open();
    expect((await held).status).toBe(200);
    gate = undefined;
  });

  it("answers 404 for a dealer the folder's manifest no longer lists, and says so", async () => {
    const after = structuredClone(manifest);
    delete after.dealers[NEW];
    await rm(path.join(sitesDir, NEW), { recursive: true });
    await rm(path.join(sitesDir, CONTENT_DIR, `${NEW}.json`));
    await putManifest(after);

    expect((await locations(NEW)).status).toBe(404);
    expect((await locations(KEPT)).status).toBe(200);
    expect(log.at(-1)).toBe(`The API follows the new build of ${sitesDir}: removed ${NEW}.`);
  });

  it("follows the manifest's refused dealers for the static server", async () => {
    const refused: FailedDealer = { at: new Date().toISOString(), lastGoodAt: null, errors: [] };
    const after = structuredClone(manifest);
    delete after.dealers[NEW];
    after.failed = { [NEW]: refused };
    await putManifest(after);
    await follower.check();
    expect(failed).toEqual({ [NEW]: refused });
    expect((await get(`${NEW}.localhost`, '/')).status).toBe(503);
  });
});
