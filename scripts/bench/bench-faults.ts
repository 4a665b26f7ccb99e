/**
 * The fault part of `npm run bench` (scripts/faults/fault-run.ts): the real API on a throwaway
 * PostgreSQL cluster whose connections are ended, which is stopped and restarted, and frozen,
 * under a steady load of lead form sessions, health checks and searches. What it reports, its
 * targets and its printed section.
 */
import { runFaults } from '../faults/fault-run.ts';
import { summarize, type FaultRunResult, type FaultSummary } from '../faults/fault-results.ts';
import { ClusterStartError } from '../faults/pg-cluster.ts';
import { clusterUnavailableReason } from '../faults/pg-run-as.ts';
import { ms, table, type Target } from './bench-report.ts';

export const FAULT_TARGET = { recoveryMs: 2_000 } as const;

export interface FaultsReport {
  /** Why the part did not run (no cluster can be made on this machine). */
  skipped?: string;
  /** The run crashed (the bench then exits 1). */
  failed?: string;
  /** The run, without its request-by-request records. */
  run?: Omit<FaultRunResult, 'requests'>;
  summary?: FaultSummary;
}

export async function benchFaults(log: (line: string) => void): Promise<FaultsReport> {
  const unavailable = clusterUnavailableReason();
  if (unavailable) {
    log(`  skipped: ${unavailable}`);
    return { skipped: unavailable };
  }
  try {
    const result = await runFaults({ log });
    const { requests: _requests, ...run } = result;
    return { run, summary: summarize(result) };
  } catch (e) {
    if (e instanceof ClusterStartError) {
      log(`  skipped: ${e.message}`);
      return { skipped: e.message };
    }
    log(`  ✗ the fault run crashed: ${(e as Error).stack ?? String(e)}`);
    return { failed: (e as Error).message ?? String(e) };
  }
}

const seconds = (msValue: number) => (msValue / 1000).toFixed(1);

export function evaluateFaultTargets(r: FaultsReport): Target[] {
  if (r.failed)
    return [
      { name: 'faults: the API survives database faults', pass: false, value: 'the run crashed', note: r.failed },
    ];
  if (!r.run || !r.summary) return [];
  const s = r.summary;
  const leads = r.run.leads;
  const lost = leads.completedUnacknowledged.length;
  return [
    {
      name: 'faults: no 5xx other than 503',
      pass: s.otherServerErrors === 0,
      value: `${s.otherServerErrors} of ${s.requests} answers`,
    },
    {
      name: 'faults: every 503 has Retry-After and the error body',
      pass: s.bad503 === 0,
      value: `${s.bad503} of ${s.status503} without`,
    },
    {
      name: `faults: every request during a fault answered within ${seconds(r.run.settings.boundMs)} s`,
      pass: s.overBound === 0,
      value: `${s.overBound} of ${s.duringOutages} late or unanswered, slowest ${ms(s.maxOutageLatencyMs)} ms`,
    },
    {
      name: `faults: lead saves succeed again within ${seconds(FAULT_TARGET.recoveryMs)} s of the database's return`,
      pass: s.maxRecoveryMs !== undefined && s.maxRecoveryMs < FAULT_TARGET.recoveryMs,
      value: s.faults
        .map((f) => `${f.fault} ${f.recoveryMs === undefined ? 'never' : `${ms(f.recoveryMs)} ms`}`)
        .join(', '),
    },
    {
      name: 'faults: stored complete leads equal acknowledged ones',
      pass: s.leadsOk,
      value: `${leads.storedComplete} stored / ${leads.acknowledgedComplete} acknowledged`,
      note:
        [
          leads.missing.length ? `${leads.missing.length} acknowledged but not stored complete` : '',
          leads.unexplained.length ? `${leads.unexplained.length} stored complete that no session completed` : '',
          leads.duplicateSessions ? `${leads.duplicateSessions} form sessions stored twice` : '',
          leads.wrongAnswers.length ? `${leads.wrongAnswers.length} final saves answered with another lead` : '',
          lost ? `${lost} completed whose answer was lost (allowed)` : '',
        ]
          .filter(Boolean)
          .join('; ') || undefined,
    },
    {
      name: 'faults: the API process never exits',
      pass: !s.crashed,
      value: r.run.exited
        ? `exited at ${seconds(r.run.exited.atMs)} s during "${r.run.exited.phase}" (code ${r.run.exited.code}, signal ${r.run.exited.signal})`
        : '0 exits',
    },
  ];
}

export function formatFaults(r: FaultsReport): string[] {
  if (r.skipped) return [`Database faults: skipped, ${r.skipped}.`];
  if (r.failed) return [`Database faults: the run crashed: ${r.failed}`];
  if (!r.run || !r.summary) return [];
  const { run, summary: s } = r;
  const set = run.settings;
  const byName = new Map(run.faults.map((f) => [f.name, f]));
  const out = [
    `Database faults: the API (src/api/server.ts, its own process) on ${run.server}; ${set.concurrency} form sessions in flight,`,
    `a health check every 250 ms and a search every 500 ms; statement timeout ${set.statementTimeoutMs} ms, connect timeout ${set.connectTimeoutMs} ms,`,
    `so an answer during a fault may take ${seconds(set.boundMs)} s at most. ${seconds(run.wallSeconds * 1000)} s in all.`,
    ...table(
      [
        'fault',
        'at s',
        'back at s',
        'requests',
        '503s',
        'other 5xx',
        'no answer',
        'slowest ms',
        'health while down',
        'recovery ms',
      ],
      s.faults.map((f) => {
        const rec = byName.get(f.fault)!;
        const health =
          rec.downMs === undefined
            ? '–'
            : rec.healthWhileDown.length
              ? `${rec.healthWhileDown.filter((x) => x === 503).length}/${rec.healthWhileDown.length} × 503`
              : 'none answered';
        return [
          f.fault,
          seconds(rec.startedMs),
          seconds(rec.backMs),
          String(f.requests),
          String(f.status503),
          String(f.otherServerErrors),
          String(f.noAnswer),
          ms(f.maxLatencyMs),
          health,
          f.recoveryMs === undefined ? 'never' : ms(f.recoveryMs),
        ];
      }),
    ),
    '',
    `Requests: ${s.requests}, ${s.duringOutages} during the faults; ${s.status503} answered 503 (${s.bad503} without Retry-After or the error body), ` +
      `${s.otherServerErrors} another 5xx, ${s.noAnswer} no answer; slowest during the faults ${ms(s.maxOutageLatencyMs)} ms, ${s.overBound} over the bound.`,
    `Health: ${s.healthWhileStopped.status503} of ${s.healthWhileStopped.answers} checks answered 503 while the server was stopped; ` +
      `${s.healthAtEnd.status200} of ${s.healthAtEnd.answers} answered 200 at the end.`,
    `Leads: ${run.leads.sessions} form sessions; ${run.leads.acknowledgedComplete} acknowledged complete, ${run.leads.storedComplete} stored complete ` +
      `(${run.leads.missing.length} missing, ${run.leads.completedUnacknowledged.length} completed with the answer lost, ${run.leads.unexplained.length} unexplained, ` +
      `${run.leads.duplicateSessions} sessions stored twice); ${run.leads.outboxRows} outbox rows for ${run.leads.expectedOutboxRows} expected.`,
    run.exited
      ? `The API's process exited at ${seconds(run.exited.atMs)} s during "${run.exited.phase}" (code ${run.exited.code}, signal ${run.exited.signal}).`
      : "The API's process kept running throughout.",
  ];
  const other = Object.entries(s.unexpected).map(([status, n]) => `${n} × ${status === '0' ? 'no answer' : status}`);
  if (other.length) out.push(`Answers other than 200 and 503: ${other.join(', ')}.`);
  const kill = byName.get('kill idle in transaction');
  if (kill && !kill.caughtIdleInTransaction)
    out.push('No backend was caught idle in a transaction within 3 s: that fault ended every connection instead.');
  if (kill && kill.byApplicationName === false)
    out.push(
      "No backend carried the API's application_name: the kill faults ended every other backend of the database.",
    );
  return out;
}
