/// <reference types="vitest/config" />
import { getViteConfig } from 'astro/config';

export default getViteConfig({
  test: {
    // The unit tests: tests/unit/, and a block's own tests beside its code (src/blocks/<type>/*.test.ts).
    include: ['tests/unit/**/*.test.ts', 'src/**/*.test.ts'],
    environment: 'node',
    // Two files at a time even on two cores (Vitest's default there is one): most slow files wait on
    // child builds, PostgreSQL, Java or HTTP rather than compute. VITEST_MAX_WORKERS overrides it.
    maxWorkers: 2,
    // Timeouts only catch a hung test; they are no speed check. On a loaded two-core machine a test
    // that starts a few command-line processes has taken 52 s, so each is set well above that.
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
