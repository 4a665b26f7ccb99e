/**
 * The API against a database that fails: the real API process on a throwaway PostgreSQL cluster
 * whose connections are ended, which is stopped and restarted, and frozen, under a steady load
 * (scripts/faults/fault-run.ts). Needs root or the postgres user and PostgreSQL 15's binaries;
 * skipped otherwise. Every expectation is soft, so one run reports everything that went wrong.
 */
import { describe, expect, it } from 'vitest';
import { formatFaults } from '../../../scripts/bench/bench-faults.ts';
import { runFaults } from '../../../scripts/faults/fault-run.ts';
import { summarize, type RequestRecord } from '../../../scripts/faults/fault-results.ts';
import { clusterAvailable } from '../../../scripts/faults/pg-run-as.ts';

const RECOVERY_MS = 2_000;

/** A request in a few words, for failure messages. */
const brief = (q: RequestRecord) =>
  `${q.kind} during "${q.phase}" at ${(q.startMs / 1000).toFixed(2)} s: ${q.status || q.error} after ${Math.round(q.latencyMs)} ms` +
  `${q.body ? ` ${q.body.slice(0, 120)}` : ''}`;

describe.skipIf(!clusterAvailable())('the API while its PostgreSQL server fails', () => {
  it('keeps answering, saves leads again within 2 s and loses none while its connections are killed and the server is stopped and frozen', async () => {
    const result = await runFaults({ log: (line) => console.log(line) });
    const summary = summarize(result);
    console.log(
      [
        '',
        ...formatFaults({ run: result, summary }),
        '',
        'The API printed:',
        ...result.apiOutput.map((l) => `  ${l}`),
      ].join('\n'),
    );
    const { requests, faults, settings, leads } = result;
    const during = (q: RequestRecord) => faults.some((f) => q.startMs <= f.backMs && q.endMs >= f.startedMs);

    expect.soft(result.exited, 'the API process exited').toBeUndefined();
    expect
      .soft(requests.filter((q) => q.status >= 500 && q.status !== 503).map(brief), 'answers with a 5xx other than 503')
      .toEqual([]);
    expect
      .soft(
        requests.filter((q) => q.status === 503 && !(q.retryAfter && q.errorShape)).map(brief),
        '503s without Retry-After or the { error: { status, message } } body',
      )
      .toEqual([]);
    expect
      .soft(
        requests.filter((q) => q.status !== 200 && q.status !== 503).map(brief),
        'requests answered neither 200 nor 503',
      )
      .toEqual([]);
    expect
      .soft(
        requests.filter((q) => during(q) && (q.status === 0 || q.latencyMs > settings.boundMs)).map(brief),
        `requests during a fault not answered within ${settings.boundMs} ms`,
      )
      .toEqual([]);

    const stop = faults.find((f) => f.name === 'stop');
    expect.soft(stop?.healthWhileDown.length, 'health checks answered while the server was stopped').toBeGreaterThan(0);
    expect
      .soft(
        stop?.healthWhileDown.filter((s) => s !== 503),
        'health answers other than 503 while the server was stopped',
      )
      .toEqual([]);
    expect.soft(stop?.healthyAgainMs, 'a 200 health answer after the server started again').toBeDefined();
    expect
      .soft(
        requests.filter((q) => q.kind === 'health' && q.phase === 'healthy to the end' && q.status !== 200).map(brief),
        'health answers other than 200 once the faults were over',
      )
      .toEqual([]);

    expect
      .soft(faults.map((f) => f.name))
      .toEqual(['kill idle in transaction', 'kill all connections', 'stop', 'freeze']);
    for (const f of faults) {
      expect
        .soft(f.recoveryMs, `ms to the first saved lead after "${f.name}" ended and the database answered`)
        .toBeLessThan(RECOVERY_MS);
    }

    expect.soft(leads.missing, 'leads acknowledged complete but not stored complete').toEqual([]);
    expect.soft(leads.unexplained, 'leads stored complete that no form session completed').toEqual([]);
    expect.soft(leads.wrongAnswers, 'final saves answered with another lead or status').toEqual([]);
    expect.soft(leads.duplicateSessions, 'form sessions stored as more than one lead').toBe(0);
    // A final save can be committed while its answer is lost; that lead is stored but unacknowledged.
    expect
      .soft(leads.storedComplete, 'stored complete leads against acknowledged ones (plus those whose answer was lost)')
      .toBe(leads.acknowledgedComplete + leads.completedUnacknowledged.length);
    expect.soft(leads.acknowledgedComplete, 'leads acknowledged complete').toBeGreaterThan(0);
  }, 120_000);
});
