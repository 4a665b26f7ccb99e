/**
 * The structure of src/, checked by dependency-cruiser (tests/unit/project/dependency-rules.test.ts
 * runs it in `npm test`, with the imports of .astro files handed to it: see
 * tests/unit/project/cruise.ts). The layers bottom-up; each imports only its own layer and those below:
 *
 *   config      the environment, read in one place
 *   lib         utilities with no product knowledge (text, ids, sanitising, concurrency…)
 *   content     the snapshot format: types, loading, validation, block trees, and each block
 *               type's data schema (content/blocks/<group>/<type>.ts), which the blocks render
 *   domain      the dealer's rules: routes, pages, offers, opening hours, photos, prices
 *   contract    the API's wire shapes, shared by the server and the browser's types
 *   seo         JSON-LD and the catalogue feeds
 *   site        the pages' own rules: navigation, themes, descriptions, analytics
 *   ui          blocks, components, forms, layouts, stores, styles, pages
 *   api         the serverless API: its HTTP core, database, mail, entries and composition
 *   engine      the multi-tenant build and the local servers (plan, pool, manifest, serve, dev)
 *
 * A product concept (search, the car page, finance, stock, reservations, saved searches, consent,
 * the shortlist, leads, valuation) has one folder, src/features/<concept>/, whose roles sit in the
 * layers: rules/ (pure) with domain, contract/ with contract, ui/ with ui, server/ with api, and
 * tests/ outside them. So inside a feature the order is rules, then contract, then ui or server;
 * its server reads no ui (of any feature) and no part of the API's composition or entries.
 *
 * Every import counts: `import type`, re-exports, dynamic `import()`, .astro frontmatter and
 * <script> imports. A test beside its block (src/blocks/<type>/*.test.ts) or in a feature's tests/
 * is outside the layers: it may import test helpers and whatever it checks, but a block's test no
 * other block.
 * Rules name folders, not files, so they hold while files move inside a layer.
 */
/** A role's folder in every feature: `features/<concept>/<role>`. */
const FEATURE = (role) => `features/[^/]+/${role}`;
const LAYERS = [
  ['config'],
  ['lib'],
  ['content'],
  ['domain', FEATURE('rules')],
  ['contract', FEATURE('contract')],
  ['seo'],
  ['site'],
  ['blocks', 'components', 'forms', 'layouts', 'stores', 'styles', 'middleware.ts', 'env.d.ts', FEATURE('ui')],
  ['api', FEATURE('server')],
  ['engine'],
];
const NAMES = ['config', 'lib', 'content', 'domain', 'contract', 'seo', 'site', 'ui', 'api', 'engine'];

const escape = (name) => name.replace(/\./g, '\\.');
/** `^src/(a|b)(/|$)`: the files of these folders (or these files) of src/. */
const under = (names) => `^src/(${names.map(escape).join('|')})(/|$)`;
/** A test, wherever it is, or anything in a feature's tests/ (its tests and their helpers). */
const TEST_FILE = '\\.test\\.tsx?$';
const TEST = `${TEST_FILE}|^src/features/[^/]+/tests/`;
/** A feature's server side. */
const SERVER = '^src/features/[^/]+/server/';

const layerRules = LAYERS.slice(0, -1).map((layer, i) => {
  const above = LAYERS.slice(i + 1).flat();
  const rule = {
    name: `${NAMES[i]}-reads-nothing-above`,
    comment: `src/${layer.join(', src/')} sit below ${NAMES.slice(i + 1).join(', ')}: they import none of them`,
    severity: 'error',
    from: { path: under(layer), pathNot: [TEST] },
    to: { path: under(above) },
  };
  return rule;
});

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'no import cycle anywhere (type-only imports included): a registry assembles its parts from above',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'src-reads-no-tests',
      comment: 'code under src/ imports no test and no test helper: the build would bundle it',
      severity: 'error',
      from: { path: '^src/', pathNot: TEST },
      to: { path: ['^tests/', TEST] },
    },
    {
      name: 'src-reads-no-scripts',
      comment:
        'code under src/ imports nothing of scripts/: its tools (bench, faults, mutations, stand-ins) never ship',
      severity: 'error',
      from: { path: '^src/', pathNot: TEST },
      to: { path: '^scripts/' },
    },
    {
      name: 'src-in-a-layer',
      comment: 'every folder of src/ is in a layer: add a new one to LAYERS in .dependency-cruiser.cjs',
      severity: 'error',
      from: { path: '^src/', pathNot: [under(LAYERS.flat()), TEST] },
      to: {},
    },
    {
      name: 'src-reads-no-folder-outside-the-layers',
      comment: 'code under src/ imports no src/ folder that is in no layer',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^src/', pathNot: [under(LAYERS.flat()), TEST] },
    },
    ...layerRules,
    {
      name: 'api-reads-no-block',
      comment: "the API (features' servers included) imports no block: what both need lives in src/domain or src/lib",
      severity: 'error',
      from: { path: ['^src/api/', SERVER] },
      to: { path: '^src/blocks/' },
    },
    {
      name: 'forms-read-no-api',
      comment: "the forms import nothing of the API or a feature's server: the shapes they share live in a contract",
      severity: 'error',
      from: { path: '^src/forms/' },
      to: { path: ['^src/api/', SERVER] },
    },
    {
      name: 'feature-server-reads-no-ui',
      comment: "a feature's server imports no feature's ui: what both need lives in its rules or contract",
      severity: 'error',
      from: { path: SERVER, pathNot: TEST },
      to: { path: '^src/features/[^/]+/ui/' },
    },
    {
      name: 'feature-server-reads-no-api-composition',
      comment:
        "a feature's server uses the API's core, database and mail, never the app that mounts it, the runtime or an entry",
      severity: 'error',
      from: { path: SERVER, pathNot: TEST },
      to: { path: '^src/api/((app|server|runtime|runtime-tasks|node-adapter)\\.ts$|entries/)' },
    },
    {
      name: 'api-core-reads-no-feature',
      comment:
        "the API's HTTP core, database, mail and Node layer import no feature; core/deps.ts alone names the services features declare",
      severity: 'error',
      from: { path: '^src/api/(core|db|mail|node)/', pathNot: '^src/api/core/deps\\.ts$' },
      to: { path: '^src/features/' },
    },
    {
      name: 'forms-base-reads-no-form',
      comment:
        'the form engine (fields, rules, custom steps, island, schema) imports no form type: definition.ts assembles them',
      severity: 'error',
      from: { path: '^src/forms/', pathNot: '^src/forms/(forms/|definition\\.ts$)' },
      to: { path: '^src/forms/forms/' },
    },
    {
      name: 'block-reads-no-other-block',
      comment:
        "a block folder imports no other block folder's files: what two blocks share lives in src/components, src/lib or src/domain",
      severity: 'error',
      from: { path: '^src/blocks/([^/]+)/', pathNot: TEST },
      to: { path: '^src/blocks/[^/]+/', pathNot: '^src/blocks/$1/' },
    },
    {
      name: 'block-test-reads-no-other-block',
      comment: "a block's tests import no other block's files: a test of several blocks lives in tests/unit",
      severity: 'error',
      from: { path: `^src/blocks/([^/]+)/.*${TEST_FILE}` },
      to: { path: '^src/blocks/[^/]+/', pathNot: '^src/blocks/$1/' },
    },
    {
      name: 'src-imports-resolve',
      comment: 'every import under src/ resolves to a file or a package (else no rule sees where it leads)',
      severity: 'error',
      from: { path: '^src/' },
      to: { couldNotResolve: true, pathNot: '^(virtual|astro):' },
    },
  ],
  options: {
    // `import type` counts: a type-only cycle is still a cycle, and a type from above still climbs.
    tsPreCompilationDeps: true,
    // Path aliases (compilerOptions.paths) resolve as the compiler resolves them.
    tsConfig: { fileName: 'tsconfig.json' },
    doNotFollow: { path: ['node_modules', '^tests/', '^scripts/'] },
    moduleSystems: ['es6', 'cjs'],
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.mts', '.js', '.mjs', '.cjs', '.json', '.astro', '.d.ts'],
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types'],
    },
    // Keep paths as written, so a file in a temporary copy is named as in the project.
    preserveSymlinks: true,
    reporterOptions: { text: { highlightFocused: true } },
  },
};
