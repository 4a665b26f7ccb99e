/** A sites folder as `npm run build` leaves it, for tests of `npm start --no-build` with the fixture dealers. */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { CONTENT_DIR, MANIFEST_FORMAT, type BuildManifest } from '../../src/engine/build/build-manifest.ts';
import { fixtureDealers } from './db.ts';

/** A sites folder as npm run build leaves it, for npm start --no-build: a manifest, a page and the content per dealer. */
export async function sitesFolder(dir: string): Promise<void> {
  const dealers = await fixtureDealers();
  const builtAt = new Date().toISOString();
  const manifest: BuildManifest = {
    format: MANIFEST_FORMAT,
    contentFormat: '1.1',
    builtAt,
    buildKey: 'test',
    preview: false,
    dealersDir: path.resolve('tests/fixtures/dealers'),
    dealers: {},
  };
  await mkdir(path.join(dir, CONTENT_DIR), { recursive: true });
  for (const d of dealers) {
    manifest.dealers[d.slug] = {
      id: d.site.id,
      name: d.site.name,
      url: d.site.url,
      fingerprint: 'test',
      pages: 1,
      builtAt,
      buildKey: 'test',
    };
    await mkdir(path.join(dir, d.slug), { recursive: true });
    await writeFile(path.join(dir, d.slug, 'index.html'), `<!doctype html><title>${d.site.name}</title>`);
    await writeFile(path.join(dir, CONTENT_DIR, `${d.slug}.json`), JSON.stringify(d));
  }
  await writeFile(path.join(dir, 'manifest.json'), JSON.stringify(manifest));
}
