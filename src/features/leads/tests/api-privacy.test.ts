import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { openDb } from '../../../api/db/index.ts';
import { migrate } from '../../../api/db/migrate.ts';
import type { ApiDeps, Db, Destination } from '../../../api/core/deps.ts';
import { describeErase, eraseLeadsOf, SENSITIVE_FIELDS } from '../server/erase.ts';
import { monthsBefore, purgeExpired, retentionFromEnv, type Retention } from '../server/retention.ts';
import { saveLeads, type LeadRow } from '../server/store.ts';
import { deliverDue } from '../server/outbox/deliver.ts';
import { leadPayload } from '../server/outbox/payload.ts';
import { startRuntime } from '../../../api/runtime.ts';
import {
  fixtureDealers,
  testDatabases,
  testDeps,
  unusedFinanceProvider,
  type TestDb,
} from '../../../../tests/helpers/db.ts';

const run = promisify(execFile);
const DAY = 86_400_000;
const T0 = Date.parse('2025-03-01T09:00:00Z');

const CONTACT = { first_name: 'Sam', last_name: 'Lee', email: 'sam@example.com', phone: '0412 345 678' };
const SENSITIVE = {
  dateOfBirth: '1990-04-30',
  driverLicenceNumber: 'DL-5550143',
  currentAddress: '12 Invermay Rd, Invermay TAS 7248',
  street: '12 Invermay Rd',
  suburb: 'Invermay',
  state: 'TAS',
  postcode: '7248',
};
const SENSITIVE_TEXT = ['1990-04-30', 'DL-5550143', 'Invermay', '7248'];

/** A finance application: the contact step (partial), then, when `complete`, the finance step. */
async function applyForFinance(
  db: Db,
  o: {
    site?: string;
    at: number;
    complete?: boolean;
    contact?: Record<string, unknown>;
    destinations?: Destination[];
  },
): Promise<string> {
  const key = randomUUID();
  const contact = { ...CONTACT, ...SENSITIVE, ...o.contact };
  const write = (
    step: string,
    values: Record<string, unknown>,
    stepValues: Record<string, unknown>,
    last: boolean,
  ) => ({
    write: {
      siteSlug: o.site ?? 'mini-motors',
      idempotencyKey: key,
      isLastStep: last,
      category: 'Finance Enquiry',
      pageId: '9',
      blockId: 'finance',
      formType: 'finance',
      step,
      values,
      stepValues,
      tracking: { utm_source: 'google' },
      now: new Date(o.at),
    },
    completion: { destinations: o.destinations ?? [] },
  });
  const [first] = await saveLeads(db, [write('contact', contact, contact, false)]);
  if (!first?.ok) throw new Error('the contact step was not saved');
  if (o.complete)
    await saveLeads(db, [
      write('finance', { ...contact, vehiclePriceBudget: 30000 }, { vehiclePriceBudget: 30000 }, true),
    ]);
  return first.leadId;
}

const policy = (env: Record<string, string> = {}): Retention => retentionFromEnv(['mini-motors', 'group-motors'], env);

describe.each(testDatabases)('lead retention and erasure on $label', (database) => {
  let t: TestDb;
  let out: string;
  let deps: ApiDeps;
  let files: Destination[];
  const dirOf = (site = 'mini-motors') => path.join(out, site);

  beforeAll(async () => {
    t = await database.open();
    out = await mkdtemp(path.join(tmpdir(), 'leads-privacy-'));
    deps = await testDeps(t.db);
  });
  afterAll(async () => {
    await t.cleanup();
    await rm(out, { recursive: true, force: true });
  });
  beforeEach(async () => {
    // Each test sees only its own leads: the purge works on the whole table.
    await t.db.query('DELETE FROM deliveries; DELETE FROM outbox; DELETE FROM leads');
    await rm(out, { recursive: true, force: true });
    files = [{ kind: 'file', dir: dirOf() }];
  });

  const lead = async (id: string) =>
    (await t.db.query<Record<string, any>>('SELECT * FROM leads WHERE id = $1', [id])).rows[0];
  const count = async (sql: string, params: unknown[] = []) =>
    (await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${sql}`, params)).rows[0]!.n;
  const deliveryFiles = async (site = 'mini-motors') => (await readdir(dirOf(site)).catch(() => [] as string[])).sort();
  const purge = (at: number, retention = policy()) =>
    purgeExpired(t.db, { retention, now: new Date(at), dataDir: out, dealers: deps.dealers });

  it('erases date of birth, licence number and address 30 days after delivery, from the lead, its steps and its delivery files', async () => {
    const id = await applyForFinance(t.db, { at: T0, complete: true, destinations: files });
    const delivered = T0 + 3_600_000;
    expect(await deliverDue(deps, { now: new Date(delivered) })).toMatchObject({ delivered: 1 });
    const json = path.join(dirOf(), `${id}.json`);
    const adf = path.join(dirOf(), `${id}.adf.xml`);
    expect(await readFile(adf, 'utf8')).toContain('driverLicenceNumber: DL-5550143');

    expect(await purge(delivered + 30 * DAY - 1)).toMatchObject({ sensitiveErased: 0, filesRewritten: 0 });
    expect((await lead(id))!.values).toMatchObject(SENSITIVE);
    expect(JSON.parse(await readFile(json, 'utf8')).values).toMatchObject(SENSITIVE);

    expect(await purge(delivered + 30 * DAY)).toMatchObject({
      sensitiveErased: 1,
      filesRewritten: 2,
      leadsDeleted: 0,
      errors: [],
    });
    const row = (await lead(id))!;
    expect(row.values).toEqual({ ...CONTACT, vehiclePriceBudget: 30000 });
    expect(row.step_values).toEqual({ contact: CONTACT, finance: { vehiclePriceBudget: 30000 } });
    expect(row).toMatchObject({ lead_status: 'Complete', tracking: { utm_source: 'google' } });
    const payload = JSON.parse(await readFile(json, 'utf8'));
    expect(payload).toMatchObject({
      lead_id: id,
      lead_status: 'Complete',
      values: { ...CONTACT, vehiclePriceBudget: 30000 },
      steps: { contact: CONTACT },
    });
    const text = (await readFile(json, 'utf8')) + (await readFile(adf, 'utf8'));
    for (const value of SENSITIVE_TEXT) expect(text).not.toContain(value);
    expect(await readFile(adf, 'utf8')).toMatch(
      /^<\?xml version="1\.0" encoding="UTF-8"\?>\n<\?adf version="1\.0"\?>\n<adf>[\s\S]*<email>sam@example\.com<\/email>[\s\S]*<\/adf>\n$/,
    );
    expect(await purge(delivered + 60 * DAY)).toMatchObject({ sensitiveErased: 0, filesRewritten: 0 });
  });

  it('erases them from the copy an older outbox row holds as well', async () => {
    const id = await applyForFinance(t.db, { at: T0, complete: true, destinations: files });
    const stored = { ...leadPayload((await lead(id)) as LeadRow), note: 'written at completion' };
    expect(stored.steps.contact).toMatchObject(SENSITIVE);
    await t.db.query('UPDATE outbox SET payload = $2::jsonb WHERE lead_id = $1', [id, JSON.stringify(stored)]);
    expect(await deliverDue(deps, { now: new Date(T0) })).toMatchObject({ delivered: 1 });
    expect(await purge(T0 + 30 * DAY)).toMatchObject({ sensitiveErased: 1, filesRewritten: 2 });
    const { rows } = await t.db.query<{ payload: any }>('SELECT payload FROM outbox WHERE lead_id = $1', [id]);
    const erased = {
      ...stored,
      values: { ...CONTACT, vehiclePriceBudget: 30000 },
      steps: { contact: CONTACT, finance: { vehiclePriceBudget: 30000 } },
    };
    expect(rows[0]!.payload).toEqual(erased);
    expect(JSON.parse(await readFile(path.join(dirOf(), `${id}.json`), 'utf8'))).toEqual(erased);
  });

  it('rewrites the ADF file of a lead whose JSON file the dealer has taken away, and does not bring the JSON back', async () => {
    const id = await applyForFinance(t.db, { at: T0, complete: true, destinations: files });
    await deliverDue(deps, { now: new Date(T0) });
    await rm(path.join(dirOf(), `${id}.json`));
    expect(await purge(T0 + 30 * DAY)).toMatchObject({ sensitiveErased: 1, filesRewritten: 1 });
    expect(await deliveryFiles()).toEqual([`${id}.adf.xml`]);
    const adf = await readFile(path.join(dirOf(), `${id}.adf.xml`), 'utf8');
    for (const value of SENSITIVE_TEXT) expect(adf).not.toContain(value);
    expect(adf).toContain(`<id sequence="1" source="dealer-sites">${id}</id>`);
    expect(adf).toContain('<vendorname>Mini Motors</vendorname>');
  });

  it('keeps them while a complete lead waits for delivery, and counts the 30 days from the delivery or the final failure', async () => {
    const waiting = await applyForFinance(t.db, { at: T0, complete: true, destinations: files });
    const failing = await applyForFinance(t.db, {
      at: T0,
      complete: true,
      destinations: [{ kind: 'adf', url: 'http://127.0.0.1:9/adf' }],
    });
    await t.db.query(`UPDATE outbox SET status = 'failed', updated_at = $2::timestamptz WHERE lead_id = $1`, [
      failing,
      new Date(T0 + 2 * DAY).toISOString(),
    ]);
    expect(await purge(T0 + 31 * DAY)).toMatchObject({ sensitiveErased: 0 });
    expect((await lead(waiting))!.values).toMatchObject(SENSITIVE);
    expect(await purge(T0 + 32 * DAY)).toMatchObject({ sensitiveErased: 1 });
    expect((await lead(failing))!.values).not.toHaveProperty('dateOfBirth');
    expect((await lead(waiting))!.values).toMatchObject(SENSITIVE);

    await deliverDue(deps, { now: new Date(T0 + 60 * DAY) });
    expect(await purge(T0 + 89 * DAY)).toMatchObject({ sensitiveErased: 0 });
    expect(await purge(T0 + 90 * DAY)).toMatchObject({ sensitiveErased: 1, filesRewritten: 2 });
    expect((await lead(waiting))!.values).not.toHaveProperty('driverLicenceNumber');
  });

  it('erases them from an application never completed 30 days after its last save', async () => {
    const id = await applyForFinance(t.db, { at: T0 });
    await applyForFinance(t.db, { at: T0 + 5 * DAY, contact: { email: 'other@example.com' } });
    expect(await purge(T0 + 30 * DAY)).toMatchObject({ sensitiveErased: 1 });
    expect((await lead(id))!).toMatchObject({
      lead_status: 'Partial',
      values: CONTACT,
      step_values: { contact: CONTACT },
    });
    expect(await count(`leads WHERE "values" ? 'dateOfBirth'`)).toBe(1);
    expect(await purge(T0 + 35 * DAY)).toMatchObject({ sensitiveErased: 1 });
    expect(await count(`leads WHERE "values" ? 'dateOfBirth'`)).toBe(0);
  });

  it('applies a dealer’s own LEAD_SENSITIVE_DAYS_<SLUG> to its leads only', async () => {
    const mini = await applyForFinance(t.db, { at: T0 });
    const group = await applyForFinance(t.db, { at: T0, site: 'group-motors' });
    const retention = policy({ LEAD_SENSITIVE_DAYS: '60', LEAD_SENSITIVE_DAYS_MINI_MOTORS: '7' });
    expect(await purge(T0 + 7 * DAY - 1, retention)).toMatchObject({ sensitiveErased: 0 });
    expect(await purge(T0 + 7 * DAY, retention)).toMatchObject({ sensitiveErased: 1 });
    expect((await lead(mini))!.values).not.toHaveProperty('postcode');
    expect(await purge(T0 + 59 * DAY, retention)).toMatchObject({ sensitiveErased: 0 });
    expect((await lead(group))!.values).toMatchObject(SENSITIVE);
    expect(await purge(T0 + 60 * DAY, retention)).toMatchObject({ sensitiveErased: 1 });
  });

  it('deletes whole leads 24 months after they were made, with their outbox rows, delivery attempts and files', async () => {
    const old = await applyForFinance(t.db, { at: T0, complete: true, destinations: files });
    const newer = await applyForFinance(t.db, { at: T0 + DAY, complete: true, destinations: files });
    await deliverDue(deps, { now: new Date(T0 + DAY) });
    expect(await deliveryFiles()).toHaveLength(4);
    const expiry = Date.parse('2027-03-01T09:00:00Z');
    expect(await purge(expiry - 1)).toMatchObject({ leadsDeleted: 0 });
    expect(await purge(expiry)).toMatchObject({
      leadsDeleted: 1,
      outboxDeleted: 1,
      deliveriesDeleted: 1,
      filesDeleted: 2,
      errors: [],
    });
    expect(await lead(old)).toBeUndefined();
    expect(await count('outbox WHERE lead_id = $1', [old])).toBe(0);
    expect(await count('deliveries')).toBe(1);
    expect(await deliveryFiles()).toEqual([`${newer}.adf.xml`, `${newer}.json`]);
    expect(await lead(newer)).toBeDefined();
  });

  it('applies a dealer’s own LEAD_RETENTION_MONTHS_<SLUG>, and the default to every other site', async () => {
    const mini = await applyForFinance(t.db, { at: T0 });
    const group = await applyForFinance(t.db, { at: T0, site: 'group-motors' });
    const gone = await applyForFinance(t.db, { at: T0, site: 'closed-motors' });
    const retention = policy({ LEAD_RETENTION_MONTHS: '12', LEAD_RETENTION_MONTHS_MINI_MOTORS: '6' });
    expect(await purge(Date.parse('2025-09-01T09:00:00Z'), retention)).toMatchObject({ leadsDeleted: 1 });
    expect(await lead(mini)).toBeUndefined();
    expect(await purge(Date.parse('2026-03-01T08:59:59Z'), retention)).toMatchObject({ leadsDeleted: 0 });
    expect(await purge(Date.parse('2026-03-01T09:00:00Z'), retention)).toMatchObject({ leadsDeleted: 2 });
    expect([await lead(group), await lead(gone)]).toEqual([undefined, undefined]);
  });

  it('erases every lead of a person by email, whatever its case and spaces, on that site only', async () => {
    const first = await applyForFinance(t.db, { at: T0, complete: true, destinations: files });
    const second = await applyForFinance(t.db, {
      at: T0 + DAY,
      complete: true,
      destinations: files,
      contact: { email: '  SAM@Example.com ' },
    });
    const someoneElse = await applyForFinance(t.db, {
      at: T0,
      complete: true,
      destinations: files,
      contact: { email: 'ada@example.com' },
    });
    const otherSite = await applyForFinance(t.db, { at: T0, site: 'group-motors' });
    await deliverDue(deps, { now: new Date(T0 + DAY) });
    const report = await eraseLeadsOf(t.db, 'mini-motors', { email: 'Sam@example.com' }, { dataDir: out });
    expect(report).toMatchObject({ leads: [first, second], outbox: 2, deliveries: 2, errors: [], siteHasLeads: true });
    expect(report.files.sort()).toEqual(
      [first, second].flatMap((id) => [`${id}.adf.xml`, `${id}.json`].map((f) => path.join(dirOf(), f))).sort(),
    );
    expect([await lead(first), await lead(second)]).toEqual([undefined, undefined]);
    expect(await count('outbox WHERE lead_id = ANY($1::uuid[])', [[first, second]])).toBe(0);
    expect(await deliveryFiles()).toEqual([`${someoneElse}.adf.xml`, `${someoneElse}.json`]);
    expect(await lead(otherSite)).toBeDefined();
    expect(describeErase(report, 'mini-motors', { email: 'Sam@example.com' })).toContain(
      `Deleted 2 leads of mini-motors with the email Sam@example.com:\n  ${first}\n  ${second}\nDeleted 2 outbox rows and 2 delivery attempts.`,
    );
  });

  it('erases one lead by its id, and says when there is nothing to delete', async () => {
    const one = await applyForFinance(t.db, { at: T0, complete: true, destinations: files });
    const other = await applyForFinance(t.db, { at: T0, complete: true, destinations: files });
    await deliverDue(deps, { now: new Date(T0) });
    expect(await eraseLeadsOf(t.db, 'mini-motors', { leadId: one }, { dataDir: out })).toMatchObject({
      leads: [one],
      outbox: 1,
      deliveries: 1,
    });
    expect(await deliveryFiles()).toEqual([`${other}.adf.xml`, `${other}.json`]);
    const again = await eraseLeadsOf(t.db, 'mini-motors', { leadId: one }, { dataDir: out });
    expect(describeErase(again, 'mini-motors', { leadId: one })).toBe(
      `No lead of mini-motors with the id ${one}: nothing to delete.\n`,
    );
    const unknown = await eraseLeadsOf(t.db, 'mini-motorz', { email: 'sam@example.com' });
    expect(describeErase(unknown, 'mini-motorz', { email: 'sam@example.com' })).toBe(
      'No lead of mini-motorz is stored (is the slug right?): nothing to delete.\n',
    );
    expect(await lead(other)).toBeDefined();
  });

  it('finds leads holding sensitive fields through an index that names the same fields as the erasure', async () => {
    const { rows } = await t.db.query<{ indexdef: string }>(
      `SELECT indexdef FROM pg_indexes WHERE indexname = 'leads_sensitive'`,
    );
    expect(rows[0]!.indexdef).toContain(`ARRAY[${SENSITIVE_FIELDS.map((f) => `'${f}'::text`).join(', ')}]`);
  });

  it('purges with lead delivery: on the first delivery, then not again within the hour, and a failed purge never stops delivery', async () => {
    const own = await database.open();
    const dataDir = await mkdtemp(path.join(tmpdir(), 'leads-runtime-'));
    const lines: string[] = [];
    const runtime = await startRuntime({
      dealers: await fixtureDealers(),
      dataDir,
      financeProvider: unusedFinanceProvider,
      env: { LEAD_SENSITIVE_DAYS: '30' },
      workerIntervalMs: false,
      log: (line) => lines.push(line),
      db: own.db,
    });
    try {
      const old = await applyForFinance(own.db, { at: Date.now() - 40 * DAY });
      const first = await runtime.deliver();
      expect(first.purged).toMatchObject({ sensitiveErased: 1 });
      expect(lines).toContain('Lead retention: erased the sensitive fields of 1 lead.');
      expect(
        (await own.db.query<{ values: object }>('SELECT "values" FROM leads WHERE id = $1', [old])).rows[0]!.values,
      ).toEqual(CONTACT);
      const later = await applyForFinance(own.db, { at: Date.now() - 40 * DAY });
      expect((await runtime.deliver()).purged).toBeUndefined();
      expect(
        (await own.db.query<{ values: object }>('SELECT "values" FROM leads WHERE id = $1', [later])).rows[0]!.values,
      ).toMatchObject(SENSITIVE);
    } finally {
      await runtime.close();
      await own.cleanup();
    }

    const failing = await database.open();
    // A database that fails the purge's statements only.
    const db: Db = {
      query: (sql, params) =>
        sql.includes('"values" ?|') ? Promise.reject(new Error('the disk is full')) : failing.db.query(sql, params),
      transaction: (fn) => failing.db.transaction(fn),
      close: () => failing.db.close(),
    };
    const runtime2 = await startRuntime({
      dealers: await fixtureDealers(),
      dataDir,
      financeProvider: unusedFinanceProvider,
      env: {},
      workerIntervalMs: false,
      log: (line) => lines.push(line),
      db,
    });
    try {
      await applyForFinance(failing.db, {
        at: Date.now(),
        complete: true,
        destinations: [{ kind: 'file', dir: path.join(dataDir, 'deliveries', 'mini-motors') }],
      });
      const report = await runtime2.deliver();
      expect(report).toMatchObject({ delivered: 1 });
      expect(report.purged).toBeUndefined();
      expect(lines.some((l) => l.startsWith('Lead retention failed: the disk is full. Delivery goes on'))).toBe(true);
    } finally {
      await runtime2.close();
      await failing.cleanup();
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});

describe('retention settings', () => {
  it('defaults to 30 days for sensitive fields and 24 months for whole leads, with per-dealer overrides', () => {
    expect(policy()).toEqual({ defaults: { sensitiveDays: 30, retentionMonths: 24 }, sites: {} });
    expect(policy({ LEAD_SENSITIVE_DAYS: '14', LEAD_RETENTION_MONTHS_GROUP_MOTORS: '36' })).toEqual({
      defaults: { sensitiveDays: 14, retentionMonths: 24 },
      sites: { 'group-motors': { sensitiveDays: 14, retentionMonths: 36 } },
    });
  });

  it('stops the start-up naming the variable when a value is not a positive whole number', async () => {
    expect(() => policy({ LEAD_SENSITIVE_DAYS: '0' })).toThrow(
      'LEAD_SENSITIVE_DAYS must be a whole number of days from 1 to 36500, not "0".',
    );
    expect(() => policy({ LEAD_RETENTION_MONTHS_MINI_MOTORS: '1.5' })).toThrow(
      'LEAD_RETENTION_MONTHS_MINI_MOTORS must be a whole number of months',
    );
    expect(() => policy({ LEAD_SENSITIVE_DAYS_GROUP_MOTORS: 'thirty' })).toThrow('LEAD_SENSITIVE_DAYS_GROUP_MOTORS');
    const start = startRuntime({
      dealers: await fixtureDealers(),
      dataDir: tmpdir(),
      financeProvider: unusedFinanceProvider,
      env: { LEAD_RETENTION_MONTHS: '-3' },
      workerIntervalMs: false,
    });
    await expect(start).rejects.toThrow(
      'LEAD_RETENTION_MONTHS must be a whole number of months from 1 to 1200, not "-3".',
    );
  });

  it('counts months by the calendar, on the month’s last day when it is shorter', () => {
    expect(monthsBefore(new Date('2027-03-01T09:00:00Z'), 24).toISOString()).toBe('2025-03-01T09:00:00.000Z');
    expect(monthsBefore(new Date('2025-03-31T10:00:00Z'), 1).toISOString()).toBe('2025-02-28T10:00:00.000Z');
  });
});

describe('npm run leads -- erase', () => {
  let dir: string;
  const ids: Record<string, string> = {};
  const cli = (...args: string[]) =>
    run('npx', ['tsx', 'scripts/leads.ts', 'erase', '--data', dir, ...args], {
      env: { ...process.env, DATABASE_URL: '' },
    });

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'leads-erase-'));
    const db = await openDb({ kind: 'pglite', dataDir: dir });
    try {
      await migrate(db);
      const files: Destination[] = [{ kind: 'file', dir: path.join(dir, 'deliveries', 'mini-motors') }];
      ids.sam = await applyForFinance(db, { at: T0, complete: true, destinations: files });
      ids.ada = await applyForFinance(db, {
        at: T0,
        complete: true,
        destinations: files,
        contact: { email: 'ada@example.com' },
      });
      await deliverDue(await testDeps(db), { now: new Date(T0) });
    } finally {
      await db.close();
    }
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('deletes a person’s leads and prints what it deleted, then finds nothing more to delete', async () => {
    const files = path.join(dir, 'deliveries', 'mini-motors');
    const { stdout } = await cli('--site', 'mini-motors', '--email', 'SAM@example.com');
    expect(stdout).toBe(
      [
        'Deleted 1 lead of mini-motors with the email SAM@example.com:',
        `  ${ids.sam}`,
        'Deleted 1 outbox row and 1 delivery attempt.',
        'Deleted 2 delivery files:',
        `  ${path.join(files, `${ids.sam}.json`)}`,
        `  ${path.join(files, `${ids.sam}.adf.xml`)}`,
        '',
      ].join('\n'),
    );
    expect((await readdir(files)).sort()).toEqual([`${ids.ada}.adf.xml`, `${ids.ada}.json`]);
    expect((await cli('--site', 'mini-motors', '--email', 'sam@example.com')).stdout).toBe(
      'No lead of mini-motors with the email sam@example.com: nothing to delete.\n',
    );
    expect((await cli('--site', 'mini-motors', '--lead', ids.ada!)).stdout).toMatch(
      new RegExp(`^Deleted 1 lead of mini-motors with the id ${ids.ada}:`),
    );
    expect((await cli('--site', 'nowhere', '--email', 'sam@example.com')).stdout).toBe(
      'No lead of nowhere is stored (is the slug right?): nothing to delete.\n',
    );
  }, 180_000);

  it('explains a wrong command line and exits 1', async () => {
    await expect(cli('--site', 'mini-motors')).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('erase needs --email ADDRESS or --lead ID (one of them).'),
    });
    await expect(cli('--site', 'mini-motors', '--lead', '42')).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('--lead must be a lead id'),
    });
    await expect(cli('--email', 'sam@example.com')).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('--site SLUG is required.'),
    });
  }, 120_000);
});
