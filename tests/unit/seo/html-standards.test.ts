/**
 * Every built page of the sample dealers, judged by the W3C's own HTML checker (the Nu checker of
 * the `vnu-jar` package, which needs Java) and by the rules search engines apply: a meta
 * description on every page, thank-you pages kept out of search results and the sitemap. The
 * checker also reads the pages of three synthetic dealers (scripts/bench/synthetic.ts), whose
 * snapshots put blocks in orders the samples do not (cards straight after a page's h1, say).
 */
import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import { buildSamples, sharedSampleBuild, type SampleBuild } from '../../helpers/sample-build.ts';
import { writeSyntheticDealers } from '../../../scripts/bench/synthetic.ts';

/** The checker itself: the jar the vnu-jar package ships. */
const vnuJar = createRequire(import.meta.url).resolve('vnu-jar/build/dist/vnu.jar');
const hasJava = spawnSync('java', ['-version']).status === 0;
if (!hasJava)
  console.log(
    'html-standards: Java is not installed, so the W3C HTML checker (vnu-jar) is skipped; install Java 17+ to run it.',
  );

let build: SampleBuild;
let synthetic: SampleBuild;
let syntheticDealers: string;
beforeAll(async () => {
  await mkdir(path.resolve('.cache/test-builds'), { recursive: true });
  syntheticDealers = await mkdtemp(path.resolve('.cache/test-builds/html-standards-dealers-'));
  await writeSyntheticDealers(syntheticDealers, { dealers: 3, pages: 40, seed: 5 });
  [build, synthetic] = await Promise.all([
    sharedSampleBuild(),
    buildSamples('html-standards-synthetic', { dealers: syntheticDealers }),
  ]);
}, 240_000);
afterAll(async () => {
  if (synthetic) await rm(path.dirname(synthetic.sites), { recursive: true, force: true });
  if (syntheticDealers) await rm(syntheticDealers, { recursive: true, force: true });
});

interface VnuMessage {
  type: string;
  subType?: string;
  url: string;
  message: string;
  lastLine?: number;
  extract?: string;
}

/** Every error and warning of the checker over the pages under `sites`, as "<slug>/<path>:<line> <message>". */
function vnuProblems(sites: string): string[] {
  const r = spawnSync('java', ['-jar', vnuJar, '--format', 'json', '--skip-non-html', '--also-check-svg', sites], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    timeout: 170_000,
  });
  const report = JSON.parse(r.stderr) as { messages: VnuMessage[] };
  // "Trailing slash on void elements" is information, not a fault: Astro writes <meta ... />.
  return report.messages
    .filter((m) => m.type === 'error' || m.subType === 'warning' || m.type === 'non-document-error')
    .map((m) => `${m.url.slice(m.url.indexOf('/sites/') + 7)}:${m.lastLine ?? '?'} ${m.message}`);
}

describe('the W3C Nu HTML checker', () => {
  it.skipIf(!hasJava)(
    'finds no errors or warnings on any built page',
    () => {
      expect(build.pages.size).toBeGreaterThan(150);
      expect(vnuProblems(build.sites)).toEqual([]);
      // The checker is a Java process over every page: about 20 s on a quiet machine, more on a busy one.
    },
    180_000,
  );

  it.skipIf(!hasJava)(
    'finds none on the pages of synthetic dealers either',
    () => {
      expect(synthetic.pages.size).toBe(3 * 40);
      expect(vnuProblems(synthetic.sites)).toEqual([]);
    },
    180_000,
  );
});

describe('search-engine basics', () => {
  it('gives every page a meta description of at most 160 characters', () => {
    const missing: string[] = [];
    for (const [page, html] of build.pages) {
      const m = html.match(/<meta name="description" content="([^"]*)"/);
      if (!m || !m[1]!.trim() || m[1]!.length > 160) missing.push(`${page}: ${m?.[1] ?? '(none)'}`);
    }
    expect(missing).toEqual([]);
  });

  it('marks thank-you pages noindex and leaves them out of every sitemap', async () => {
    const thankYou = [...build.pages].filter(([, html]) => html.includes('class="success'));
    expect(thankYou.length).toBeGreaterThanOrEqual(3);
    for (const [page, html] of thankYou) {
      expect(html, page).toContain('<meta name="robots" content="noindex, nofollow"');
      const [slug, ...rest] = page.split('/');
      const sitemap = await readFile(path.join(build.sites, slug!, 'sitemap.xml'), 'utf8');
      const url = `/${rest.slice(0, -1).join('/')}`;
      const listed = [...sitemap.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) =>
        new URL(m[1]!).pathname.replace(/\/$/, ''),
      );
      expect(listed.length, slug).toBeGreaterThan(10);
      expect(listed, page).not.toContain(url);
    }
  });

  it('never writes sizes on an image without srcset', () => {
    const bad = [...build.pages].filter(([, html]) => /<img(?![^>]*\ssrcset=)[^>]*\ssizes=/.test(html)).map(([p]) => p);
    expect(bad).toEqual([]);
  });
});
