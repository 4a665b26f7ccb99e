/**
 * What StrykerJS mutates (stryker.config.mjs imports this file). Plain TypeScript with erasable
 * syntax only, so that Node loads it under the config without a build step.
 *
 * DEFAULT is what `npm run mutations` mutates: the pure layer and the server layer's rules, sized
 * so that a full run from an empty incremental file takes about an hour on two free cores and a
 * run after a small change takes minutes. WIDER adds the browser-facing modules that unit tests
 * still reach in process (forms, block helpers, UI helpers, stores), for `--all`.
 */

/** Never mutated: tests, type declarations, SQL migrations and the Node entries that only start servers. */
export const NEVER: readonly string[] = [
  '!src/**/*.test.ts',
  '!src/**/*.d.ts',
  '!src/api/db/migrations/**',
  '!src/api/entries/**',
  '!src/api/server.ts',
  '!src/api/node-*.ts',
];

/** The pure layer: utilities, rules, wire schemas, the content format, SEO output, site rules. */
export const PURE: readonly string[] = [
  'src/lib/**/*.ts',
  'src/domain/**/*.ts',
  'src/contract/**/*.ts',
  'src/content/**/*.ts',
  'src/seo/**/*.ts',
  'src/site/**/*.ts',
];

/** The server layer: the API's handlers, stores and providers. */
export const SERVER: readonly string[] = ['src/api/**/*.ts'];

/** Browser-facing modules that in-process unit tests reach. */
export const UI: readonly string[] = [
  'src/forms/**/*.ts',
  'src/forms/**/*.tsx',
  'src/blocks/**/*.ts',
  'src/blocks/**/*.tsx',
  'src/components/**/*.ts',
  'src/components/**/*.tsx',
  'src/stores/**/*.ts',
  'src/search/**/*.ts',
];

export const DEFAULT: readonly string[] = [...PURE, ...SERVER, ...NEVER];
export const WIDER: readonly string[] = [...PURE, ...SERVER, ...UI, ...NEVER];

/**
 * Unit tests StrykerJS does not run (scripts/mutations/vitest.config.ts): they spawn processes, build sites
 * or bundles, drive a browser, or read the repository as data.
 */
export const OUT_OF_PROCESS: readonly string[] = [
  // The repository's own checks; the spec-rules-* files there render in process and stay in.
  'tests/unit/project/env-doc.test.ts',
  'tests/unit/project/layers.test.ts',
  'tests/unit/project/layout.test.ts',
  'tests/unit/project/site-options-doc.test.ts',
  'tests/unit/project/spec-coverage.test.ts',
  'tests/unit/project/src-names-no-dealer.test.ts',
  'tests/unit/tools/**',
  'tests/unit/engine/**',
  'tests/unit/api/api-bundle*.test.ts',
  'tests/unit/api/api-db.test.ts',
  'tests/unit/api/api-serverless.test.ts',
  'tests/unit/alerts/alerts-faults.test.ts',
  'tests/unit/content/cms.test.ts',
  'tests/unit/content/content-load-fleet.test.ts',
  'tests/unit/forms/forms-custom-steps.test.ts',
  'tests/unit/forms/forms-hide-button.test.ts',
  'tests/unit/forms/forms-server-error.test.ts',
  'tests/unit/forms/forms-validation-picker.test.ts',
  'tests/unit/leads/adf-dtd.test.ts',
  'tests/unit/leads/api-export.test.ts',
  'tests/unit/leads/api-privacy.test.ts',
  'tests/unit/leads/leads-held-database.test.ts',
  'tests/unit/reservations/reservation-flow.test.ts',
  'tests/unit/reservations/reservations-cli.test.ts',
  'tests/unit/seo/html-standards.test.ts',
  'tests/unit/site/responsive-images.test.ts',
  'tests/unit/stock/new-car-fallback.test.ts',
  'tests/unit/stock/sold-banner.test.ts',
  'tests/unit/stock/stock-cli.test.ts',
];
