/**
 * Child processes and signals for the throwaway cluster (pg-cluster.ts) and the fault run: running a command
 * with a time limit, a free port, a process's children from /proc, signals, and clean-ups that
 * run however this process ends.
 */
import { execFile } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { createServer } from 'node:net';

export function run(command: [string, string[]], timeoutMs: number, what: string): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      command[0],
      command[1],
      { timeout: timeoutMs, killSignal: 'SIGKILL', maxBuffer: 4 * 2 ** 20 },
      (error, stdout, stderr) => {
        if (!error) return resolve(stdout);
        const why = error.killed ? `no result within ${timeoutMs} ms` : `exit code ${error.code ?? 'unknown'}`;
        const output = `${stderr}${stdout}`.trim().split('\n').slice(-20).join('\n');
        reject(new Error(`${what} failed (${why})${output ? `:\n${output}` : ''}`));
      },
    );
  });
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no free port on 127.0.0.1');
  return address.port;
}

/** Processes whose parent is `pid`, from /proc. */
export function childrenOf(pid: number): number[] {
  const out: number[] = [];
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return out;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The command name may hold spaces and parentheses: the fields after the last ')' are state, ppid, …
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) out.push(Number(entry));
    } catch {
      // The process ended while we looked.
    }
  }
  return out;
}

export function signal(pid: number, name: NodeJS.Signals | 0): boolean {
  try {
    process.kill(pid, name);
    return true;
  } catch {
    return false;
  }
}

export function alive(pid: number): boolean {
  return signal(pid, 0);
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** `promise`, or a rejection once `ms` have passed. */
export function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/** Clean-ups still to run when this process ends, by key, each synchronous. */
const live = new Map<string, () => void>();
let hooked = false;

function cleanUpAll() {
  for (const cleanUp of [...live.values()]) cleanUp();
}

function hookExit() {
  if (hooked) return;
  hooked = true;
  process.on('exit', cleanUpAll);
  for (const name of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    const onSignal = () => {
      cleanUpAll();
      // Ours is the only listener: end as the signal would have without it.
      if (process.listenerCount(name) === 1) {
        process.removeListener(name, onSignal);
        process.kill(process.pid, name);
      }
    };
    process.on(name, onSignal);
  }
}

/** Runs `cleanUp` when this process exits or is ended by a signal, unless forgotten first. */
export function cleanUpOnExit(key: string, cleanUp: () => void): void {
  live.set(key, cleanUp);
  hookExit();
}

export function forgetCleanUp(key: string): void {
  live.delete(key);
}
