/**
 * The lead-save load run of `npm run bench`: one database (PGlite in a temporary folder, or a
 * throwaway schema of a PostgreSQL server), migrated, behind the real API and Node http server
 * on 127.0.0.1, receiving a bounded number of saves over HTTP with a fixed number in flight
 * from a load client in its own worker thread (scripts/bench/bench-leads-client.ts).
 *
 * Each form session is the fixture dealer's two-step "Find me a car" form: a partial save after
 * the first step, then the final save with the lead_id it returned; every tenth session repeats
 * its final save, as a browser retrying a lost answer does. Afterwards the database must hold
 * exactly the leads the API acknowledged, complete where it said so, with one outbox row per
 * destination of each completed lead.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import { Worker } from 'node:worker_threads';
import type { AddressInfo } from 'node:net';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { createApp } from '../../src/api/app.ts';
import { migrate } from '../../src/api/db/migrate.ts';
import type { ApiDeps, Db, Destination } from '../../src/api/core/deps.ts';
import { serveFetch } from '../../src/api/node-adapter.ts';
import { loadDealers, type DealerContent } from '../../src/content/load.ts';
import { projectRoot } from './bench-run.ts';
import { openBenchDatabase, type BenchDatabase } from './bench-db.ts';
import { plan, type ClientResult, type ClientRun, type ClientSetup, type Session } from './bench-leads-client.ts';

export type LeadDatabase = BenchDatabase;

export interface LeadLoadOptions {
  database: LeadDatabase;
  /** Saves to measure (a session is 2 saves, 3 with its retry). */
  saves: number;
  /** Saves in flight at any time. */
  concurrency?: number;
  /** Saves sent first and left out of the timings (they still count in the check). */
  warmupSaves?: number;
  /** No new session starts after this long. */
  timeLimitMs?: number;
  requestTimeoutMs?: number;
  log?: (line: string) => void;
}

export interface LeadCheck {
  ok: boolean;
  /** Sessions whose first save answered with a lead_id. */
  acknowledged: number;
  /** Leads in the database. */
  stored: number;
  acknowledgedComplete: number;
  storedComplete: number;
  outboxRows: number;
  expectedOutboxRows: number;
  problems: string[];
}

export interface LeadLoadResult {
  database: 'PGlite' | 'PostgreSQL';
  /** "PostgreSQL 15.2 at 127.0.0.1:5432/test" (no credentials), or "PGlite in a temporary folder". */
  server: string;
  /** The API's connection pool size (PostgreSQL); undefined: the API's default. */
  poolMax?: number;
  concurrency: number;
  /** Measured saves answered (errors included); warm-up excluded. */
  saves: number;
  sessions: number;
  warmupSaves: number;
  wallSeconds: number;
  savesPerSecond: number;
  /** User + system CPU of this process (API, client, and PGlite when it is the database). */
  cpuSeconds: number;
  /**
   * User + system CPU of the PostgreSQL server processes serving the API's pool, when the server
   * runs on this machine (read from /proc); undefined otherwise.
   */
  serverCpuSeconds?: number;
  /** Busy CPU time of the whole machine during the measured saves (Linux, /proc/stat), out of wall s × cores. */
  machineCpu?: { busySeconds: number; capacitySeconds: number };
  latencyMs: { p50: number; p95: number; p99: number; max: number };
  errors: number;
  errorSamples: string[];
  /** The time limit stopped the run before every planned session ran. */
  stoppedEarly: boolean;
  check: LeadCheck;
}

const cpus = availableParallelism();

/** Nearest-rank percentile of sorted values. */
function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/** Clock ticks per second of /proc figures (USER_HZ: 100 on Linux). */
const TICKS = 100;

/** user + system ticks of each PostgreSQL process in `pids` still running, from /proc (empty off Linux). */
async function processTicks(pids: number[]): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  for (const pid of pids) {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => undefined);
    // Fields after the command name (which may hold spaces): state is the 3rd, utime the 14th, stime the 15th.
    if (!stat || stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')) !== 'postgres') continue;
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (fields.length > 13) out.set(pid, Number(fields[11]) + Number(fields[12]));
  }
  return out;
}

/** Busy and total ticks of all CPUs (first line of /proc/stat); undefined off Linux. */
async function machineTicks(): Promise<{ busy: number; total: number } | undefined> {
  const line = (await readFile('/proc/stat', 'utf8').catch(() => ''))?.split('\n')[0] ?? '';
  if (!line.startsWith('cpu ')) return undefined;
  const n = line.trim().split(/\s+/).slice(1, 9).map(Number);
  const total = n.reduce((a, x) => a + x, 0);
  return { busy: total - n[3]! - n[4]!, total };
}

/** The server's own CPU for the pool's connections: their pids, seen through pg_stat_activity. */
async function serverTicks(db: Db, application: string | undefined): Promise<Map<number, number> | undefined> {
  if (!application) return undefined;
  const { rows } = await db.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE application_name = $1', [
    application,
  ]);
  const ticks = await processTicks(rows.map((r) => r.pid));
  return ticks.size ? ticks : undefined;
}

/** What the database holds against what the API acknowledged. */
async function check(db: Db, sessions: Session[], destinations: number, problems: string[]): Promise<LeadCheck> {
  const { rows } = await db.query<{ id: string; lead_status: string }>('SELECT id, lead_status FROM leads', []);
  const stored = new Map(rows.map((r) => [r.id, r.lead_status]));
  const acked = sessions.filter((s) => s.leadId);
  const complete = acked.filter((s) => s.complete);
  const note = (what: string, ids: string[]) => {
    if (ids.length) problems.push(`${ids.length} ${what}, e.g. ${ids.slice(0, 3).join(', ')}`);
  };
  note(
    'acknowledged leads are not stored',
    acked.filter((s) => !stored.has(s.leadId!)).map((s) => s.leadId!),
  );
  note(
    'leads acknowledged as complete are not Complete',
    complete.filter((s) => stored.get(s.leadId!) !== 'Complete').map((s) => s.leadId!),
  );
  const ackedIds = new Set(acked.map((s) => s.leadId!));
  note(
    'stored leads were never acknowledged',
    rows.filter((r) => !ackedIds.has(r.id)).map((r) => r.id),
  );
  const storedComplete = rows.filter((r) => r.lead_status === 'Complete').length;
  if (ackedIds.size !== acked.length)
    problems.push(`${acked.length - ackedIds.size} sessions were given another session's lead_id`);
  const box = await db.query<{ lead_id: string; n: number }>(
    'SELECT lead_id, count(*)::int AS n FROM outbox GROUP BY lead_id',
    [],
  );
  const perLead = new Map(box.rows.map((b) => [b.lead_id, b.n]));
  const outboxRows = box.rows.reduce((a, r) => a + r.n, 0);
  note(
    `completed leads do not have exactly ${destinations} outbox row(s)`,
    rows.filter((r) => r.lead_status === 'Complete' && perLead.get(r.id) !== destinations).map((r) => r.id),
  );
  const expectedOutboxRows = storedComplete * destinations;
  if (outboxRows !== expectedOutboxRows)
    problems.push(`${outboxRows} outbox rows for ${storedComplete} completed leads × ${destinations} destination(s)`);
  if (rows.length !== acked.length) problems.push(`${rows.length} leads stored, ${acked.length} acknowledged`);
  return {
    ok: !problems.length,
    acknowledged: acked.length,
    stored: rows.length,
    acknowledgedComplete: complete.length,
    storedComplete,
    outboxRows,
    expectedOutboxRows,
    problems,
  };
}

export async function runLeadLoad(options: LeadLoadOptions): Promise<LeadLoadResult> {
  const concurrency = options.concurrency ?? 32;
  const warmupSaves = options.warmupSaves ?? 0;
  const deadline = Date.now() + (options.timeLimitMs ?? 120_000);
  const timeoutMs = options.requestTimeoutMs ?? 10_000;
  const label = options.database.kind === 'pglite' ? 'PGlite' : 'PostgreSQL';
  const loaded = await loadDealers(path.join(projectRoot, 'tests', 'fixtures', 'dealers'));
  if (loaded.errors.length) throw new Error(`The fixture dealers do not load: ${JSON.stringify(loaded.errors)}`);
  const dealers: DealerContent[] = loaded.dealers;
  const dir = await mkdtemp(path.join(tmpdir(), 'bench-leads-'));
  const destination: Destination = { kind: 'file', dir: path.join(dir, 'deliveries') };
  const {
    db,
    server: serverName,
    application,
    drop,
  } = await openBenchDatabase(options.database, dir, 'bench_leads', { nameConnections: true }).catch(
    async (e: unknown) => {
      await rm(dir, { recursive: true, force: true });
      throw e;
    },
  );
  const server = createServer();
  let client: Worker | undefined;
  try {
    await migrate(db);
    const unused = () => Promise.reject(new Error('the lead bench sends no finance applications'));
    const deps: ApiDeps = {
      db,
      dealers,
      now: () => new Date(),
      financeProvider: { apply: unused, dealershipIdForLocation: unused },
      destinations: () => [destination],
      // Every save comes from 127.0.0.1 to one site: the usual limits would refuse most of them.
      // One address sends every save: the limits are lifted, but each save is still counted.
      rateLimits: { perIp: { max: 1e9, windowMs: 60_000 }, perSite: { max: 1e9, windowMs: 60_000 } },
    };
    const app = createApp(deps);
    server.on(
      'request',
      (req, res) => void serveFetch(req, res, app.fetch, `http://${req.headers.host ?? '127.0.0.1'}`),
    );
    await new Promise<void>((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;

    const setup: ClientSetup = { port, concurrency, timeoutMs, deadline };
    const worker = new Worker(new URL('./bench-leads-client.ts', import.meta.url), {
      workerData: { benchLeadsClient: setup },
    });
    client = worker;
    worker.unref();
    const run = (batch: ClientRun) =>
      new Promise<ClientResult>((resolve, reject) => {
        const onError = (e: Error) => reject(e);
        worker.once('error', onError);
        worker.once('message', (m: ClientResult | { crashed: string }) => {
          worker.off('error', onError);
          if ('crashed' in m) reject(new Error(`the load client crashed: ${m.crashed}`));
          else resolve(m);
        });
        worker.postMessage(batch);
      });

    const prefix = `bench-${randomBytes(6).toString('hex')}`;
    const warmupPlan = plan(warmupSaves, prefix, 0);
    const measuredPlan = plan(options.saves, prefix, warmupPlan.length);
    options.log?.(
      `  ${label}: ${warmupSaves ? `${warmupSaves} warm-up saves, then ` : ''}${options.saves} saves, ${concurrency} in flight, http://127.0.0.1:${port}/api/leads`,
    );
    const warm = await run({ sessions: warmupPlan, record: false });
    const serverStart = await serverTicks(db, application).catch(() => undefined);
    const machineStart = await machineTicks();
    const cpuStart = process.cpuUsage();
    const measured = await run({ sessions: measuredPlan, record: true });
    const cpu = process.cpuUsage(cpuStart);
    const machineEnd = await machineTicks();
    const serverEnd = serverStart && (await serverTicks(db, application).catch(() => undefined));
    const wallSeconds = measured.wallSeconds;
    const latencies = measured.latencies;
    const stoppedEarly = warm.stoppedEarly || measured.stoppedEarly;
    const problems = [...warm.problems, ...measured.problems];
    const errors = [...warm.errors, ...measured.errors];
    const warmErrors = warm.errors.length;
    const ran = measured.started;
    // A connection opened during the run counts from zero; one closed during it is lost (the pool keeps them while busy).
    const serverCpuSeconds =
      serverEnd && [...serverEnd].reduce((a, [pid, t]) => a + t - (serverStart.get(pid) ?? 0), 0) / TICKS;
    const machineCpu =
      machineStart && machineEnd && machineEnd.total > machineStart.total
        ? {
            busySeconds:
              ((machineEnd.busy - machineStart.busy) / (machineEnd.total - machineStart.total)) * wallSeconds * cpus,
            capacitySeconds: wallSeconds * cpus,
          }
        : undefined;

    const sorted = [...latencies].sort((a, b) => a - b);
    if (warmErrors) problems.push(`${warmErrors} warm-up saves failed`);
    return {
      database: label,
      server: serverName,
      poolMax: options.database.kind === 'postgres' ? options.database.poolMax : undefined,
      concurrency,
      saves: latencies.length,
      sessions: ran,
      warmupSaves,
      wallSeconds,
      savesPerSecond: latencies.length / wallSeconds,
      cpuSeconds: (cpu.user + cpu.system) / 1e6,
      serverCpuSeconds,
      machineCpu,
      latencyMs: {
        p50: percentile(sorted, 50),
        p95: percentile(sorted, 95),
        p99: percentile(sorted, 99),
        max: sorted.at(-1) ?? 0,
      },
      errors: errors.length - warmErrors,
      errorSamples: [...new Set(errors)].slice(0, 5),
      stoppedEarly,
      check: await check(db, [...warm.sessions, ...measured.sessions], 1, problems),
    };
  } finally {
    client?.postMessage('close');
    await client?.terminate();
    server.close();
    server.closeAllConnections();
    await drop().catch((e: Error) => options.log?.(`  could not clean up the ${label} database: ${e.message}`));
    await rm(dir, { recursive: true, force: true });
  }
}
