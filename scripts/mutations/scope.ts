/**
 * What StrykerJS mutates (stryker.config.mjs imports this file). Plain TypeScript with erasable
 * syntax only, so that Node loads it under the config without a build step.
 *
 * DEFAULT is what `npm run mutations` mutates: the pure layer and the server layer's rules. WIDER
 * (`--all`) adds the rest of the server layer and the browser-facing modules that unit tests still
 * reach in process (forms, block helpers, UI helpers, stores).
 */

/** Never mutated: tests, type declarations, SQL migrations and the Node entries that only start servers. */
export const NEVER: readonly string[] = [
  '!src/**/*.test.ts',
  '!src/features/*/tests/**',
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
  'src/features/*/rules/**/*.ts',
  'src/contract/**/*.ts',
  'src/features/*/contract/**/*.ts',
  'src/content/**/*.ts',
  'src/seo/**/*.ts',
  'src/site/**/*.ts',
  // The car page's pure helpers, which sit in its ui/ because they read SEO names and the stock contract.
  'src/features/car-page/ui/{consumer-notice,links,specs,not-found-car}.ts',
];

/**
 * The server layer's rules: the HTTP core (guards, limits, body, errors), search, what a lead, a
 * stock feed and a reservation must satisfy, the ADF and webhook payloads, the valuation model.
 * Their tests run in process in a second or two each.
 */
export const SERVER_RULES: readonly string[] = [
  'src/api/core/**/*.ts',
  'src/features/search/server/**/*.ts',
  'src/features/leads/server/outbox/{adf*,payload}.ts',
  'src/features/stock/server/{plan,signature,push-checks,compare,car}.ts',
  'src/features/leads/server/{validate,request,server-values}.ts',
  'src/features/reservations/server/{limits,outcomes}.ts',
  'src/features/valuation/server/valuation-{model,prices}.ts',
  'src/features/saved-searches/server/search.ts',
];

/** The whole server layer: handlers, stores, delivery and providers too (for `--all`). */
export const SERVER: readonly string[] = ['src/api/**/*.ts', 'src/features/*/server/**/*.ts'];

/** Browser-facing modules that in-process unit tests reach. */
export const UI: readonly string[] = [
  'src/forms/**/*.ts',
  'src/forms/**/*.tsx',
  'src/blocks/**/*.ts',
  'src/blocks/**/*.tsx',
  'src/components/**/*.ts',
  'src/components/**/*.tsx',
  'src/stores/**/*.ts',
  'src/features/*/ui/**/*.ts',
  'src/features/*/ui/**/*.tsx',
];

export const DEFAULT: readonly string[] = [...PURE, ...SERVER_RULES, ...NEVER];
export const WIDER: readonly string[] = [...PURE, ...SERVER, ...UI, ...NEVER];

/**
 * Unit tests StrykerJS does not run (scripts/mutations/vitest.config.ts): they spawn processes, build sites
 * or bundles, drive a browser, or read the repository as data.
 */
export const OUT_OF_PROCESS: readonly string[] = [
  // The repository's own checks; the spec-rules-* files there render in process and stay in.
  'tests/unit/project/env-doc.test.ts',
  'tests/unit/project/dependency-rules.test.ts',
  'tests/unit/project/layout.test.ts',
  'tests/unit/project/site-options-doc.test.ts',
  'tests/unit/project/spec-coverage.test.ts',
  'tests/unit/project/src-names-no-dealer.test.ts',
  'tests/unit/tools/**',
  'tests/unit/engine/**',
  'tests/unit/api/api-bundle*.test.ts',
  'tests/unit/api/api-db.test.ts',
  'tests/unit/api/api-serverless.test.ts',
  'src/features/saved-searches/tests/alerts-faults.test.ts',
  'tests/unit/content/cms.test.ts',
  'tests/unit/content/content-load-fleet.test.ts',
  'tests/unit/forms/forms-custom-steps.test.ts',
  'tests/unit/forms/forms-hide-button.test.ts',
  'tests/unit/forms/forms-server-error.test.ts',
  'tests/unit/forms/forms-validation-picker.test.ts',
  'src/features/leads/tests/adf-dtd.test.ts',
  'src/features/leads/tests/api-export.test.ts',
  'src/features/leads/tests/api-privacy.test.ts',
  'src/features/leads/tests/leads-held-database.test.ts',
  'src/features/reservations/tests/reservation-flow.test.ts',
  'src/features/reservations/tests/reservations-cli.test.ts',
  'tests/unit/seo/html-standards.test.ts',
  'tests/unit/site/responsive-images.test.ts',
  'src/features/stock/tests/new-car-fallback.test.ts',
  'src/features/stock/tests/sold-banner.test.ts',
  'src/features/stock/tests/stock-cli.test.ts',
];
