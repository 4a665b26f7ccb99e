/**
 * Per-dealer progress of a multi-dealer build. The build script says how many pages each dealer
 * has; the page route reports each page it renders; the script is told when a dealer is done.
 * Shared through globalThis because Astro renders pages in the build script's own process.
 */
const KEY = Symbol.for('dealer-sites.progress');

interface Tracker {
  expected: Map<string, number>;
  rendered: Map<string, number>;
  started: Map<string, number>;
  onDone: (slug: string, pages: number, ms: number) => void;
}

type Holder = { [KEY]?: Tracker };

export function trackProgress(expected: Map<string, number>, onDone: Tracker['onDone']): void {
  (globalThis as Holder)[KEY] = { expected, rendered: new Map(), started: new Map(), onDone };
}

export function notePageRendered(slug: string): void {
  const t = (globalThis as Holder)[KEY];
  if (!t) return;
  if (!t.started.has(slug)) t.started.set(slug, performance.now());
  const n = (t.rendered.get(slug) ?? 0) + 1;
  t.rendered.set(slug, n);
  if (n === t.expected.get(slug)) t.onDone(slug, n, performance.now() - t.started.get(slug)!);
}
