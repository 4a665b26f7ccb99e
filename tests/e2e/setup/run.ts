/**
 * npm run test:e2e [-- playwright args]: the end-to-end suite alone, with a clear message when
 * Chromium is missing. Same as `npx playwright test`.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chromiumPath, missingChromiumMessage } from './support.ts';

if (!existsSync(chromiumPath())) {
  console.error(missingChromiumMessage());
  process.exit(1);
}
const result = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(result.status ?? 1);
