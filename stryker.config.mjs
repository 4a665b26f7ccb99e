// @ts-check
import { DEFAULT } from './scripts/mutations/scope.ts';

/**
 * StrykerJS for `npm run mutations` (scripts/mutations/run.ts): mutates the pure and server layers
 * and runs, for each mutant, only the in-process unit tests that cover it (scripts/mutations/vitest.config.ts).
 * The incremental file is kept in the repository, so a run re-tests only the mutants whose code or
 * tests changed since the last one.
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export default {
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner'],
  vitest: { configFile: 'scripts/mutations/vitest.config.ts', related: true },
  coverageAnalysis: 'perTest',
  // scripts/mutations/run.ts hands a narrower or wider list over as JSON (Stryker's --mutate splits
  // on commas, which brace globs hold).
  mutate: process.env.MUTATIONS_MUTATE ? JSON.parse(process.env.MUTATIONS_MUTATE) : [...DEFAULT],
  ignorePatterns: [
    'dist',
    '.data',
    '.cache',
    '.astro',
    '.build-tmp*',
    'coverage',
    'test-results',
    'playwright-report',
    'reports',
  ],
  incremental: true,
  incrementalFile: 'reports/stryker-incremental.json',
  concurrency: 2,
  // The first run covers every in-process unit test once; on a loaded machine that takes long.
  dryRunTimeoutMinutes: 60,
  timeoutMS: 30_000,
  timeoutFactor: 2,
  // The scores per folder come from the incremental file (scripts/mutations/run.ts); `html` can be
  // added with --reporters for a browsable report in reports/mutation/.
  reporters: ['clear-text', 'progress-append-only'],
  htmlReporter: { fileName: 'reports/mutation/mutation.html' },
  clearTextReporter: { allowColor: false, logTests: false, reportScoreTable: true },
  thresholds: { high: 90, low: 75, break: null },
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
};
