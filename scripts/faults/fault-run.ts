/**
 * The fault run: the real API (src/api/server.ts in its own Node process) on a throwaway
 * PostgreSQL cluster (scripts/faults/pg-cluster.ts), under a steady load of lead form sessions,
 * health checks and searches, while the database is made to fail in four ways:
 *
 *   1. the API's connections ended while one is idle inside a transaction;
 *   2. all of the API's connections ended;
 *   3. the server stopped ('fast') for a few seconds, then started again;
 *   4. the server and its processes frozen (SIGSTOP) for longer than any answer may take, then thawed;
 *
 * then a healthy spell to the end. Every request is recorded (when it started, under which
 * fault, its status, latency, Retry-After and error shape), and afterwards the leads the cluster
 * holds are compared with the ones the API acknowledged. The caller judges the result
 * (tests/unit/api/api-chaos.test.ts, `npm run bench -- --only faults`).
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { saveBody, type Session } from '../bench/bench-leads-client.ts';
import { apiEnv, isErrorShape, send, startApi, stopApi, watchOrphan, type Answer } from './fault-api.ts';
import type {
  ChildExit,
  FaultName,
  FaultRecord,
  FaultRunResult,
  LeadCheck,
  RequestKind,
  RequestRecord,
} from './fault-results.ts';
import { sleep } from './processes.ts';
import { startCluster, type Cluster } from './pg-cluster.ts';

export interface FaultRunOptions {
  /** Lead form sessions in flight. */
  concurrency?: number;
  /** DATABASE_STATEMENT_TIMEOUT_MS of the API. */
  statementTimeoutMs?: number;
  /** DATABASE_CONNECT_TIMEOUT_MS of the API. */
  connectTimeoutMs?: number;
  /** What an answer may take beyond the two timeouts during a fault. */
  slackMs?: number;
  /** How long the server stays stopped. */
  stopMs?: number;
  /**
   * How long the server stays frozen; by default 2 s past the longest an answer may take, so a
   * request that waits for the server rather than for its timeouts shows as one over the bound.
   */
  freezeMs?: number;
  /** Healthy time before the first fault, between faults and at the end. */
  settleMs?: number;
  /** Pause of each load worker between two form sessions. */
  thinkMs?: number;
  log?: (line: string) => void;
}

interface SessionState extends Session {
  finalSent: boolean;
}

export async function runFaults(options: FaultRunOptions = {}): Promise<FaultRunResult> {
  const concurrency = options.concurrency ?? 4;
  const statementTimeoutMs = options.statementTimeoutMs ?? 2_000;
  const connectTimeoutMs = options.connectTimeoutMs ?? 2_000;
  const slackMs = options.slackMs ?? 3_000;
  const boundMs = statementTimeoutMs + connectTimeoutMs + slackMs;
  const stopMs = options.stopMs ?? 3_000;
  const freezeMs = options.freezeMs ?? boundMs + 2_000;
  const settleMs = options.settleMs ?? 2_500;
  const thinkMs = options.thinkMs ?? 20;
  // Long enough to tell a slow answer from none; a hang still ends the request.
  const requestTimeoutMs = boundMs + 5_000;
  const log = options.log ?? (() => {});
  const started = Date.now();

  let made: Cluster | undefined;
  let dataDir: string | undefined;
  // Switched off at the end, or when the run fails, so no load loop outlives it.
  let loading = true;
  const output: string[] = [];
  let child: ChildProcess | undefined;
  let stopping = false;
  let watcher: number | undefined;
  const killWatcher = () => {
    try {
      if (watcher) process.kill(watcher, 'SIGKILL');
    } catch {
      // Already gone.
    }
  };
  const killChild = () => {
    child?.kill('SIGKILL');
    killWatcher();
  };
  process.once('exit', killChild);
  try {
    const cluster = await startCluster();
    made = cluster;
    dataDir = await mkdtemp(path.join(tmpdir(), 'fault-run-'));
    const version =
      (await cluster.query<{ version: string }>(`SELECT current_setting('server_version') AS version`))[0]?.version ??
      'unknown';
    log(`  cluster: PostgreSQL ${version} on 127.0.0.1:${cluster.port}`);
    const api = await startApi(apiEnv(cluster.url, statementTimeoutMs, connectTimeoutMs), dataDir, output, 60_000);
    child = api.child;
    watcher = child.pid === undefined ? undefined : watchOrphan(child.pid, dataDir);
    const port = api.port;
    log(
      `  API on port ${port}, process ${child.pid}; statement timeout ${statementTimeoutMs} ms, connect timeout ${connectTimeoutMs} ms`,
    );

    const t0 = performance.now();
    const now = () => performance.now() - t0;
    let phase = 'before the faults';
    let exited: ChildExit | undefined;
    child.once('exit', (code, signal) => {
      if (stopping) return;
      exited = { code, signal, atMs: now(), phase };
      log(`  ✗ the API's process exited (code ${code}, signal ${signal}) during "${phase}"`);
    });

    const requests: RequestRecord[] = [];
    const call = async (kind: RequestKind, method: 'GET' | 'POST', urlPath: string, body?: string): Promise<Answer> => {
      const startMs = now();
      const at = phase;
      const a = await send(port, method, urlPath, body, requestTimeoutMs);
      const endMs = now();
      const errorShape = a.status === 503 ? isErrorShape(a.body, 503) : undefined;
      const unexpected = a.status !== 200 && !(a.status === 503 && a.retryAfter && errorShape);
      requests.push({
        kind,
        phase: at,
        startMs,
        endMs,
        latencyMs: endMs - startMs,
        status: a.status,
        retryAfter: a.retryAfter,
        errorShape,
        ...(a.error ? { error: a.error } : {}),
        ...(unexpected && a.body ? { body: a.body.slice(0, 300) } : {}),
      });
      return a;
    };
    const leadAnswer = (a: Answer): { lead_id: string; lead_status: string } | undefined => {
      if (a.status !== 200) return undefined;
      try {
        const parsed = JSON.parse(a.body) as { lead_id?: unknown; lead_status?: unknown };
        return typeof parsed.lead_id === 'string' && typeof parsed.lead_status === 'string'
          ? (parsed as { lead_id: string; lead_status: string })
          : undefined;
      } catch {
        return undefined;
      }
    };

    // The load: form sessions, health checks and searches until `loading` is switched off.
    const prefix = `faults-${randomBytes(5).toString('hex')}`;
    const sessions: SessionState[] = [];
    const acknowledged = new Set<string>();
    const wrongAnswers: string[] = [];
    let nextSession = 0;
    const newSession = (): SessionState => {
      const s: SessionState = { n: nextSession, key: `${prefix}-${nextSession}`, retry: false, finalSent: false };
      nextSession++;
      sessions.push(s);
      return s;
    };
    const runSession = async () => {
      const s = newSession();
      const partial = leadAnswer(await call('lead partial', 'POST', '/api/leads', saveBody(s, false)));
      if (!partial) return;
      s.leadId = partial.lead_id;
      // As the form does: the final save is sent again while the answer is a 503 or lost.
      for (let attempt = 0; attempt < 4; attempt++) {
        s.finalSent = true;
        const a = await call('lead final', 'POST', '/api/leads', saveBody(s, true));
        const final = leadAnswer(a);
        if (final) {
          if (final.lead_id === s.leadId && final.lead_status === 'Complete') {
            s.complete = true;
            acknowledged.add(s.leadId);
          } else
            wrongAnswers.push(
              `session ${s.key}: answered ${final.lead_id} ${final.lead_status}, not ${s.leadId} Complete`,
            );
          return;
        }
        if (a.status !== 503 && a.status !== 0) return;
        if (!loading) return;
        await sleep(300);
      }
    };
    const leadWorker = async () => {
      while (loading && !exited) {
        await runSession();
        await sleep(thinkMs);
      }
    };
    const every = async (ms: number, fn: () => Promise<unknown>) => {
      while (loading && !exited) {
        const next = performance.now() + ms;
        await fn();
        await sleep(Math.max(0, next - performance.now()));
      }
    };
    const searchBody = JSON.stringify({ requests: [{ indexName: 'cars', params: 'query=' }] });
    const load = Promise.all([
      ...Array.from({ length: concurrency }, () => leadWorker()),
      every(250, () => call('health', 'GET', '/api/health')),
      every(500, () => call('search', 'POST', '/api/search/1/indexes/cars/queries', searchBody)),
    ]);

    /** Partial saves of fresh sessions, one at a time, until one succeeds: how soon the API saves again. */
    const probe = async (until: number) => {
      while (performance.now() - t0 < until && !exited) {
        const a = await call('lead probe', 'POST', '/api/leads', saveBody(newSession(), false));
        if (leadAnswer(a)) return;
        await sleep(50);
      }
    };

    const faults: FaultRecord[] = [];
    const fault = async (name: FaultName, act: (f: FaultRecord) => Promise<void>) => {
      if (exited) return;
      phase = name;
      const f: FaultRecord = { name, startedMs: now(), endedMs: 0, backMs: 0, healthWhileDown: [] };
      faults.push(f);
      log(`  fault: ${name}`);
      await act(f);
      await cluster.ready(15_000);
      f.backMs = now();
      phase = `after ${name}`;
      const probing = probe(f.backMs + 15_000);
      await Promise.all([probing, sleep(settleMs)]);
    };

    await sleep(settleMs);

    await fault('kill idle in transaction', async (f) => {
      // The outbox worker's deliveries and the saves run transactions: catch one between statements.
      const until = performance.now() + 3_000;
      let ended = await cluster.terminateBackends({ idleInTransaction: true });
      while (!ended.pids.length && performance.now() < until) {
        await sleep(5);
        ended = await cluster.terminateBackends({ idleInTransaction: true });
      }
      f.caughtIdleInTransaction = ended.pids.length > 0;
      if (!ended.pids.length) ended = await cluster.terminateBackends();
      f.terminated = ended.pids.length;
      f.byApplicationName = ended.byApplicationName;
      f.endedMs = now();
    });

    await fault('kill all connections', async (f) => {
      const ended = await cluster.terminateBackends();
      f.terminated = ended.pids.length;
      f.byApplicationName = ended.byApplicationName;
      f.endedMs = now();
    });

    await fault('stop', async (f) => {
      await cluster.stop('fast');
      f.downMs = now();
      await sleep(stopMs);
      f.endedMs = now();
      await cluster.start();
    });

    await fault('freeze', async (f) => {
      await cluster.freeze();
      f.downMs = now();
      await sleep(freezeMs);
      f.endedMs = now();
      await cluster.thaw();
    });

    phase = 'healthy to the end';
    await sleep(settleMs);
    loading = false;
    await load;

    for (const f of faults) {
      f.recoveredMs = requests
        .filter((r) => r.kind.startsWith('lead') && r.status === 200 && r.endMs >= f.backMs)
        .reduce<number | undefined>((min, r) => (min === undefined || r.endMs < min ? r.endMs : min), undefined);
      f.recoveryMs = f.recoveredMs === undefined ? undefined : f.recoveredMs - f.backMs;
      if (f.downMs !== undefined) {
        f.healthWhileDown = requests
          .filter((r) => r.kind === 'health' && r.startMs >= f.downMs! && r.endMs <= f.endedMs)
          .map((r) => r.status);
      }
      f.healthyAgainMs = requests.find(
        (r) => r.kind === 'health' && r.status === 200 && r.startMs >= f.backMs,
      )?.startMs;
    }

    const leads = await checkLeads(cluster, prefix, sessions, acknowledged, wrongAnswers);
    log(
      `  ${requests.length} requests, ${leads.acknowledgedComplete} leads acknowledged complete, ${leads.storedComplete} stored complete`,
    );
    return {
      date: new Date(started).toISOString(),
      wallSeconds: (Date.now() - started) / 1000,
      settings: { concurrency, statementTimeoutMs, connectTimeoutMs, slackMs, boundMs, stopMs, freezeMs },
      server: `PostgreSQL ${version}, a throwaway cluster on 127.0.0.1:${cluster.port}`,
      requests: requests.sort((a, b) => a.startMs - b.startMs),
      faults,
      ...(exited ? { exited } : {}),
      leads,
      apiOutput: collapse(output).slice(-40),
    };
  } finally {
    loading = false;
    stopping = true;
    if (child) await stopApi(child);
    killWatcher();
    process.removeListener('exit', killChild);
    await made?.destroy();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  }
}

/** Lines in order of first appearance, a repeated one once with its count. */
function collapse(lines: string[]): string[] {
  const counts = new Map<string, number>();
  for (const line of lines) counts.set(line, (counts.get(line) ?? 0) + 1);
  return [...counts].map(([line, n]) => (n > 1 ? `${line} (×${n})` : line));
}

async function checkLeads(
  cluster: Cluster,
  prefix: string,
  sessions: SessionState[],
  acknowledged: Set<string>,
  wrongAnswers: string[],
): Promise<LeadCheck> {
  const rows = await cluster.query<{ id: string; idempotency_key: string; lead_status: string }>(
    'SELECT id, idempotency_key, lead_status FROM leads WHERE idempotency_key LIKE $1',
    [`${prefix}-%`],
  );
  const complete = rows.filter((r) => r.lead_status === 'Complete');
  const completeIds = new Set(complete.map((r) => r.id));
  const finalSent = new Set(sessions.filter((s) => s.finalSent && s.leadId).map((s) => s.leadId!));
  const perKey = new Map<string, number>();
  for (const r of rows) perKey.set(r.idempotency_key, (perKey.get(r.idempotency_key) ?? 0) + 1);
  const outboxRows =
    (
      await cluster.query<{ n: number }>('SELECT count(*)::int AS n FROM outbox WHERE lead_id = ANY($1::uuid[])', [
        [...completeIds],
      ])
    )[0]?.n ?? 0;
  return {
    sessions: sessions.length,
    acknowledgedComplete: acknowledged.size,
    storedComplete: complete.length,
    missing: [...acknowledged].filter((id) => !completeIds.has(id)),
    completedUnacknowledged: complete.filter((r) => !acknowledged.has(r.id) && finalSent.has(r.id)).map((r) => r.id),
    unexplained: complete.filter((r) => !acknowledged.has(r.id) && !finalSent.has(r.id)).map((r) => r.id),
    duplicateSessions: [...perKey.values()].filter((n) => n > 1).length,
    outboxRows,
    expectedOutboxRows: complete.length,
    wrongAnswers,
  };
}
