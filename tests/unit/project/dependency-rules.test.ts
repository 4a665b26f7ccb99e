/**
 * The structure of src/ (.dependency-cruiser.cjs, whose header lists the layers): the whole of
 * src/ keeps every rule, and each rule, given a fixture tree that breaks it, is reported by
 * dependency-cruiser. The fixture's imports come in every kind the rules must see: `import type`,
 * .astro frontmatter and <script> imports, a tsconfig path alias.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cruiseSrc, describeViolation, ROOT, type Cruise } from './cruise.ts';

// A copy of the project and a cruise of it take a few seconds; on a loaded machine many more.
const SLOW = 120_000;

/** The fixture: each file's text, by path. Comments name the rule each import breaks. */
const FIXTURE: Record<string, string> = {
  'tsconfig.json': JSON.stringify({
    compilerOptions: {
      module: 'esnext',
      moduleResolution: 'bundler',
      allowImportingTsExtensions: true,
      noEmit: true,
      baseUrl: '.',
      paths: { '~/*': ['src/*'] },
    },
  }),
  'tests/helpers/render.ts': 'export const render = 1;\n',
  'scripts/bench/bench.ts': 'export const bench = 1;\n',
  // config-reads-nothing-above, through a type-only import
  'src/config/env.ts': "import type { Text } from '../lib/text.ts';\nexport type Env = Text;\n",
  // lib-reads-nothing-above, through a tsconfig path alias
  'src/lib/text.ts': "import '~/blocks/offers/offers.ts';\nexport type Text = string;\n",
  // src-imports-resolve
  'src/lib/missing.ts': "import './nowhere.ts';\n",
  'src/content/zod.ts': 'export const z = 1;\n',
  // content-reads-nothing-above
  'src/content/page.ts': "import '../blocks/offers/offers.ts';\n",
  // the assembly of the block schemas reads them, and no block
  'src/content/blocks.ts': "import './blocks/stock/offers.ts';\nimport '../blocks/offers/Offers.astro';\n",
  'src/content/blocks/stock/offers.ts': "import '../../zod.ts';\n",
  // domain-reads-nothing-above
  'src/domain/routes.ts': "import '../contract/routes.ts';\n",
  // contract-reads-nothing-above
  'src/contract/routes.ts': "import '../seo/feeds.ts';\n",
  // seo-reads-nothing-above
  'src/seo/feeds.ts': "import '../site/nav.ts';\n",
  // site-reads-nothing-above
  'src/site/nav.ts': "import '../forms/client.ts';\n",
  // no-circular, through type-only imports
  'src/site/a.ts': "import type { B } from './b.ts';\nexport type A = B;\n",
  'src/site/b.ts': "import type { A } from './a.ts';\nexport type B = A | 1;\n",
  // forms-read-no-api and ui-reads-nothing-above
  'src/forms/client.ts': "import '../api/errors.ts';\n",
  // forms-base-reads-no-form; definition.ts assembles the forms
  'src/forms/rules.ts': "import './forms/contact.ts';\n",
  'src/forms/definition.ts': "import './forms/contact.ts';\n",
  'src/forms/forms/contact.ts': 'export const contact = 1;\n',
  // api-reads-nothing-above
  'src/api/errors.ts': "import '../engine/build.ts';\n",
  // api-reads-no-block
  'src/api/routes.ts': "import '../blocks/offers/offers.ts';\n",
  // src-reads-no-folder-outside-the-layers
  'src/engine/build.ts': "import '../newlayer/x.ts';\n",
  // src-in-a-layer
  'src/newlayer/x.ts': "import '../lib/text.ts';\n",
  'src/blocks/offers/offers.ts': 'export const offers = 1;\n',
  // block-reads-no-other-block (frontmatter) and src-reads-no-scripts (a <script>)
  'src/blocks/offers/Offers.astro': [
    '---',
    "import type { Team } from '../team/team.ts';",
    "import { offers } from './offers.ts';",
    'const t: Team | undefined = undefined;',
    '---',
    '<p>{offers}{t}</p>',
    '<script>',
    "  import { bench } from '../../../scripts/bench/bench.ts';",
    '  console.log(bench);',
    '</script>',
    '',
  ].join('\n'),
  'src/blocks/team/team.ts': 'export type Team = string;\n',
  // src-reads-no-tests (a test helper, and a test)
  'src/blocks/faq/Faq.astro': "---\nimport '../../../tests/helpers/render.ts';\n---\n<p></p>\n",
  'src/blocks/faq/json-ld.ts': "import './faq.test.ts';\n",
  // block-test-reads-no-other-block; its own block and test helpers are allowed
  'src/blocks/faq/faq.test.ts':
    "import '../offers/offers.ts';\nimport '../../../tests/helpers/render.ts';\nimport './answers.ts';\n",
  'src/blocks/faq/answers.ts': 'export const answers = 1;\n',
  // The registry and the list at the top of src/blocks may read every block.
  'src/blocks/registry.ts':
    "import Offers from './offers/Offers.astro';\nimport Faq from './faq/Faq.astro';\nexport const r = [Offers, Faq];\n",
  'src/blocks/BlockList.astro': "---\nimport { r } from './registry.ts';\n---\n<div>{r.length}</div>\n",
  // A feature's roles: domain-reads-nothing-above (rules reading its contract)
  'src/features/deals/rules/price.ts': "import '../contract/wire.ts';\n",
  // contract-reads-nothing-above
  'src/features/deals/contract/wire.ts': "import '../ui/Deal.tsx';\n",
  // ui-reads-nothing-above, and src-reads-no-tests (a feature's test helper)
  'src/features/deals/ui/Deal.tsx':
    "import '../server/app.ts';\nimport '../tests/harness.ts';\nexport const Deal = 1;\n",
  'src/features/deals/ui/deal-store.ts': 'export const store = 1;\n',
  // feature-server-reads-no-ui, feature-server-reads-no-api-composition, api-reads-no-block
  'src/features/deals/server/app.ts':
    "import '../ui/deal-store.ts';\nimport '../../../api/app.ts';\nimport '../../../blocks/offers/offers.ts';\n",
  'src/features/deals/server/store.ts': 'export const store = 1;\n',
  'src/features/deals/server/types.ts': 'export type Service = 1;\n',
  'src/api/app.ts': 'export const app = 1;\n',
  // api-core-reads-no-feature; core/deps.ts may name a feature's service
  'src/api/core/respond.ts': "import '../../features/deals/server/store.ts';\n",
  'src/api/core/deps.ts':
    "import type { Service } from '../../features/deals/server/types.ts';\nexport type D = Service;\n",
  // A feature's tests and their helpers may import test helpers and the feature
  'src/features/deals/tests/deal.test.ts':
    "import '../../../../tests/helpers/render.ts';\nimport '../server/app.ts';\n",
  'src/features/deals/tests/harness.ts': "import '../../../../tests/helpers/render.ts';\nexport const h = 1;\n",
  // src-in-a-layer: a feature folder in no role
  'src/features/deals/misc/x.ts': "import '../rules/price.ts';\n",
};

/** Each violation the fixture must produce: rule, importing file, imported file. */
const EXPECTED: [string, string, string][] = [
  ['config-reads-nothing-above', 'src/config/env.ts', 'src/lib/text.ts'],
  ['lib-reads-nothing-above', 'src/lib/text.ts', 'src/blocks/offers/offers.ts'],
  ['src-imports-resolve', 'src/lib/missing.ts', './nowhere.ts'],
  ['content-reads-nothing-above', 'src/content/page.ts', 'src/blocks/offers/offers.ts'],
  ['content-reads-nothing-above', 'src/content/blocks.ts', 'src/blocks/offers/Offers.astro'],
  ['domain-reads-nothing-above', 'src/domain/routes.ts', 'src/contract/routes.ts'],
  ['contract-reads-nothing-above', 'src/contract/routes.ts', 'src/seo/feeds.ts'],
  ['seo-reads-nothing-above', 'src/seo/feeds.ts', 'src/site/nav.ts'],
  ['site-reads-nothing-above', 'src/site/nav.ts', 'src/forms/client.ts'],
  ['forms-read-no-api', 'src/forms/client.ts', 'src/api/errors.ts'],
  ['ui-reads-nothing-above', 'src/forms/client.ts', 'src/api/errors.ts'],
  ['forms-base-reads-no-form', 'src/forms/rules.ts', 'src/forms/forms/contact.ts'],
  ['api-reads-nothing-above', 'src/api/errors.ts', 'src/engine/build.ts'],
  ['api-reads-no-block', 'src/api/routes.ts', 'src/blocks/offers/offers.ts'],
  ['src-reads-no-folder-outside-the-layers', 'src/engine/build.ts', 'src/newlayer/x.ts'],
  ['src-in-a-layer', 'src/newlayer/x.ts', 'src/lib/text.ts'],
  ['block-reads-no-other-block', 'src/blocks/offers/Offers.astro', 'src/blocks/team/team.ts'],
  ['src-reads-no-scripts', 'src/blocks/offers/Offers.astro', 'scripts/bench/bench.ts'],
  ['src-reads-no-tests', 'src/blocks/faq/Faq.astro', 'tests/helpers/render.ts'],
  ['src-reads-no-tests', 'src/blocks/faq/json-ld.ts', 'src/blocks/faq/faq.test.ts'],
  ['block-test-reads-no-other-block', 'src/blocks/faq/faq.test.ts', 'src/blocks/offers/offers.ts'],
  ['domain-reads-nothing-above', 'src/features/deals/rules/price.ts', 'src/features/deals/contract/wire.ts'],
  ['contract-reads-nothing-above', 'src/features/deals/contract/wire.ts', 'src/features/deals/ui/Deal.tsx'],
  ['ui-reads-nothing-above', 'src/features/deals/ui/Deal.tsx', 'src/features/deals/server/app.ts'],
  ['src-reads-no-tests', 'src/features/deals/ui/Deal.tsx', 'src/features/deals/tests/harness.ts'],
  ['feature-server-reads-no-ui', 'src/features/deals/server/app.ts', 'src/features/deals/ui/deal-store.ts'],
  ['feature-server-reads-no-api-composition', 'src/features/deals/server/app.ts', 'src/api/app.ts'],
  ['api-reads-no-block', 'src/features/deals/server/app.ts', 'src/blocks/offers/offers.ts'],
  ['api-core-reads-no-feature', 'src/api/core/respond.ts', 'src/features/deals/server/store.ts'],
  ['src-in-a-layer', 'src/features/deals/misc/x.ts', 'src/features/deals/rules/price.ts'],
];

/** The rules of .dependency-cruiser.cjs, by name. */
async function ruleNames(): Promise<string[]> {
  const config = (await import(join(ROOT, '.dependency-cruiser.cjs'))) as {
    default: { forbidden: { name: string }[] };
  };
  return config.default.forbidden.map((r) => r.name);
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|astro|mjs|js)$/.test(entry.name) ? [path] : [];
  });
}

describe('dependency rules on a fixture that breaks each of them', () => {
  let fixture: string;
  let result: Cruise;

  beforeAll(async () => {
    fixture = mkdtempSync(join(tmpdir(), 'dependency-rules-'));
    for (const [path, text] of Object.entries(FIXTURE)) {
      mkdirSync(dirname(join(fixture, path)), { recursive: true });
      writeFileSync(join(fixture, path), text);
    }
    result = await cruiseSrc(fixture);
  }, SLOW);
  afterAll(() => rmSync(fixture, { recursive: true, force: true }));

  it.each(EXPECTED)('%s: reports %s importing %s', (rule, from, to) => {
    const found = result.violations.filter((v) => v.rule === rule && v.from === from && v.to === to);
    expect(found, result.violations.map(describeViolation).join('\n')).toHaveLength(1);
  });

  it('reports a cycle of type-only imports, naming its files', () => {
    const cycles = result.violations.filter((v) => v.rule === 'no-circular');
    expect(cycles.map((v) => [v.from, ...(v.cycle ?? [])].sort())).toContainEqual(
      ['src/site/a.ts', 'src/site/a.ts', 'src/site/b.ts'].sort(),
    );
  });

  it('proves every rule of the configuration', async () => {
    const proven = new Set([...EXPECTED.map(([rule]) => rule), 'no-circular']);
    expect((await ruleNames()).filter((name) => !proven.has(name))).toEqual([]);
  });

  it("lets the registries, the block schemas in content, a block its own files, core/deps.ts a feature's service and tests their helpers", () => {
    const allowed = [
      ['src/content/blocks.ts', 'src/content/blocks/stock/offers.ts'],
      ['src/forms/definition.ts', 'src/forms/forms/contact.ts'],
      ['src/blocks/registry.ts', 'src/blocks/offers/Offers.astro'],
      ['src/blocks/BlockList.astro', 'src/blocks/registry.ts'],
      ['src/blocks/offers/Offers.astro', 'src/blocks/offers/offers.ts'],
      ['src/blocks/faq/faq.test.ts', 'tests/helpers/render.ts'],
      ['src/blocks/faq/faq.test.ts', 'src/blocks/faq/answers.ts'],
      ['src/api/core/deps.ts', 'src/features/deals/server/types.ts'],
      ['src/features/deals/tests/deal.test.ts', 'tests/helpers/render.ts'],
      ['src/features/deals/tests/deal.test.ts', 'src/features/deals/server/app.ts'],
      ['src/features/deals/tests/harness.ts', 'tests/helpers/render.ts'],
    ];
    for (const [from, to] of allowed)
      expect(result.violations.filter((v) => v.from === from && v.to === to).map(describeViolation)).toEqual([]);
  });

  it('sees the imports of .astro frontmatter and <script> elements, type-only ones as such', () => {
    const offers = result.modules.find((m) => m.source === 'src/blocks/offers/Offers.astro');
    const team = offers?.dependencies.find((d) => d.resolved === 'src/blocks/team/team.ts');
    expect(team?.types).toContain('type-only');
    expect(offers?.dependencies.map((d) => d.resolved)).toContain('scripts/bench/bench.ts');
  });
});

describe('dependency rules on src/', () => {
  let project: Cruise;
  beforeAll(async () => {
    project = await cruiseSrc();
  }, SLOW);

  it('holds every rule: no import cycle, the layers one way, blocks apart, tests and tools out', () => {
    expect(project.modules.length).toBeGreaterThan(100);
    expect(
      project.violations.map(describeViolation),
      `dependency-cruiser (${project.seconds.toFixed(1)} s) found imports that break .dependency-cruiser.cjs`,
    ).toEqual([]);
  });

  it('sees the imports of .astro files and what the block registry assembles', () => {
    const list = project.modules.find((m) => m.source === 'src/blocks/BlockList.astro');
    expect(list?.dependencies.map((d) => d.resolved)).toContain('src/blocks/registry.ts');
    const registry = project.modules.find((m) => m.source === 'src/blocks/registry.ts');
    expect(registry?.dependencies.map((d) => d.resolved)).toContain('src/blocks/columns/Columns.astro');
  });

  it('has no import.meta.glob, which dependency-cruiser cannot follow (a registry imports its parts by name)', () => {
    const globs = sourceFiles(join(ROOT, 'src')).filter((path) =>
      readFileSync(path, 'utf8').includes('import.meta.glob'),
    );
    expect(globs.map((path) => path.slice(ROOT.length + 1))).toEqual([]);
  });
});
