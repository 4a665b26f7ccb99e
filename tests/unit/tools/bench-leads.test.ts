/**
 * The lead-save load run of `npm run bench` (scripts/bench/bench-leads.ts), small: every save is
 * answered, and the database holds exactly the leads the API acknowledged, complete where it said
 * so, with one outbox row each. No timing is asserted. On PostgreSQL too when TEST_DATABASE_URL is set.
 */
import { describe, expect, it } from 'vitest';
import { runLeadLoad, type LeadDatabase } from '../../../scripts/bench/bench-leads.ts';

const url = process.env.TEST_DATABASE_URL;
const databases: { label: string; database: LeadDatabase }[] = [
  { label: 'PGlite', database: { kind: 'pglite' } },
  ...(url ? [{ label: 'PostgreSQL', database: { kind: 'postgres' as const, url, poolMax: 4 } }] : []),
];

describe.each(databases)('the lead-save bench on $label', ({ label, database }) => {
  it('stores exactly the acknowledged leads, complete, with one outbox row each', async () => {
    const r = await runLeadLoad({ database, saves: 60, concurrency: 8, warmupSaves: 10 });
    expect(r.database).toBe(label);
    expect(r.errors, r.errorSamples.join('\n')).toBe(0);
    expect(r.stoppedEarly).toBe(false);
    expect(r.check.problems).toEqual([]);
    expect(r.check.ok).toBe(true);
    // 60 saves: sessions of 2 saves, every tenth with a third (its final save again).
    expect(r.saves).toBeGreaterThanOrEqual(60);
    expect(r.saves).toBeLessThanOrEqual(62);
    // Warm-up sessions are left out of the timings but not out of the check.
    expect(r.check.acknowledged).toBe(r.sessions + 5);
    expect(r.check.stored).toBe(r.check.acknowledged);
    expect(r.check.storedComplete).toBe(r.check.acknowledgedComplete);
    expect(r.check.acknowledgedComplete).toBe(r.check.acknowledged);
    expect(r.check.outboxRows).toBe(r.check.expectedOutboxRows);
    expect(r.check.outboxRows).toBe(r.check.storedComplete);
    expect(r.latencyMs.p50).toBeLessThanOrEqual(r.latencyMs.p99);
    expect(r.latencyMs.p99).toBeLessThanOrEqual(r.latencyMs.max);
  }, 120_000);
});
