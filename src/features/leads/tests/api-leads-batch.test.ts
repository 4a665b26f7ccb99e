/**
 * Grouped lead saves (src/features/leads/server/batch.ts, saveLeads in src/features/leads/server/store.ts) on PGlite and,
 * when TEST_DATABASE_URL is set, PostgreSQL: several form sessions in one statement, each answered
 * as if alone; a save that would fail the group fails alone; a session's second save waits for
 * the next statement.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db, Destination } from '../../../api/core/deps.ts';
import { leadSaver } from '../server/batch.ts';
import { SAVE_SQL, saveLeads, type LeadSave, type LeadWrite } from '../server/store.ts';
import { testDatabases, type TestDb } from '../../../../tests/helpers/db.ts';

const HOOK: Destination = { kind: 'webhook', url: 'http://127.0.0.1:9/hook', secret: 's' };

function write(key: string, over: Partial<LeadWrite> = {}): LeadWrite {
  return {
    siteSlug: 'mini-motors',
    idempotencyKey: key,
    isLastStep: false,
    pageId: '3',
    blockId: 'car-finder',
    step: 'about',
    values: { first_name: 'Ada', email: 'ada@example.com' },
    stepValues: { first_name: 'Ada' },
    tracking: {},
    now: new Date('2026-01-05T10:00:00Z'),
    ...over,
  };
}
const save = (w: LeadWrite, destinations: Destination[] = [HOOK]): LeadSave => ({
  write: w,
  completion: { destinations },
});

describe.each(testDatabases)('grouped lead saves on $label', (database) => {
  let t: TestDb;
  /** Statements of several saves sent since the last reset. */
  let grouped = 0;
  let failWhen: ((params: unknown[] | undefined) => boolean) | undefined;
  let db: Db;

  beforeAll(async () => {
    t = await database.open();
    db = {
      parallel: true,
      query: async (sql, params) => {
        if (sql === SAVE_SQL) grouped++;
        if (failWhen?.(params)) throw new Error('the server refused this statement');
        return t.db.query(sql, params);
      },
      transaction: (fn) => t.db.transaction(fn),
      close: async () => {},
    };
  });
  afterAll(() => t.cleanup());
  beforeEach(() => {
    grouped = 0;
    failWhen = undefined;
  });

  const lead = async (id: string) =>
    (await t.db.query<Record<string, any>>('SELECT * FROM leads WHERE id = $1', [id])).rows[0]!;
  const outbox = async (id: string) => (await t.db.query('SELECT * FROM outbox WHERE lead_id = $1', [id])).rows;

  it('answers every save of one statement as if it had been alone', async () => {
    const [partial] = await saveLeads(db, [save(write(randomUUID()))]);
    const [done] = await saveLeads(db, [save(write(randomUUID(), { isLastStep: true, step: 'car' }))]);
    const [foreign] = await saveLeads(db, [save(write(randomUUID()), [])]);
    expect(partial).toMatchObject({ ok: true, status: 'Partial' });
    expect(done).toMatchObject({ ok: true, status: 'Complete', completedNow: true });
    const partialId = (partial as { leadId: string }).leadId;
    const partialKey = (await lead(partialId)).idempotency_key as string;
    const doneLead = await lead((done as { leadId: string }).leadId);
    const foreignId = (foreign as { leadId: string }).leadId;

    const newKey = randomUUID();
    const outcomes = await saveLeads(db, [
      save(write(newKey)),
      save(
        write(partialKey, {
          leadId: partialId,
          isLastStep: true,
          step: 'car',
          values: { Make: 'Kia' },
          stepValues: { Make: 'Kia' },
        }),
      ),
      save(write(doneLead.idempotency_key, { isLastStep: true, step: 'car' })),
      save(write(randomUUID(), { leadId: foreignId })),
      save(write(randomUUID(), { leadId: randomUUID() })),
      save(write(randomUUID(), { isLastStep: true, step: 'car', spamReason: 'honeypot field filled' })),
    ]);
    expect(grouped).toBe(1);
    expect(outcomes[0]).toMatchObject({ ok: true, status: 'Partial', completedNow: false });
    expect(outcomes[1]).toEqual({ ok: true, leadId: partialId, status: 'Complete', completedNow: true });
    expect(outcomes[2]).toEqual({ ok: true, leadId: doneLead.id, status: 'Complete', completedNow: false });
    expect(outcomes[3]).toMatchObject({ ok: false, status: 409 });
    expect(outcomes[4]).toMatchObject({ ok: false, status: 404 });
    expect(outcomes[5]).toMatchObject({ ok: true, status: 'Complete', completedNow: true });

    const completedLead = await lead(partialId);
    expect(completedLead).toMatchObject({ lead_status: 'Complete', form_completed: true, last_step: 'car' });
    expect(completedLead.values).toEqual({ first_name: 'Ada', email: 'ada@example.com', Make: 'Kia' });
    expect(completedLead.step_values).toEqual({ about: { first_name: 'Ada' }, car: { Make: 'Kia' } });
    expect(await outbox(partialId)).toHaveLength(1);
    expect(await outbox(doneLead.id)).toHaveLength(1);
    const spam = await lead((outcomes[5] as { leadId: string }).leadId);
    expect(spam).toMatchObject({ spam: true, spam_reason: 'honeypot field filled' });
    expect(await outbox(spam.id)).toEqual([]);
    expect((await lead((outcomes[0] as { leadId: string }).leadId)).idempotency_key).toBe(newKey);
  });

  it('refuses two saves of one form session in one statement', async () => {
    const key = randomUUID();
    await expect(saveLeads(db, [save(write(key)), save(write(key))])).rejects.toThrow(/one save per form session/);
  });

  it("groups saves that arrive while a statement runs, and a session's second save waits for the next", async () => {
    const saver = leadSaver(db, { maxInFlight: 1 });
    const keys = Array.from({ length: 12 }, () => randomUUID());
    const twice = keys[3]!;
    const answers = await Promise.all([
      ...keys.map((k) => saver(save(write(k)))),
      saver(
        save(write(twice, { isLastStep: true, step: 'car', values: { Make: 'Mazda' }, stepValues: { Make: 'Mazda' } })),
      ),
    ]);
    // The first save goes alone; the other 11 arrive while it runs and go together; the session
    // saved twice has its second save in a third statement.
    expect(grouped).toBe(1);
    expect(answers.every((a) => a.ok)).toBe(true);
    const ids = answers.map((a) => (a as { leadId: string }).leadId);
    expect(new Set(ids).size).toBe(12);
    expect(ids[12]).toBe(ids[3]);
    expect(answers[12]).toMatchObject({ status: 'Complete', completedNow: true });
    expect((await lead(ids[3]!)).values).toMatchObject({ Make: 'Mazda' });
  });

  it('when a grouped statement fails, each save is tried alone: only the bad one fails', async () => {
    const saver = leadSaver(db, { maxInFlight: 1 });
    failWhen = (params) => JSON.stringify(params ?? []).includes('poison');
    const first = saver(save(write(randomUUID())));
    const rest = ['a', 'poison', 'b'].map((name) =>
      saver(save(write(randomUUID(), { values: { first_name: name, email: 'x@example.com' } }))),
    );
    await first;
    const settled = await Promise.allSettled(rest);
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    for (const s of settled) {
      if (s.status === 'fulfilled')
        expect((await lead((s.value as { leadId: string }).leadId)).lead_status).toBe('Partial');
    }
    const stored = await t.db.query("SELECT 1 FROM leads WHERE \"values\"->>'first_name' = 'poison'", []);
    expect(stored.rows).toEqual([]);
  });
});
