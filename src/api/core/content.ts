/**
 * The dealers the API serves: a deployed bundle's own (see content-source.ts: API_CONTENT_URL,
 * API_CONTENT, else compiled in), or a snapshot folder validated at start-up like a build does
 * (the Node server run from the sources, `npm start` and the scripts).
 */
import { formatIssue } from '../../content/issues.ts';
import { envDefault, readEnv, type Env } from '../../config/env.ts';
import { loadDealers, type DealerContent } from '../../content/load.ts';
import { configuredContent, type ContentSource } from './content-source.ts';

export { readContentFile } from './content-source.ts';

export async function loadDealerFolder(dir: string, only?: string[]): Promise<DealerContent[]> {
  const result = await loadDealers(dir, { only });
  if (result.errors.length) {
    throw new Error(
      `The dealer content has ${result.errors.length} error(s):\n${result.errors.map((e) => `  ✗ ${formatIssue(e)}`).join('\n')}`,
    );
  }
  return result.dealers;
}

/**
 * A folder named on the command line (`dealersDir`) wins; then API_CONTENT_URL, API_CONTENT or
 * the bundle's own dealers; then the folder DEALERS_DIR, else `dealers`.
 */
export async function apiContent(env: Env, dealersDir?: string): Promise<ContentSource> {
  if (dealersDir) return { dealers: await loadDealerFolder(dealersDir), from: dealersDir };
  const configured = await configuredContent(env);
  if (configured) return configured;
  const dir = readEnv(env, 'DEALERS_DIR') || envDefault('DEALERS_DIR');
  return { dealers: await loadDealerFolder(dir), from: dir };
}
