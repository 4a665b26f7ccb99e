/**
 * The life of one build on disk: its temporary folders, its render workers and the final swap of
 * staged folders into place. Temporary folders never outlive a build, whether it fails, throws or
 * the process exits while it runs, and a swap puts every target back when one rename fails.
 */
import type { ChildProcess } from 'node:child_process';
import { renameSync, rmSync, rmdirSync } from 'node:fs';
import { rename, rm, rmdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

async function exists(p: string) {
  return stat(p).then(
    () => true,
    () => false,
  );
}

/** The folders of one build that must not outlive it, and the renames of a swap under way. */
export interface Run {
  temp: string[];
  /** Renames of an unfinished swap, in order; undone last to first when the swap fails. */
  moved: { from: string; to: string }[];
  /** Render workers still running; stopped when the build ends or the process exits. */
  children: Set<ChildProcess>;
}

/** One rename of a swap: `staged` replaces `target` (absent: `target` is removed). */
export interface Swap {
  staged?: string;
  target: string;
  aside: string;
}

const running = new Set<Run>();

/**
 * When the process exits mid-build (Ctrl+C in scripts/build.ts, a host calling process.exit),
 * `finally` never runs: this puts back a half-done swap and removes the temporary folders.
 */
function cleanUpOnExit() {
  for (const run of running) {
    for (const child of run.children) child.kill('SIGKILL');
    try {
      for (const { from, to } of run.moved.splice(0).reverse()) renameSync(to, from);
      for (const dir of run.temp) rmSync(dir, { recursive: true, force: true });
    } catch {
      // Exiting anyway: whatever is left is named .build-tmp* and ignored by git.
    }
  }
  try {
    rmdirSync(path.join(projectRoot, '.build-tmp'));
  } catch {
    // Not empty (another build is running) or already gone.
  }
}

export function startRun(run: Run) {
  if (!running.size) process.on('exit', cleanUpOnExit);
  running.add(run);
}

export async function endRun(run: Run) {
  // Workers of a failed build: stop them before their folders are removed.
  await Promise.all(
    [...run.children].map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
        }),
    ),
  );
  run.children.clear();
  // A swap that could not be undone left previous output in these folders: keep them.
  if (!run.moved.length) {
    await Promise.all(run.temp.map((dir) => rm(dir, { recursive: true, force: true })));
    // The shared parent of every build's Astro folder, once no build uses it.
    await rmdir(path.join(projectRoot, '.build-tmp')).catch(() => {});
  }
  running.delete(run);
  if (!running.size) process.off('exit', cleanUpOnExit);
}

/**
 * Moves every target aside, then every staged folder in, then drops what was moved aside. A
 * failed rename undoes the others, so the targets are all new or all as they were.
 */
export async function swapIn(run: Run, swaps: Swap[]) {
  const move = async (from: string, to: string) => {
    await rename(from, to);
    run.moved.push({ from, to });
  };
  try {
    for (const s of swaps) if (await exists(s.target)) await move(s.target, s.aside);
    for (const s of swaps) if (s.staged) await move(s.staged, s.target);
  } catch (e) {
    try {
      for (const { from, to } of [...run.moved].reverse()) {
        await rename(to, from);
        run.moved.pop();
      }
    } catch (undo) {
      const kept = swaps
        .filter((s) => run.moved.some((m) => m.to === s.aside))
        .map((s) => `${s.aside} (for ${s.target})`);
      throw new Error(
        `${(e as Error).message}; putting the previous output back also failed (${(undo as Error).message}); it is kept in ${kept.join(', ')}`,
        { cause: undo },
      );
    }
    throw e;
  }
  run.moved.length = 0;
  await Promise.all(swaps.map((s) => rm(s.aside, { recursive: true, force: true })));
}
