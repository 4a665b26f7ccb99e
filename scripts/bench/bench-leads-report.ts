/** The lead-save part of `npm run bench`: what it reports, its targets, and its printed section. */
import type { LeadLoadResult } from './bench-leads.ts';
import { ms, table, type Target } from './bench-report.ts';

export interface LeadRun extends LeadLoadResult {
  /** 1-minute load average when this database's run started (before its warm-up) and ended. */
  loadAverage: { start: number; end: number };
}

export interface LeadsReport {
  /** Saves measured per database (warm-up excluded). */
  saves: number;
  warmupSaves: number;
  /** Saves in flight at any time. */
  concurrency: number;
  /** The API's PostgreSQL pool size; undefined: the API's default. */
  poolMax?: number;
  runs: LeadRun[];
  /** Databases not measured on purpose, and why (no PostgreSQL URL). */
  skipped: { database: LeadLoadResult['database']; reason: string }[];
  /** Databases whose run crashed (the bench then exits 1). */
  failed: { database: LeadLoadResult['database']; error: string }[];
}

export const LEAD_TARGET = { savesPerSecond: 1000, p99Ms: 50 } as const;

/** CPU of processes other than the bench's and the server's during the measured saves: what disturbed the run. */
export function othersCpuSeconds(r: LeadLoadResult): number | undefined {
  if (!r.machineCpu || (r.database === 'PostgreSQL' && r.serverCpuSeconds === undefined)) return undefined;
  return Math.max(0, r.machineCpu.busySeconds - r.cpuSeconds - (r.serverCpuSeconds ?? 0));
}

/** Acknowledged against stored, in a few words. */
function checkValue(r: LeadLoadResult): string {
  const c = r.check;
  return (
    `${c.stored} stored / ${c.acknowledged} acknowledged, ${c.storedComplete} / ${c.acknowledgedComplete} complete, ` +
    `${c.outboxRows} / ${c.expectedOutboxRows} outbox rows`
  );
}

export function evaluateLeadTargets(leads: LeadsReport, cores: number): Target[] {
  const pg = leads.runs.find((r) => r.database === 'PostgreSQL');
  const why =
    leads.skipped.find((x) => x.database === 'PostgreSQL')?.reason ??
    leads.failed.find((x) => x.database === 'PostgreSQL')?.error;
  const notes = (r: LeadRun) => {
    const out: string[] = [];
    if (r.errors) out.push(`${r.errors} saves failed`);
    if (r.stoppedEarly) out.push('the time limit stopped the run early');
    if (cores !== 2) out.push(`the target is for 2 cores; this machine has ${cores}`);
    const others = othersCpuSeconds(r);
    if (others !== undefined && r.machineCpu) {
      const share = others / r.machineCpu.capacitySeconds;
      if (share >= 0.05) out.push(`other programs used ${Math.round(share * 100)}% of the cores during the run`);
    } else if (r.loadAverage.start >= 1)
      out.push(`the machine may have been busy: 1-minute load average ${r.loadAverage.start.toFixed(2)} at start`);
    return out.length ? out.join('; ') : undefined;
  };
  const out: Target[] = [
    pg
      ? {
          name: `PostgreSQL ≥ ${LEAD_TARGET.savesPerSecond} saves/s`,
          pass: pg.savesPerSecond >= LEAD_TARGET.savesPerSecond && pg.errors === 0 && !pg.stoppedEarly,
          value: `${Math.round(pg.savesPerSecond)} saves/s at ${pg.concurrency} in flight`,
          note: notes(pg),
        }
      : { name: `PostgreSQL ≥ ${LEAD_TARGET.savesPerSecond} saves/s`, pass: false, value: 'not measured', note: why },
    pg
      ? {
          name: `PostgreSQL p99 < ${LEAD_TARGET.p99Ms} ms`,
          pass: pg.latencyMs.p99 < LEAD_TARGET.p99Ms && pg.errors === 0,
          value: `${ms(pg.latencyMs.p99)} ms`,
          note: notes(pg),
        }
      : { name: `PostgreSQL p99 < ${LEAD_TARGET.p99Ms} ms`, pass: false, value: 'not measured', note: why },
  ];
  for (const r of leads.runs) {
    out.push({
      name: `${r.database}: stored leads equal acknowledged leads`,
      pass: r.check.ok,
      value: checkValue(r),
      note: r.check.problems.length ? r.check.problems.join('; ') : undefined,
    });
  }
  for (const f of leads.failed) {
    out.push({
      name: `${f.database}: stored leads equal acknowledged leads`,
      pass: false,
      value: 'the run crashed',
      note: f.error,
    });
  }
  return out;
}

export function formatLeads(leads: LeadsReport): string[] {
  const out = [
    `Lead saves: POST /api/leads over HTTP on 127.0.0.1 (the fixture dealer's two-step form: a partial save, then the final save;`,
    `every tenth session repeats its final save), ${leads.saves} saves per database after ${leads.warmupSaves} warm-up saves, ` +
      `${leads.concurrency} in flight${leads.poolMax ? `, PostgreSQL pool of ${leads.poolMax}` : ''}:`,
  ];
  if (leads.runs.length) {
    out.push(
      ...table(
        [
          'database',
          'saves',
          'saves/s',
          'p50 ms',
          'p95 ms',
          'p99 ms',
          'max ms',
          'errors',
          'wall s',
          'CPU s',
          'server CPU s',
          'others CPU s',
          'load avg',
        ],
        leads.runs.map((r) => {
          const others = othersCpuSeconds(r);
          return [
            r.database,
            String(r.saves),
            String(Math.round(r.savesPerSecond)),
            ms(r.latencyMs.p50),
            ms(r.latencyMs.p95),
            ms(r.latencyMs.p99),
            ms(r.latencyMs.max),
            String(r.errors),
            r.wallSeconds.toFixed(2),
            r.cpuSeconds.toFixed(2),
            r.serverCpuSeconds === undefined ? '–' : r.serverCpuSeconds.toFixed(2),
            others === undefined ? '–' : others.toFixed(2),
            `${r.loadAverage.start.toFixed(2)} → ${r.loadAverage.end.toFixed(2)}`,
          ];
        }),
      ),
    );
    out.push(
      '',
      'Check, after the run (warm-up included): every lead the API acknowledged is stored, no other; complete where it said so;',
      'one outbox row per completed lead (one destination).',
      ...table(
        [
          'database',
          'acknowledged',
          'stored',
          'complete: acknowledged',
          'complete: stored',
          'outbox rows',
          'expected',
          'result',
        ],
        leads.runs.map((r) => [
          r.database,
          String(r.check.acknowledged),
          String(r.check.stored),
          String(r.check.acknowledgedComplete),
          String(r.check.storedComplete),
          String(r.check.outboxRows),
          String(r.check.expectedOutboxRows),
          r.check.ok ? 'ok' : 'PROBLEMS',
        ]),
      ),
    );
    for (const r of leads.runs) {
      for (const p of r.check.problems) out.push(`  ${r.database}: ${p}`);
      if (r.errorSamples.length) {
        out.push(
          `  ${r.database}: failed saves (${r.errors} of them measured, the rest warm-up), e.g. ${r.errorSamples.join(' | ')}`,
        );
      }
      if (r.stoppedEarly) out.push(`  ${r.database}: the time limit stopped the run after ${r.sessions} sessions`);
    }
    out.push(
      '',
      ...leads.runs.map((r) =>
        r.database === 'PostgreSQL'
          ? `PostgreSQL: ${r.server}, a throwaway schema; ${r.poolMax ? `API pool of ${r.poolMax} connections` : "the API's default pool size"}.`
          : "PGlite: in the API's process, in a temporary data folder.",
      ),
    );
  }
  for (const x of leads.skipped) out.push(`${x.database}: not measured (${x.reason}).`);
  for (const x of leads.failed) out.push(`${x.database}: the run crashed: ${x.error}`);
  out.push(
    "Latency is request sent to answer read by the load client, in a worker thread of the API's process. CPU s is that",
    "process's user + system time (API, load client, and PGlite when it is the database); server CPU s is that of the PostgreSQL",
    "processes serving the API's pool (when the server runs on this machine); others CPU s is the rest of the machine's",
    'busy time during the measured saves: other programs competing for the cores. All over the measured saves only.',
  );
  return out;
}
