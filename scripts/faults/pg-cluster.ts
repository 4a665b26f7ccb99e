/**
 * A throwaway PostgreSQL cluster for fault tests: its own data folder, port and socket folder,
 * made with initdb and run with pg_ctl as the `postgres` user, so a test can stop, restart,
 * freeze and thaw the server under a running API without touching any other server.
 *
 * A cluster is removed by destroy(), and also when this process exits (an 'exit' handler) or is
 * ended by a signal; a small watcher process removes it even when this one is killed outright.
 */
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { appendFile, chown, mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Pool } from 'pg';
import { clusterUnavailableReason, PG_BIN, runAs } from './pg-run-as.ts';
import { alive, childrenOf, cleanUpOnExit, forgetCleanUp, freePort, run, signal, sleep, within } from './processes.ts';

/** The name the API's pool gives its connections (src/api/db/postgres.ts). */
export const API_APPLICATION_NAME = 'dealer-sites-api';
const ADMIN_APPLICATION_NAME = 'pg-cluster-admin';

export interface ClusterOptions {
  /** Folder of initdb, pg_ctl and postgres. */
  binDir?: string;
  /** shared_buffers of the server. */
  sharedBuffers?: string;
  /** Longest any one step (initdb, start, stop) may take. */
  stepTimeoutMs?: number;
}

export interface TerminateFilter {
  /** Only backends idle inside an open transaction. */
  idleInTransaction?: boolean;
  /** application_name of the backends to end (default API_APPLICATION_NAME). */
  application?: string;
}

export interface Terminated {
  /** Backends ended. */
  pids: number[];
  /** Whether they were found by application_name; false: every other backend of the database. */
  byApplicationName: boolean;
}

export interface Cluster {
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  url: string;
  port: number;
  dataDir: string;
  /** The server's log file (pg_ctl -l). */
  logFile: string;
  /** Stops the server ('fast': ends sessions cleanly; 'immediate': as a crash does). */
  stop(mode: 'fast' | 'immediate'): Promise<void>;
  /** Starts the server again on the same port; resolves once it accepts connections. */
  start(): Promise<void>;
  /** SIGSTOP to the postmaster and every process it started: the server stops answering, sockets stay open. */
  freeze(): Promise<void>;
  /** SIGCONT to every process freeze() stopped. */
  thaw(): Promise<void>;
  /** pg_terminate_backend on the API's backends (see TerminateFilter), from an admin connection. */
  terminateBackends(filter?: TerminateFilter): Promise<Terminated>;
  /** A statement on the admin connection (bounded by a client-side timeout). */
  query<R>(sql: string, params?: unknown[]): Promise<R[]>;
  /** Resolves once `SELECT 1` answers on a fresh connection; rejects after `timeoutMs`. */
  ready(timeoutMs?: number): Promise<void>;
  /** Thaws, stops the server at once and removes its folders; safe to call more than once. */
  destroy(): Promise<void>;
}

/** startCluster could not make or start the cluster (the machine cannot run one). */
export class ClusterStartError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ClusterStartError';
  }
}

/** pid of the running postmaster, from its pid file; undefined when the server is not running. */
function postmasterPid(dataDir: string): number | undefined {
  try {
    const pid = Number(readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Shell script of the watcher: once the process `$1` is gone, stops the cluster of data folder
 * `$3` at once (SIGQUIT, then SIGKILL) and removes the folder `$2`.
 */
const WATCHER = `
parent="$1"; base="$2"; data="$3"
while kill -0 "$parent" 2>/dev/null; do sleep 1; done
pm=$(head -n 1 "$data/postmaster.pid" 2>/dev/null)
if [ -n "$pm" ] && kill -0 "$pm" 2>/dev/null; then
  for c in $(pgrep -P "$pm"); do kill -CONT "$c" 2>/dev/null; done
  kill -CONT "$pm" 2>/dev/null; kill -QUIT "$pm" 2>/dev/null
  i=0; while kill -0 "$pm" 2>/dev/null && [ $i -lt 20 ]; do sleep 0.5; i=$((i+1)); done
  for c in $(pgrep -P "$pm"); do kill -KILL "$c" 2>/dev/null; done
  kill -KILL "$pm" 2>/dev/null
fi
rm -rf "$base"
`;

export async function startCluster(options: ClusterOptions = {}): Promise<Cluster> {
  const binDir = options.binDir ?? PG_BIN;
  const stepTimeoutMs = options.stepTimeoutMs ?? 30_000;
  const unavailable = clusterUnavailableReason(binDir);
  if (unavailable) throw new ClusterStartError(`No throwaway PostgreSQL cluster can be made here: ${unavailable}.`);
  const as = runAs()!;
  const bin = (name: string) => path.join(binDir, name);

  const base = await mkdtemp(path.join(tmpdir(), 'pg-cluster-'));
  const dataDir = path.join(base, 'data');
  const socketDir = path.join(base, 'socket');
  const logFile = path.join(base, 'server.log');
  let watcher: number | undefined;
  let destroyed: Promise<void> | undefined;
  const frozen = new Set<number>();
  let admin: Pool | undefined;

  const pgCtl = (args: string[], what: string) =>
    run(as.command(bin('pg_ctl'), ['-D', dataDir, ...args]), stepTimeoutMs + 5_000, what);
  const logTail = async () =>
    (await readFile(logFile, 'utf8').catch(() => '')).trim().split('\n').slice(-15).join('\n');

  const thawNow = () => {
    const pm = postmasterPid(dataDir);
    for (const pid of pm ? [...frozen, ...childrenOf(pm)] : frozen) signal(pid, 'SIGCONT');
    if (pm) signal(pm, 'SIGCONT');
    frozen.clear();
  };

  /** Synchronous: for the 'exit' handler, where nothing asynchronous runs any more. */
  const cleanUpNow = () => {
    forgetCleanUp(base);
    thawNow();
    const pm = postmasterPid(dataDir);
    if (pm && alive(pm)) {
      try {
        const [file, args] = as.command(bin('pg_ctl'), ['-D', dataDir, '-m', 'immediate', '-w', '-t', '10', 'stop']);
        execFileSync(file, args, { timeout: 15_000, stdio: 'ignore' });
      } catch {
        for (const pid of childrenOf(pm)) signal(pid, 'SIGKILL');
        signal(pm, 'SIGKILL');
      }
    }
    if (watcher) signal(watcher, 'SIGKILL');
    rmSync(base, { recursive: true, force: true });
  };
  cleanUpOnExit(base, cleanUpNow);

  const adminPool = async (): Promise<Pool> => {
    if (admin) return admin;
    const { default: pg } = await import('pg');
    admin = new pg.Pool({
      connectionString: url,
      max: 1,
      application_name: ADMIN_APPLICATION_NAME,
      connectionTimeoutMillis: 2_000,
      query_timeout: 5_000,
      idleTimeoutMillis: 1_000,
    });
    // The admin connection dies with the server on every stop; the next query connects anew.
    admin.on('error', () => {});
    return admin;
  };
  /** Ends the admin pool; without `wait`, in the background (a frozen server answers nothing). */
  const closeAdmin = async (wait = true) => {
    const pool = admin;
    admin = undefined;
    const ended = pool?.end().catch(() => {});
    if (wait) await ended;
  };

  let port: number;
  let url = '';

  try {
    if (as.owner) await chown(base, as.owner.uid, as.owner.gid);
    await mkdir(socketDir);
    if (as.owner) await chown(socketDir, as.owner.uid, as.owner.gid);
    await run(
      as.command(bin('initdb'), [
        '-D',
        dataDir,
        '-A',
        'trust',
        '-U',
        'postgres',
        '--no-sync',
        '-E',
        'UTF8',
        '--locale=C',
      ]),
      stepTimeoutMs,
      'initdb',
    );
    const child = spawn('sh', ['-c', WATCHER, 'pg-cluster-watcher', String(process.pid), base, dataDir], {
      detached: true,
      stdio: 'ignore',
    });
    child.unref();
    watcher = child.pid;

    // Another program may take the port between our probe and the server's bind: try a few.
    for (let attempt = 1; ; attempt++) {
      port = await freePort();
      url = `postgres://postgres@127.0.0.1:${port}/postgres`;
      await appendFile(
        path.join(dataDir, 'postgresql.auto.conf'),
        [
          `port = ${port}`,
          `listen_addresses = '127.0.0.1'`,
          `unix_socket_directories = '${socketDir}'`,
          'fsync = off',
          'synchronous_commit = off',
          'full_page_writes = off',
          `shared_buffers = '${options.sharedBuffers ?? '16MB'}'`,
          'max_connections = 50',
          '',
        ].join('\n'),
      );
      try {
        await pgCtl(['-l', logFile, '-w', '-t', String(Math.ceil(stepTimeoutMs / 1000)), 'start'], 'pg_ctl start');
        break;
      } catch (e) {
        const log = await logTail();
        if (attempt < 3 && /could not bind|Address already in use/i.test(log)) continue;
        throw new Error(`${(e as Error).message}\nserver log:\n${log}`, { cause: e });
      }
    }
  } catch (e) {
    cleanUpNow();
    throw new ClusterStartError(`Could not make a throwaway PostgreSQL cluster: ${(e as Error).message}`, { cause: e });
  }

  const cluster: Cluster = {
    url,
    port,
    dataDir,
    logFile,
    async stop(mode) {
      thawNow();
      await closeAdmin();
      await pgCtl(['-m', mode, '-w', '-t', String(Math.ceil(stepTimeoutMs / 1000)), 'stop'], `pg_ctl stop -m ${mode}`);
    },
    async start() {
      try {
        await pgCtl(['-l', logFile, '-w', '-t', String(Math.ceil(stepTimeoutMs / 1000)), 'start'], 'pg_ctl start');
      } catch (e) {
        throw new Error(`${(e as Error).message}\nserver log:\n${await logTail()}`, { cause: e });
      }
    },
    async freeze() {
      const pm = postmasterPid(dataDir);
      if (!pm || !alive(pm)) throw new Error('The cluster is not running: there is nothing to freeze.');
      // The postmaster first, so it starts no process after we have listed its children;
      // a second look catches one it forked just before.
      signal(pm, 'SIGSTOP');
      frozen.add(pm);
      for (let look = 0; look < 2; look++) {
        for (const pid of childrenOf(pm)) if (signal(pid, 'SIGSTOP')) frozen.add(pid);
      }
    },
    async thaw() {
      thawNow();
    },
    async terminateBackends(filter = {}) {
      const pool = await adminPool();
      const result = await pool.query<{ pid: number; named: boolean }>(
        `
        WITH others AS (
          SELECT pid, application_name, state FROM pg_stat_activity
          WHERE backend_type = 'client backend' AND pid <> pg_backend_pid() AND datname = current_database()
            AND application_name <> $3
        ),
        named AS (SELECT * FROM others WHERE application_name = $1),
        chosen AS (
          SELECT pid, state, true AS named FROM named
          UNION ALL
          SELECT pid, state, false AS named FROM others WHERE NOT EXISTS (SELECT 1 FROM named)
        )
        SELECT pid, named FROM chosen
        WHERE (NOT $2::boolean OR state IN ('idle in transaction', 'idle in transaction (aborted)'))
          AND pg_terminate_backend(pid)`,
        [filter.application ?? API_APPLICATION_NAME, filter.idleInTransaction ?? false, ADMIN_APPLICATION_NAME],
      );
      const rows = Array.isArray(result) ? (result.at(-1)?.rows ?? []) : result.rows;
      return { pids: rows.map((r) => r.pid), byApplicationName: rows.length === 0 || rows.some((r) => r.named) };
    },
    async query<R>(sql: string, params?: unknown[]) {
      const pool = await adminPool();
      const result = await pool.query<R>(sql, params);
      return Array.isArray(result) ? (result.at(-1)?.rows ?? []) : result.rows;
    },
    async ready(timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      let last: unknown;
      for (;;) {
        try {
          await within(cluster.query('SELECT 1'), Math.max(50, deadline - Date.now()), 'SELECT 1');
          return;
        } catch (e) {
          last = e;
          await closeAdmin(false);
        }
        if (Date.now() > deadline)
          throw new Error(`The cluster did not answer within ${timeoutMs} ms: ${(last as Error).message}`);
        await sleep(20);
      }
    },
    destroy() {
      destroyed ??= (async () => {
        await closeAdmin();
        thawNow();
        if (postmasterPid(dataDir)) {
          await pgCtl(['-m', 'immediate', '-w', '-t', '10', 'stop'], 'pg_ctl stop -m immediate').catch(() => {
            const pm = postmasterPid(dataDir);
            if (pm) {
              for (const pid of childrenOf(pm)) signal(pid, 'SIGKILL');
              signal(pm, 'SIGKILL');
            }
          });
        }
        forgetCleanUp(base);
        if (watcher) signal(watcher, 'SIGKILL');
        await rm(base, { recursive: true, force: true });
      })();
      return destroyed;
    },
  };
  return cluster;
}
