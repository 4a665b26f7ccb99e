/**
 * The product is for any dealer: nothing under src/ may name one of the sample dealers (their
 * folder slug, their name or their web address). A sample's quirk handled by name is a bug for
 * every other dealer with the same content. Tests are not the product: a block's tests in its
 * folder (src/blocks/<type>/*.test.ts) may name a sample, as the tests under tests/ may.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const samples = readdirSync('dealers', { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => {
    const site = JSON.parse(readFileSync(path.join('dealers', e.name, 'site.json'), 'utf8')) as {
      name: string;
      url?: string;
    };
    const host = site.url ? new URL(site.url).hostname.replace(/^www\./, '') : undefined;
    return { slug: e.name, words: [e.name, site.name, ...(host ? [host] : [])] };
  });

/** A test beside the code it tests, left out explicitly (see above). */
const isTest = (name: string) => name.endsWith('.test.ts');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.(ts|tsx|astro|css|mjs|js|json|md)$/.test(e.name) && !isTest(e.name))
    .map((e) => path.join(e.parentPath, e.name));
}

/** Every place a text names one of `words` (case-insensitive), as "file: word". */
function mentions(files: { file: string; text: string }[], words: string[]): string[] {
  const found: string[] = [];
  for (const { file, text } of files) {
    const lower = text.toLowerCase();
    for (const w of words) if (lower.includes(w.toLowerCase())) found.push(`${file}: ${w}`);
  }
  return found;
}

describe('src/ names no sample dealer', () => {
  it('reads the samples: a slug, a name and a web address each', () => {
    expect(samples.length).toBeGreaterThanOrEqual(3);
    for (const s of samples) expect(s.words.length, s.slug).toBe(3);
  });

  it('finds no slug, name or web address of a sample dealer in any source file', () => {
    const files = sourceFiles('src').map((file) => ({ file, text: readFileSync(file, 'utf8') }));
    expect(files.length).toBeGreaterThan(100);
    expect(
      mentions(
        files,
        samples.flatMap((s) => s.words),
      ),
    ).toEqual([]);
  });

  it('reads the code, not the block tests beside it', () => {
    const all = readdirSync('src', { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
    expect(all.some((e) => isTest(e.name))).toBe(true);
    expect(sourceFiles('src').filter((file) => isTest(file))).toEqual([]);
  });

  it('would find one, whatever its case', () => {
    const [s] = samples;
    const file = { file: 'src/lib/example.ts', text: `if (site.name === '${s!.words[1]!.toUpperCase()}') {}` };
    expect(mentions([file], s!.words)).toEqual([`src/lib/example.ts: ${s!.words[1]}`]);
  });
});
