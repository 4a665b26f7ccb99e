/**
 * The layers of src/, bottom-up, and the rule that each imports only its own layer and those below:
 *
 *   config      the environment, read in one place
 *   lib         utilities with no product knowledge (text, ids, sanitising, concurrency…)
 *   content     the snapshot format: types, loading, validation, block trees
 *   domain      the dealer's rules: routes, pages, offers, finance, valuation, opening hours, search
 *   contract    the API's wire shapes, shared by the server and the browser's types
 *   seo         JSON-LD and the catalogue feeds
 *   site        the pages' own rules: navigation, themes, descriptions, analytics, the car page
 *   (ui)        blocks, components, forms, layouts, stores, the search client, pages
 *   api         the serverless API
 *   engine      the multi-tenant build and the local servers (plan, pool, split, manifest, serve, dev)
 *
 * Within the ui layer: the API reads no block, the forms read nothing of the API, and a block
 * folder reads no other block's files (what two blocks share lives in components/ui, lib or
 * domain). Nothing under src/ reads scripts/ (bench, faults, mutations, stand-ins never ship).
 * Every relative import counts, `import type` and `.astro` frontmatter and script imports included.
 *
 * A block's tests live in its folder (src/blocks/<type>/*.test.ts). They are not part of the
 * product, so the layers do not bind them: they import test helpers (tests/) and whatever they
 * check their block against. Two rules hold for them instead: no code under src/ imports a test or
 * a test helper (the build would bundle it), and a block's tests read no other block's files (a
 * test of several blocks lives in tests/unit).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../../..');
const SRC = join(ROOT, 'src');

/** The layers bottom-up; folders on one rank are one layer. */
const RANKS: string[][] = [
  ['config'],
  ['lib'],
  ['content'],
  ['domain'],
  ['contract'],
  ['seo'],
  ['site'],
  ['blocks', 'components', 'forms', 'layouts', 'stores', 'search', 'styles', 'pages', 'middleware.ts', 'env.d.ts'],
  ['api'],
  ['engine'],
];
const rankOf = (layer: string) => RANKS.findIndex((r) => r.includes(layer));
/** Files at the top of src/blocks that put every block together, so may read any of them. */
const BLOCK_INDEXES = ['blocks/registry.ts', 'blocks/BlockList.astro', 'blocks/types.ts'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|astro)$/.test(entry.name) ? [path] : [];
  });
}

/** The script parts of a file: all of a .ts/.tsx, the frontmatter and <script> bodies of an .astro. */
function scriptsOf(path: string, text: string): string[] {
  if (!path.endsWith('.astro')) return [text];
  const parts: string[] = [];
  const front = /^\s*---\r?\n([\s\S]*?)\r?\n---/.exec(text);
  if (front) parts.push(front[1]!);
  for (const m of text.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)) parts.push(m[1]!);
  return parts;
}

/** Relative imports of a file (static, type-only, re-exports and dynamic), as paths under src/. */
function importsOf(path: string): { specifier: string; target: string }[] {
  const text = readFileSync(path, 'utf8');
  return scriptsOf(path, text).flatMap((script) =>
    ts
      .preProcessFile(script, true, true)
      .importedFiles.map((f) => f.fileName)
      .filter((specifier) => specifier.startsWith('.'))
      .map((specifier) => ({
        specifier,
        target: relative(SRC, resolve(dirname(path), specifier))
          .split('\\')
          .join('/'),
      })),
  );
}

/** A test file under src/ ("blocks/faq/faq.test.ts"). */
const isTest = (file: string) => file.endsWith('.test.ts');
/** A test helper or fixture: anything under tests/ ("../tests/helpers/render.ts" from src/). */
const isTestSupport = (file: string) => file.startsWith('../tests/');
/** A tool of scripts/ ("../scripts/bench/bench.ts" from src/). */
const isTool = (file: string) => file.startsWith('../scripts/');

const layerOf = (file: string) => file.split('/')[0]!;
/** "blocks/offers/offers.ts" → "offers"; undefined for a file at the top of src/blocks. */
const blockOf = (file: string) =>
  file.startsWith('blocks/') && file.split('/').length > 2 ? file.split('/')[1] : undefined;

/** Why `from` may not import `to`, or undefined when it may. */
export function offence(from: string, to: string): string | undefined {
  // Tests are left out of the layers explicitly: a test may import test helpers and any code it
  // checks, but a block's tests test that block only.
  if (isTest(from)) {
    const a = blockOf(from);
    const b = blockOf(to);
    return a && b && a !== b
      ? `block ${a}'s tests may not import block ${b}'s files: a test of several blocks lives in tests/unit`
      : undefined;
  }
  if (isTest(to) || isTestSupport(to))
    return 'code under src/ may not import a test or a test helper: the build would bundle it';
  if (isTool(to)) return 'code under src/ may not import scripts/: its tools never ship';
  const source = layerOf(from);
  const target = layerOf(to);
  if (rankOf(source) < 0) return `src/${source} is in no layer: add it to RANKS`;
  if (rankOf(target) < 0) return `src/${target} is in no layer: add it to RANKS`;
  if (rankOf(target) > rankOf(source)) {
    // The snapshot format validates blocks against each block's own schema (src/blocks/<type>/schema.ts).
    const blockSchema =
      /^blocks\/[^/]+\/schema\.ts$/.test(to) &&
      (from === 'content/blocks.ts' || /^content\/block-definition[^/]*\.ts$/.test(from));
    if (blockSchema) return undefined;
    return `src/${source} sits below src/${target} in the layers, so it may not import it`;
  }
  if (source === 'api' && target === 'blocks')
    return 'the API may not import a block: move what both need to src/domain or src/lib';
  if (source === 'forms' && target === 'api')
    return 'the forms may not import the API: the shapes they share live in src/contract';
  const a = blockOf(from);
  const b = blockOf(to);
  if (a && b && a !== b && !BLOCK_INDEXES.includes(from)) {
    return `block ${a} may not import block ${b}'s files: move what both use to src/components/ui, src/lib or src/domain`;
  }
  return undefined;
}

describe('layers of src/', () => {
  it('import only downward', () => {
    const offences = sourceFiles(SRC).flatMap((path) => {
      const from = relative(SRC, path).split('\\').join('/');
      return importsOf(path).flatMap(({ specifier, target }) => {
        const why = offence(from, target);
        return why ? [`src/${from} imports '${specifier}': ${why}`] : [];
      });
    });
    expect(offences, `Imports that cross the layers of src/:\n${offences.join('\n')}\n`).toEqual([]);
  });

  it('finds imports of every kind', () => {
    const astro = importsOf(join(SRC, 'blocks/BlockList.astro'));
    expect(astro.some((i) => i.target === 'blocks/registry.ts')).toBe(true);
    expect(offence('lib/x.ts', 'blocks/offers/offers.ts')).toBeDefined();
    expect(offence('content/blocks.ts', 'blocks/offers/schema.ts')).toBeUndefined();
    expect(offence('content/page.ts', 'blocks/offers/schema.ts')).toBeDefined();
    expect(offence('api/routes/reviews.ts', 'blocks/reviews/aggregate.ts')).toBeDefined();
    expect(offence('forms/client.ts', 'api/errors.ts')).toBeDefined();
    expect(offence('blocks/offers/Offers.astro', 'blocks/team/team-tabs.ts')).toBeDefined();
    expect(offence('blocks/offers/Offers.astro', 'blocks/offers/offers.ts')).toBeUndefined();
    expect(offence('blocks/registry.ts', 'blocks/offers/Offers.astro')).toBeUndefined();
  });

  it("lets a block's tests import test helpers and what they check, but no other block", () => {
    expect(sourceFiles(SRC).some((path) => isTest(path))).toBe(true);
    expect(offence('blocks/faq/faq.test.ts', '../tests/helpers/block-html.ts')).toBeUndefined();
    expect(offence('blocks/faq/faq.test.ts', 'blocks/faq/json-ld.ts')).toBeUndefined();
    expect(offence('blocks/reviews/reviews-refresh.test.ts', 'api/routes/reviews.ts')).toBeUndefined();
    expect(offence('blocks/faq/faq.test.ts', 'blocks/offers/offers.ts')).toBeDefined();
  });

  it('keeps tests and test helpers out of the code', () => {
    expect(offence('blocks/faq/Faq.astro', '../tests/helpers/block-html.ts')).toBeDefined();
    expect(offence('blocks/faq/json-ld.ts', 'blocks/faq/faq.test.ts')).toBeDefined();
    expect(offence('lib/text.ts', '../tests/fixtures/dealers/mini-motors/site.json')).toBeDefined();
  });

  it('orders the layers bottom-up and keeps the tools out', () => {
    expect(offence('domain/routes.ts', 'content/entities.ts')).toBeUndefined();
    expect(offence('content/entities.ts', 'domain/routes.ts')).toBeDefined();
    expect(offence('domain/valuation.ts', 'contract/valuation.ts')).toBeDefined();
    expect(offence('seo/structured-data.ts', 'site/page-blocks.ts')).toBeDefined();
    expect(offence('api/routes/leads.ts', 'engine/build/build-sites.ts')).toBeDefined();
    expect(offence('engine/build/build-sites.ts', 'api/server.ts')).toBeUndefined();
    expect(offence('engine/dev/dev-hosts.ts', '../scripts/standins/finance-standin.ts')).toBeDefined();
    expect(offence('newlayer/x.ts', 'lib/text.ts')).toBeDefined();
  });
});
