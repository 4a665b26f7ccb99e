/**
 * Running PostgreSQL's own programs as the `postgres` user (initdb refuses root): directly when we
 * are that user, through runuser when we are root. Whether this machine can make a throwaway
 * cluster at all follows from it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { userInfo } from 'node:os';
import path from 'node:path';

export const PG_BIN = '/usr/lib/postgresql/15/bin';
const RUNUSER = ['/usr/sbin/runuser', '/sbin/runuser', '/usr/bin/runuser', '/bin/runuser'];

export interface RunAs {
  /** Command and arguments that run `file args` as the postgres user. */
  command(file: string, args: string[]): [string, string[]];
  /** Owner to give the folders, when we are root. */
  owner?: { uid: number; gid: number };
}

function postgresUser(): { uid: number; gid: number } | undefined {
  try {
    const line = readFileSync('/etc/passwd', 'utf8')
      .split('\n')
      .find((l) => l.startsWith('postgres:'));
    const fields = line?.split(':');
    if (!fields || fields.length < 4) return undefined;
    return { uid: Number(fields[2]), gid: Number(fields[3]) };
  } catch {
    return undefined;
  }
}

export function runAs(): RunAs | undefined {
  if (userInfo().username === 'postgres') return { command: (file, args) => [file, args] };
  if (process.getuid?.() !== 0) return undefined;
  const owner = postgresUser();
  const runuser = RUNUSER.find((p) => existsSync(p));
  if (!owner || !runuser) return undefined;
  return { command: (file, args) => [runuser, ['-u', 'postgres', '--', file, ...args]], owner };
}

/** Why no cluster can be made here, or undefined when one can. */
export function clusterUnavailableReason(binDir = PG_BIN): string | undefined {
  const missing = ['initdb', 'pg_ctl', 'postgres'].filter((b) => !existsSync(path.join(binDir, b)));
  if (missing.length) return `PostgreSQL's ${missing.join(', ')} not found in ${binDir}`;
  if (!runAs())
    return 'a throwaway PostgreSQL cluster needs root (with a postgres user and runuser) or the postgres user';
  return undefined;
}

/** Whether this machine can make a throwaway cluster: the binaries exist and we are root or postgres. */
export function clusterAvailable(binDir = PG_BIN): boolean {
  return clusterUnavailableReason(binDir) === undefined;
}
