/**
 * Every built .html file of every sample dealer is valid HTML by html-validate's recommended rules
 * (with the stylistic exceptions listed in .htmlvalidate.json).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { HtmlValidate, type ConfigData } from 'html-validate';
import { builtSlugs, e2eEnv, htmlFiles } from './setup/support.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const config = JSON.parse(readFileSync(path.join(root, '.htmlvalidate.json'), 'utf8')) as ConfigData;
const env = e2eEnv();
/** Files listed per distinct error; the counts cover all of them. */
const LISTED = 10;

if (env) {
  for (const slug of builtSlugs(env.sitesDir)) {
    test(`${slug}: every built page is valid HTML`, async () => {
      const validator = new HtmlValidate(config);
      const siteDir = path.join(env.sitesDir, slug);
      const files = htmlFiles(siteDir);
      // error → file → its first place and count: a fault in the shared header repeats on every page.
      const errors = new Map<string, Map<string, { first: string; count: number }>>();
      let total = 0;
      for (const rel of files) {
        const report = await validator.validateString(readFileSync(path.join(siteDir, rel), 'utf8'), rel);
        for (const m of report.results.flatMap((r) => r.messages)) {
          total++;
          const key = `${m.ruleId}: ${m.message}`;
          const byFile = errors.get(key) ?? new Map<string, { first: string; count: number }>();
          errors.set(key, byFile);
          const seen = byFile.get(rel);
          if (seen) seen.count++;
          else
            byFile.set(rel, { first: `${rel}:${m.line}:${m.column}${m.selector ? ` (${m.selector})` : ''}`, count: 1 });
        }
      }
      expect(files.length, 'built pages').toBeGreaterThan(0);
      const lines = [...errors].map(([key, byFile]) => {
        const places = [...byFile.values()];
        const count = places.reduce((n, p) => n + p.count, 0);
        const shown = places
          .slice(0, LISTED)
          .map((p) => `      ${p.first}${p.count > 1 ? ` and ${p.count - 1} more in this file` : ''}`);
        const more = places.length > LISTED ? [`      …and ${places.length - LISTED} more files`] : [];
        return [
          `  ${key} — ${count}× in ${places.length} file${places.length === 1 ? '' : 's'}`,
          ...shown,
          ...more,
        ].join('\n');
      });
      expect(total, `${total} html-validate errors in ${slug} (file:line:column):\n${lines.join('\n')}\n`).toBe(0);
    });
  }
}
