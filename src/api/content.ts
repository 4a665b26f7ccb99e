/**
 * The dealers the API serves: a content JSON written by the build (dist/api/content.json), or a
 * snapshot folder validated at start-up like a build does.
 */
import { readFile, stat } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { formatIssue } from '../content/issues.ts';
import { loadDealers, type DealerContent } from '../content/load.ts';

/** content.json next to the running module (the API bundle's own). */
export const bundledContent = fileURLToPath(new URL('./content.json', import.meta.url));

export async function readContentFile(file: string): Promise<DealerContent[]> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readFile(file, 'utf8'));
  } catch (e) {
    throw new Error(`Cannot read the API content ${file}: ${(e as Error).message}`);
  }
  const dealers = (parsed as { dealers?: unknown }).dealers;
  if (!Array.isArray(dealers)) throw new Error(`${file} holds no "dealers" list; rebuild with npm run build.`);
  return dealers as DealerContent[];
}

export async function loadDealerFolder(dir: string, only?: string[]): Promise<DealerContent[]> {
  const result = await loadDealers(dir, { only });
  if (result.errors.length) {
    throw new Error(`The dealer content has ${result.errors.length} error(s):\n${result.errors.map((e) => `  ✗ ${formatIssue(e)}`).join('\n')}`);
  }
  return result.dealers;
}

/** API_CONTENT or the bundle's content.json when present, else the dealers folder. */
export async function apiDealers(env: Record<string, string | undefined>, dealersDir: string): Promise<DealerContent[]> {
  const file = env.API_CONTENT || ((await stat(bundledContent).then((s) => s.isFile(), () => false)) ? bundledContent : undefined);
  return file ? readContentFile(file) : loadDealerFolder(dealersDir);
}
