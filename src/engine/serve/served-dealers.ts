/**
 * The API of `npm start` follows its sites folder: when a build swaps in new output (its manifest
 * changes: `npm run build -- --only NEW`, a stock rebuild, a whole build), the API serves the
 * folder's new dealer set from the next request on, without a restart. A dealer the manifest adds
 * is served its built content (with its imported stock, and indexed for search); a dealer whose
 * snapshot changed is served its new content; a dealer the manifest no longer lists answers 404.
 * The static server's refused dealers follow the manifest's `failed` too.
 *
 * Each API request first looks whether the manifest changed (two `stat` calls when it did not;
 * concurrent requests share one look), and a timer looks every second besides, so the swap is
 * picked up within a second even when no request comes. A request already under way keeps the
 * dealer it resolved: the list is replaced, never changed under a running route. While a build's
 * swap is half done (the manifest set aside for a moment), the current dealers stay served and
 * the next look tries again.
 */
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { DealerContent } from '../../content/load.ts';
import { maintenance, type ApiDeps } from '../../api/core/deps.ts';
import { indexContent } from '../../features/search/server/index-content.ts';
import { useImportedStock } from '../../features/stock/server/store.ts';
import { MANIFEST_FILE, type FailedDealer } from '../build/build-manifest.ts';
import { checkedManifest, readBuiltContent } from '../build/manifest-read.ts';
import type { FetchHandler } from './serve-fetch.ts';

/** How often the timer looks at the manifest when no request does. */
export const MANIFEST_LOOK_MS = 1_000;

export interface ServedContent {
  sitesDir: string;
  /** The API's dependencies: `dealers` is replaced by a new list on each change. */
  deps: Pick<ApiDeps, 'db' | 'dealers'>;
  /** The static server's refused dealers (its `failed`), updated in place. */
  failed: Record<string, FailedDealer>;
  /** Each served dealer's snapshot fingerprint, as the manifest had it when last read; updated in place. */
  fingerprints: Record<string, string>;
  log?: (line: string) => void;
}

/** What one look at the manifest changed in the API's dealers. */
export interface ServedChange {
  added: string[];
  changed: string[];
  removed: string[];
}

export interface ManifestFollower {
  /**
   * Looks at the manifest now and, when it changed, brings the API's dealers up to date; joins a
   * look under way. Never throws: a folder that cannot be read is logged and tried again later.
   */
  check(): Promise<ServedChange | undefined>;
  /** `api` with a look at the manifest before each request. */
  wrap(api: FetchHandler): FetchHandler;
  /** Stops the timer. */
  close(): void;
}

/** What identifies the manifests as they are now: each file's name, inode, size and time. */
async function manifestSignature(sitesDir: string, names: string[]): Promise<string> {
  const parts = await Promise.all(
    names.map(async (name) => {
      const s = await stat(path.join(sitesDir, name)).catch(() => undefined);
      return s ? `${name}:${s.ino}:${s.size}:${s.mtimeMs}` : `${name}:-`;
    }),
  );
  return parts.join('|');
}

/** Follows the manifest of `served.sitesDir` (see the module comment). */
export function followManifest(served: ServedContent, options: { lookMs?: number } = {}): ManifestFollower {
  const { sitesDir } = served;
  const log = served.log ?? (() => {});
  /** The folder's modification time when its manifest names were last listed. */
  let folderTime: number | undefined;
  let names: string[] = [];
  /** The signature of the manifests last applied; undefined: not yet (the first look compares). */
  let applied: string | undefined;
  let looking: Promise<ServedChange | undefined> | undefined;
  /** The last failure logged, so a folder that stays broken is not logged every second. */
  let lastProblem: string | undefined;
  /**
   * The list first given: the runtime's own parts (the delivery, the alerts, the stock refresh)
   * hold it, so it is kept in step in place, while the routes get a new list on each change.
   */
  const shared = served.deps.dealers;

  async function look(): Promise<ServedChange | undefined> {
    const folder = await stat(sitesDir).catch(() => undefined);
    if (!folder) return undefined;
    if (folder.mtimeMs !== folderTime) {
      names = (await readdir(sitesDir).catch(() => [] as string[])).filter((n) => MANIFEST_FILE.test(n)).sort();
      folderTime = folder.mtimeMs;
    }
    const signature = await manifestSignature(sitesDir, names);
    if (signature === applied) return undefined;
    try {
      const change = await apply();
      applied = signature;
      lastProblem = undefined;
      return change;
    } catch (e) {
      // Mid-swap, or a broken folder: serve what is served, and look again next time.
      folderTime = undefined;
      const problem = (e as Error).message;
      if (problem !== lastProblem) log(`The API keeps its dealers for now: ${problem}`);
      lastProblem = problem;
      return undefined;
    }
  }

  async function apply(): Promise<ServedChange> {
    const manifest = await checkedManifest(sitesDir);
    const current = new Map(served.deps.dealers.map((d) => [d.slug, d]));
    const listed = Object.keys(manifest.dealers).sort();
    const added = listed.filter((slug) => !current.has(slug));
    const changed = listed.filter(
      (slug) => current.has(slug) && manifest.dealers[slug]!.fingerprint !== served.fingerprints[slug],
    );
    const removed = [...current.keys()].filter((slug) => !manifest.dealers[slug]).sort();
    const fresh = await readBuiltContent(sitesDir, [...added, ...changed]);
    if (fresh.length) {
      await useImportedStock(served.deps.db, fresh);
      await maintenance(served.deps.db, (db) => indexContent(db, fresh));
    }
    const bySlug = new Map<string, DealerContent>(fresh.map((d) => [d.slug, d]));
    const next = listed.map((slug) => bySlug.get(slug) ?? current.get(slug)!);
    shared.splice(0, shared.length, ...next);
    served.deps.dealers = [...next];
    for (const slug of Object.keys(served.fingerprints)) delete served.fingerprints[slug];
    for (const slug of listed) served.fingerprints[slug] = manifest.dealers[slug]!.fingerprint;
    for (const key of Object.keys(served.failed)) delete served.failed[key];
    Object.assign(served.failed, manifest.failed);
    const change = { added, changed, removed };
    const what = describeChange(change);
    if (what) log(`The API follows the new build of ${sitesDir}: ${what}.`);
    return change;
  }

  function check(): Promise<ServedChange | undefined> {
    looking ??= look()
      .catch((e: unknown) => {
        log(`Looking at ${sitesDir} failed: ${(e as Error).message}`);
        return undefined;
      })
      .finally(() => {
        looking = undefined;
      });
    return looking;
  }

  const timer = setInterval(() => void check(), options.lookMs ?? MANIFEST_LOOK_MS);
  timer.unref();
  return {
    check,
    wrap: (api) => async (request) => {
      await check();
      return api(request);
    },
    close: () => clearInterval(timer),
  };
}

/** "added a-motors; new content of b-motors; removed c-motors"; empty for no change. */
export function describeChange(change: ServedChange): string {
  const parts: string[] = [];
  if (change.added.length) parts.push(`added ${change.added.join(', ')}`);
  if (change.changed.length) parts.push(`new content of ${change.changed.join(', ')}`);
  if (change.removed.length) parts.push(`removed ${change.removed.join(', ')}`);
  return parts.join('; ');
}
