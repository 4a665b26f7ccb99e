/**
 * Where a build's CPU time goes, from the V8 CPU profiles (`--cpu-prof`) its processes wrote:
 * self time by origin (a project file, a package of node_modules, the Astro server bundle's
 * chunks, Node itself, garbage collection, idle), and the functions with the most self and total
 * time. Total time counts a function once per sample however deep it recurses.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

export interface Share {
  name: string;
  seconds: number;
}

export interface ProfileSummary {
  /** Profiles read (one per process) and the seconds they sampled. */
  processes: number;
  seconds: number;
  byOrigin: Share[];
  topSelf: Share[];
  topTotal: Share[];
}

/** What a script URL is, for grouping: "src/site/car-page", "astro", "server bundle", "node". */
export function originOf(url: string, root: string): string {
  if (!url) return 'V8 and native';
  if (url.startsWith('node:')) return 'node';
  let file = url;
  try {
    if (url.startsWith('file:')) file = fileURLToPath(url);
  } catch {
    return 'other';
  }
  const modules = file.lastIndexOf('/node_modules/');
  if (modules >= 0) {
    const rest = file.slice(modules + '/node_modules/'.length).split('/');
    return rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]!;
  }
  const rel = path.relative(root, file);
  if (rel.startsWith('.build-tmp')) return 'server bundle (Astro chunks of src/)';
  if (rel.startsWith('..')) return 'other';
  const parts = rel.split(path.sep);
  return parts.length > 2 ? parts.slice(0, 2).join('/') : rel;
}

const frameName = (n: ProfileNode, root: string) => {
  const { functionName, url, lineNumber } = n.callFrame;
  if (!url) return functionName || '(anonymous)';
  let file = url;
  try {
    if (url.startsWith('file:')) file = path.relative(root, fileURLToPath(url));
  } catch {
    /* shown as it is */
  }
  const short = file.includes('/node_modules/')
    ? file.slice(file.lastIndexOf('/node_modules/') + 14)
    : file.startsWith('.build-tmp')
      ? `bundle ${path.basename(file)}`
      : file;
  return `${functionName || '(anonymous)'} ${short}:${lineNumber + 1}`;
};

const QUIET_ORIGINS = new Set(['node', 'tsx', 'other']);

const top = (m: Map<string, number>, n: number): Share[] =>
  [...m]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([name, us]) => ({ name, seconds: us / 1e6 }));

/** Adds one profile's samples to the tallies (microseconds). */
export function tallyProfile(
  profile: CpuProfile,
  root: string,
  t: { origin: Map<string, number>; self: Map<string, number>; total: Map<string, number> },
): number {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const names = new Map(profile.nodes.map((n) => [n.id, frameName(n, root)]));
  const add = (m: Map<string, number>, k: string, us: number) => m.set(k, (m.get(k) ?? 0) + us);
  let sampled = 0;
  profile.samples.forEach((id, i) => {
    const us = Math.max(0, profile.timeDeltas[i] ?? 0);
    const node = byId.get(id);
    if (!node) return;
    sampled += us;
    const special = !node.callFrame.url && node.callFrame.functionName.startsWith('(');
    add(t.origin, special ? node.callFrame.functionName : originOf(node.callFrame.url, root), us);
    add(t.self, names.get(id)!, us);
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const n = byId.get(at)!;
      // Total time is told for the project's own code and its packages, not Node's or tsx's plumbing.
      if (!n.callFrame.url || QUIET_ORIGINS.has(originOf(n.callFrame.url, root))) continue;
      const name = names.get(at)!;
      if (!seen.has(name)) {
        seen.add(name);
        add(t.total, name, us);
      }
    }
  });
  return sampled;
}

/** Every `.cpuprofile` in `dir`, summed. */
export async function summariseProfiles(dir: string, root: string, n = 15): Promise<ProfileSummary> {
  const files = (await readdir(dir)).filter((f) => f.endsWith('.cpuprofile'));
  const t = { origin: new Map<string, number>(), self: new Map<string, number>(), total: new Map<string, number>() };
  let us = 0;
  for (const f of files)
    us += tallyProfile(JSON.parse(await readFile(path.join(dir, f), 'utf8')) as CpuProfile, root, t);
  return {
    processes: files.length,
    seconds: us / 1e6,
    byOrigin: top(t.origin, n),
    topSelf: top(t.self, n),
    topTotal: top(t.total, n + 10),
  };
}
