/**
 * What the pages of the dealer-fleet integration read while they render, and what the build
 * and dev scripts give them: the dealers' content, the build's per-dealer progress, whether the
 * build is a preview, and the run that receives the rendered pages.
 *
 * Pages reach this module as `virtual:dealer-fleet/content` (content-module.ts), which resolves
 * to this very file as an external module: Node itself loads it for Astro's prerender bundle and
 * for the dev server's module runner, so it is the same module instance the scripts imported, and
 * the state below is shared without a global. Keep its imports few and type-only where they can
 * be: Node loads it, and what it imports, outside Vite.
 */
import type { DealerContent } from '../../content/load.ts';
import type { DevHostsOptions } from '../dev/dev-hosts-options.ts';

/** A build run: the dealer-fleet integration's build hooks hand it the rendered pages. */
export interface FleetBuildRun {
  /** Takes one rendered page of the run's dealers; false for anything else (Astro writes it). */
  take(request: Request, response: Response): Promise<boolean>;
  /** Once Astro has rendered everything into `astroDir`: each site's remaining files. */
  finish(astroDir: string): Promise<void>;
}

interface Progress {
  expected: Map<string, number>;
  rendered: Map<string, number>;
  started: Map<string, number>;
  onDone: (slug: string, pages: number, ms: number) => void;
}

let content: Promise<DealerContent[]> | undefined;
let progress: Progress | undefined;
let preview = false;
let buildRun: FleetBuildRun | undefined;
let devRun: DevHostsOptions | undefined;
let onFirstRead: (() => void) | undefined;

/**
 * Hands the content to the pages. A promise lets a build start Astro (whose bundling needs no
 * content) while the content is still being validated or read; the editor preview hands it over
 * again after each edit.
 */
export function provideContent(dealers: DealerContent[] | Promise<DealerContent[]>): void {
  content = Promise.resolve(dealers);
}

/**
 * The dealers the pages render. Without content handed over (a bare `astro dev`), it is read
 * once from DEALERS_DIR and ONLY_DEALERS (src/content/store.ts).
 */
export function getDealers(): Promise<DealerContent[]> {
  if (onFirstRead) {
    const note = onFirstRead;
    onFirstRead = undefined;
    note();
  }
  content ??= import('../../content/store.ts').then((store) => store.dealersFromEnv());
  return content;
}

/** The build says how many pages each dealer has, and is told when each dealer is done. */
export function trackProgress(expected: Map<string, number>, onDone: Progress['onDone']): void {
  progress = { expected, rendered: new Map(), started: new Map(), onDone };
}

/** Called by the page route for each page it renders. */
export function notePageRendered(slug: string): void {
  const t = progress;
  if (!t) return;
  if (!t.started.has(slug)) t.started.set(slug, performance.now());
  const n = (t.rendered.get(slug) ?? 0) + 1;
  t.rendered.set(slug, n);
  if (n === t.expected.get(slug)) t.onDone(slug, n, performance.now() - t.started.get(slug)!);
}

/**
 * For measurement only (npm run bench): `note` is called once, the next time the pages read the
 * content, which a build's route does after Vite has bundled the server and client code.
 */
export function noteNextContentRead(note: () => void): void {
  onFirstRead = note;
}

/** For measurement only: when this process rendered its first page (performance.now()). */
export function firstPageRenderedAt(): number | undefined {
  const started = progress?.started;
  return started?.size ? Math.min(...started.values()) : undefined;
}

/** Set by a build for `--preview` (branch deploys): every page is noindex. */
export function setPreviewBuild(on: boolean): void {
  preview = on;
}

/** A preview build for branch deploys: every page is noindex and robots.txt disallows all. */
export function isPreviewBuild(): boolean {
  return preview;
}

/** Starts (or, with undefined, ends) the build run that takes this process's rendered pages. */
export function setBuildRun(run: FleetBuildRun | undefined): void {
  buildRun = run;
}

export function currentBuildRun(): FleetBuildRun | undefined {
  return buildRun;
}

/**
 * Whether a build run finishes the pages itself (lib/page-finish.ts, in its prerenderer), so that
 * the middleware leaves them alone. Never in the dev server.
 */
export function buildFinishesPages(): boolean {
  return buildRun !== undefined;
}

/** Set by the editor preview (scripts/dev.ts) before Astro's dev server starts: its dev hosts. */
export function setDevRun(options: DevHostsOptions | undefined): void {
  devRun = options;
}

export function currentDevRun(): DevHostsOptions | undefined {
  return devRun;
}
