/// <reference types="vitest/config" />
/**
 * The unit tests StrykerJS runs against each mutant (stryker.config.mjs): the ones that run in
 * process. Left out are the tests that start child processes (builds, CLIs, Java, a browser,
 * PostgreSQL servers), bundle the API, or check the repository itself; they are slow, and a
 * mutant of the pure and server layers is caught by the in-process tests that cover it.
 */
import { fileURLToPath } from 'node:url';
import { getViteConfig } from 'astro/config';
import { OUT_OF_PROCESS } from './scope.ts';
export default getViteConfig({
  // The project root, wherever this file sits (Stryker runs it in a copy of the project).
  root: fileURLToPath(new URL('../..', import.meta.url)),
  test: {
    include: ['tests/unit/**/*.test.ts', 'src/**/*.test.ts'],
    exclude: ['**/node_modules/**', ...OUT_OF_PROCESS],
    environment: 'node',
    // Stryker runs one test process per concurrency slot; each runs its files one at a time.
    maxWorkers: 1,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
