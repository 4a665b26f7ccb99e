/**
 * The content an Astro build renders. The build script validates snapshots once and hands the
 * result over through `provideContent` (same process). The editor preview (`npm run dev`) does
 * the same, and again after each edit (its route cache is cleared with it, so getStaticPaths reads
 * the new content). Without either (a bare `astro dev`), content is loaded once from
 * `DEALERS_DIR` (default `./dealers`) and `ONLY_DEALERS` (comma-separated slugs).
 */
import { loadDealers, type DealerContent } from './load.ts';
import { formatIssue } from './issues.ts';
import { envDefault, processEnv, readEnv } from '../config/env.ts';

const KEY = Symbol.for('dealer-sites.content');
type Holder = { [KEY]?: Promise<DealerContent[]> };

/**
 * Hands the build's content to the Astro route. A promise lets a build start Astro (whose bundling
 * needs no content) while the content is still being validated or read.
 */
export function provideContent(dealers: DealerContent[] | Promise<DealerContent[]>): void {
  (globalThis as Holder)[KEY] = Promise.resolve(dealers);
}

export function getDealers(): Promise<DealerContent[]> {
  const holder = globalThis as Holder;
  holder[KEY] ??= (async () => {
    const only = readEnv(processEnv(), 'ONLY_DEALERS')
      ?.split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const result = await loadDealers(readEnv(processEnv(), 'DEALERS_DIR') || envDefault('DEALERS_DIR'), { only });
    if (result.errors.length) {
      throw new Error('Content errors:\n' + result.errors.map(formatIssue).join('\n'));
    }
    return result.dealers;
  })();
  return holder[KEY];
}
