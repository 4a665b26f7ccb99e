/**
 * The content of a bare `astro dev` (no build or preview script handing it over through the
 * dealer-fleet integration, src/engine/integration/fleet-state.ts): read once from `DEALERS_DIR`
 * (default `./dealers`) and `ONLY_DEALERS` (comma-separated slugs).
 */
import { loadDealers, type DealerContent } from './load.ts';
import { formatIssue } from './issues.ts';
import { envDefault, processEnv, readEnv } from '../config/env.ts';

export async function dealersFromEnv(): Promise<DealerContent[]> {
  const only = readEnv(processEnv(), 'ONLY_DEALERS')
    ?.split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const result = await loadDealers(readEnv(processEnv(), 'DEALERS_DIR') || envDefault('DEALERS_DIR'), { only });
  if (result.errors.length) {
    throw new Error('Content errors:\n' + result.errors.map(formatIssue).join('\n'));
  }
  return result.dealers;
}
