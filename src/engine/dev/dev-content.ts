/**
 * The live content of the editor preview (`npm run dev`): every dealer of a snapshot folder,
 * loaded and validated one dealer at a time, so that an edit re-reads only its own dealer and a
 * broken dealer does not take the others down.
 *
 * Each dealer is either valid (its content is what the preview renders) or broken (the issues of
 * its last load). A broken dealer is never rendered from older content: the preview answers its
 * pages with the issues instead (dev-pages.ts). Its last good content is kept only for the API,
 * so a form already open in a browser can still be sent while the editor fixes the file. When
 * every error is in page files, the dealer is shown without those pages (dev-page-errors.ts):
 * only they answer with their errors.
 *
 * Two things start a reload: the file watcher (`changed`), which also makes open pages reload,
 * and a page request (`current`), which compares the dealer's files with those of the last load
 * first. The second makes "the next reload shows the edit" hold even when the watcher's event
 * has not arrived yet (or never does, as on some network and container file systems).
 */
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { duplicateIdIssue, listDealerFolders, loadDealers, type DealerContent } from '../../content/load.ts';
import { envSuffix, sharedSettingIssue } from '../../content/dealer-settings.ts';
import type { Car } from '../../content/entities.ts';
import type { ContentIssue } from '../../content/issues.ts';
import { dealerRoutes } from '../../domain/routes.ts';
import { forTheApi, loadWithoutBrokenPages, type BrokenPage } from './dev-page-errors.ts';

export interface DealerState {
  slug: string;
  /** The content of the last load, when that load was valid. */
  content?: DealerContent;
  /** The last valid content, kept for the API while the dealer is broken. */
  lastGood?: DealerContent;
  /** Errors of the last load; empty when valid. */
  issues: ContentIssue[];
  /**
   * The page files with errors of a dealer shown without them (`content` is then the rest);
   * empty otherwise. Their issues are among `issues`.
   */
  brokenPages: BrokenPage[];
  warnings: ContentIssue[];
  /** Every route path of the valid content ("/", "/about-us", "/cars/…"). */
  paths: Set<string>;
  /** The dealer's files as they were just before the last load (see `stampOf`). */
  stamp: Stamp;
}

export interface ReloadReport {
  slug: string;
  /** Valid, shown without its broken pages (`partial`), broken, or removed (its folder is gone). */
  outcome: 'loaded' | 'partial' | 'broken' | 'removed';
  state?: DealerState;
  /** The files added, changed or deleted since the previous load, relative to the dealer folder. */
  files: string[];
  /** Time to read and validate the dealer. */
  ms: number;
}

/** Runs after each reload, before a waiting request goes on (e.g. publishing the new content). */
export type ReloadListener = (report: ReloadReport) => void | Promise<void>;

/**
 * An editor's save is often several file events (write, rename, a swap file): one reload follows
 * them, this long after the last.
 */
export const SETTLE_MS = 40;

/** Each file of a dealer folder (relative path) → its size and modification time. */
type Stamp = Map<string, string>;

async function stampOf(dir: string): Promise<Stamp> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  const files = entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
  const stats = await Promise.all(files.map((file) => stat(file).catch(() => undefined)));
  const stamp: Stamp = new Map();
  files.forEach((file, i) => {
    const s = stats[i];
    if (s) stamp.set(path.relative(dir, file).split(path.sep).join('/'), `${s.size}:${s.mtimeMs}`);
  });
  return stamp;
}

/** The files that differ between two stamps, sorted. */
function differences(before: Stamp, after: Stamp): string[] {
  const names = new Set([...before.keys(), ...after.keys()]);
  return [...names].filter((name) => before.get(name) !== after.get(name)).sort();
}

export class LiveContent {
  readonly dir: string;
  readonly only: string[] | undefined;
  private readonly states = new Map<string, DealerState>();
  /** The reload in progress (or queued behind it) per slug. */
  private readonly running = new Map<string, Promise<ReloadReport | undefined>>();
  /** Watcher events waiting to settle, per slug. */
  private readonly queued = new Map<
    string,
    { timer?: NodeJS.Timeout; release: () => void; result: Promise<unknown> }
  >();
  private readonly listeners: ReloadListener[] = [];
  /** A dealer's imported stock, when it has imported (`useStock`): shown instead of its cars.json. */
  private stockOf: (slug: string) => Car[] | undefined = () => undefined;

  constructor(dir: string, only?: string[]) {
    this.dir = path.resolve(dir);
    this.only = only?.length ? only : undefined;
  }

  /** Loads every dealer (of `only` when given). Throws when the folder or an `only` slug is missing. */
  async loadAll(): Promise<void> {
    const folders = await listDealerFolders(this.dir).catch((e: Error) => {
      throw new Error(`The dealers folder ${this.dir} cannot be read: ${e.message}`);
    });
    if (this.only) {
      const missing = this.only.filter((slug) => !folders.includes(slug));
      if (missing.length)
        throw new Error(`No dealer folder ${missing.map((s) => `"${s}"`).join(', ')} in ${this.dir}.`);
    }
    const wanted = this.only ? folders.filter((f) => this.only!.includes(f)) : folders;
    await Promise.all(wanted.map((slug) => this.reload(slug)));
  }

  /** Whether a folder name is a dealer this preview shows (`--only` limits it). */
  follows(slug: string): boolean {
    return !slug.startsWith('_') && !slug.startsWith('.') && (!this.only || this.only.includes(slug));
  }

  onReload(listener: ReloadListener): void {
    this.listeners.push(listener);
  }

  /**
   * The watcher saw a change under the dealers folder (`rel` is relative to it): that dealer is
   * reloaded once the changes settle. Files outside a followed dealer folder are ignored.
   */
  changed(rel: string): void {
    const slug = rel.split(/[\\/]/)[0];
    if (!slug || !this.follows(slug)) return;
    let queued = this.queued.get(slug);
    if (!queued) {
      let release!: () => void;
      const settled = new Promise<void>((resolve) => (release = resolve));
      const result = settled.then(() => {
        this.queued.delete(slug);
        return this.reload(slug, { onlyIfChanged: true });
      });
      queued = { release, result };
      this.queued.set(slug, queued);
    }
    clearTimeout(queued.timer);
    queued.timer = setTimeout(queued.release, SETTLE_MS);
  }

  /**
   * The state of `slug` as its files are now, for a page request: waits for a reload under way,
   * and reloads first when a file changed since the last load. Undefined for no such dealer.
   */
  async current(slug: string): Promise<DealerState | undefined> {
    if (!this.follows(slug)) return undefined;
    await this.queued.get(slug)?.result;
    await this.running.get(slug);
    const state = this.states.get(slug);
    if (
      !state &&
      !(await stat(path.join(this.dir, slug)).then(
        (s) => s.isDirectory(),
        () => false,
      ))
    )
      return undefined;
    await this.reload(slug, { onlyIfChanged: true });
    return this.states.get(slug);
  }

  /**
   * Re-reads and re-validates one dealer, then runs the listeners. Reloads of one dealer run one
   * after another, so the last edit always wins. `onlyIfChanged` skips the load (and the
   * listeners) when no file of the dealer changed since its last load.
   */
  reload(slug: string, options: { onlyIfChanged?: boolean } = {}): Promise<ReloadReport | undefined> {
    const previous = this.running.get(slug) ?? Promise.resolve(undefined);
    const next = previous
      .catch(() => undefined)
      .then(async () => {
        const report = await this.loadOne(slug, options.onlyIfChanged ?? false);
        if (report) for (const listener of this.listeners) await listener(report);
        return report;
      });
    this.running.set(slug, next);
    void next
      .finally(() => {
        if (this.running.get(slug) === next) this.running.delete(slug);
      })
      .catch(() => {});
    return next;
  }

  get(slug: string): DealerState | undefined {
    return this.states.get(slug);
  }

  /**
   * Shows each dealer's imported stock (as `npm start` lists it) instead of its cars.json, from the
   * next load of the dealer on; reload a dealer whose stock changed.
   */
  useStock(stockOf: (slug: string) => Car[] | undefined): void {
    this.stockOf = stockOf;
  }

  /** Every dealer shown, sorted by slug. */
  all(): DealerState[] {
    return [...this.states.values()].sort((a, b) => a.slug.localeCompare(b.slug));
  }

  /** The dealers the pages render: valid ones only. */
  valid(): DealerContent[] {
    return this.all().flatMap((s) => (s.content ? [s.content] : []));
  }

  /** The dealers the API serves: each dealer's last good content. */
  forApi(): DealerContent[] {
    return this.all().flatMap((s) => (s.lastGood ? [s.lastGood] : []));
  }

  private async loadOne(slug: string, onlyIfChanged: boolean): Promise<ReloadReport | undefined> {
    const started = performance.now();
    const before = this.states.get(slug);
    // Taken before reading: a save made during the load makes the next check load again.
    const stamp = await stampOf(path.join(this.dir, slug));
    const files = differences(before?.stamp ?? new Map<string, string>(), stamp);
    if (onlyIfChanged && before && !files.length) return undefined;
    const done = (outcome: ReloadReport['outcome'], state?: DealerState): ReloadReport => ({
      slug,
      outcome,
      state,
      files,
      ms: performance.now() - started,
    });

    const folders = await listDealerFolders(this.dir).catch(() => [] as string[]);
    if (!folders.includes(slug)) {
      if (!before) return undefined;
      this.states.delete(slug);
      return done('removed');
    }
    const first = await loadDealers(this.dir, { only: [slug], placeholders: true });
    // Errors only in page files: the dealer is shown without them, each showing its own errors.
    const partial = first.dealers[0] ? undefined : await loadWithoutBrokenPages(this.dir, slug, first);
    const result = partial?.result ?? first;
    const content = result.dealers[0];
    const issues = [...result.errors];
    /** The page files' errors come first; any after them (a clash with another dealer) block it all. */
    const pageIssues = partial ? result.errors.length : 0;
    // loadDealers checks website ids across the dealers it loads; one at a time, check them here.
    const clash = content && this.all().find((s) => s.slug !== slug && s.content?.site.id === content.site.id);
    if (content && clash) {
      issues.push(duplicateIdIssue(slug, content.site.id, clash.slug));
    }
    const shares =
      content && this.all().find((s) => s.slug !== slug && s.content && envSuffix(s.slug) === envSuffix(slug));
    if (shares) issues.push(sharedSettingIssue(slug, shares.slug));
    const stock = content && this.stockOf(slug);
    const valid = issues.length > pageIssues ? undefined : stock ? { ...content, cars: stock } : content;
    const brokenPages = valid ? (partial?.broken ?? []) : [];
    const state: DealerState = {
      slug,
      content: valid,
      lastGood: valid ? forTheApi(valid, brokenPages, before?.lastGood) : before?.lastGood,
      issues,
      brokenPages,
      warnings: result.warnings,
      paths: new Set(valid ? dealerRoutes(valid).map((r) => r.path) : []),
      stamp,
    };
    this.states.set(slug, state);
    return done(!valid ? 'broken' : brokenPages.length ? 'partial' : 'loaded', state);
  }
}
