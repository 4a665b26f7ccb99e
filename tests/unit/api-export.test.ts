import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { createApp } from '../../src/api/app.ts';
import { openDb } from '../../src/api/db/index.ts';
import { migrate } from '../../src/api/db/migrate.ts';
import type { Db } from '../../src/api/deps.ts';
import { formatLeads, listLeads, toCsv } from '../../src/api/leads/export.ts';
import { fixtureDealers, testDeps } from '../helpers/db.ts';

const run = promisify(execFile);
let dir: string;
let db: Db;
let clock = Date.parse('2025-03-01T09:00:00Z');
const ids: Record<string, string> = {};

async function save(app: ReturnType<typeof createApp>, name: string, body: Record<string, unknown>) {
  clock += 60_000;
  const res = await app.fetch(new Request('http://mini-motors.localhost/api/leads', { method: 'POST', body: JSON.stringify(body) }));
  expect(res.status).toBe(200);
  ids[name] = (await res.json()).lead_id;
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'leads-export-'));
  db = await openDb({ kind: 'pglite', dataDir: dir });
  await migrate(db);
  const app = createApp(await testDeps(db, { now: () => new Date(clock) }));
  const contact = { form: { pageId: '3', blockId: 'enquiry', step: 'contact' }, isLastStep: true };
  await save(app, 'complete', {
    ...contact, idempotencyKey: 'export-complete-1',
    values: { name: 'Sam "Sammy" Lee', phone: '+61 412 345 678', email: 'sam@example.com', location_id: '11', message: 'Hi,\nthe blue one =SUM(A1)' },
    tracking: { utm_source: 'google' },
  });
  await save(app, 'partial', {
    form: { pageId: '3', blockId: 'car-finder', step: 'about' }, isLastStep: false, idempotencyKey: 'export-partial-1',
    values: { first_name: 'Ada', email: 'ada@example.com' },
  });
  await save(app, 'spam', { ...contact, idempotencyKey: 'export-spam-1', values: { name: 'Bot', website_url_confirm: 'x' } });
  await db.close();
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('npm run leads -- export', () => {
  const cli = (...args: string[]) =>
    run('npx', ['tsx', 'scripts/leads.ts', 'export', '--site', 'mini-motors', '--data', dir, ...args], {
      env: { ...process.env, DATABASE_URL: '', DEALERS_DIR: 'tests/fixtures/dealers' },
    });

  it('prints the dealer’s leads as a JSON array, oldest first, with lead_id, lead_status and every stored value; spam left out', async () => {
    const { stdout, stderr } = await cli();
    const leads = JSON.parse(stdout);
    expect(leads).toEqual([
      {
        lead_id: ids.complete, lead_status: 'Complete', form_completed: true, category: 'General Enquiry', subcategory: null,
        page_id: '3', PageTitle: 'Enquire', created_at: '2025-03-01T09:01:00.000Z', completed_at: '2025-03-01T09:01:00.000Z',
        utm_source: 'google', name: 'Sam "Sammy" Lee', phone: '+61 412 345 678', email: 'sam@example.com', location_id: '11',
        message: 'Hi,\nthe blue one =SUM(A1)',
      },
      {
        lead_id: ids.partial, lead_status: 'Partial', form_completed: false, category: 'Vehicle Finder', subcategory: 'Used',
        page_id: '3', PageTitle: 'Enquire', created_at: '2025-03-01T09:02:00.000Z', completed_at: null,
        first_name: 'Ada', email: 'ada@example.com',
      },
    ]);
    expect(stderr).toMatch(/^2 leads of mini-motors\./m);
  }, 60_000);

  it('prints CSV with a header row and quoted cells, and ADF with one <adf> document per lead', async () => {
    const csv = (await cli('--format', 'csv')).stdout;
    // jsonb keeps keys in its own order (shorter names first).
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe('lead_id,lead_status,form_completed,category,subcategory,page_id,PageTitle,created_at,completed_at,utm_source,name,email,phone,message,location_id,first_name');
    expect(csv).toContain(`${ids.complete},Complete,true,General Enquiry,,3,Enquire,2025-03-01T09:01:00.000Z,2025-03-01T09:01:00.000Z,google,"Sam ""Sammy"" Lee",sam@example.com,+61 412 345 678,"Hi,\nthe blue one =SUM(A1)",11,\r\n`);
    // Header and two rows; the message's line break stays inside its quoted cell.
    expect(lines.filter(Boolean)).toHaveLength(3);
    const adf = (await cli('--format', 'adf')).stdout;
    expect(adf.match(/<adf>/g)).toHaveLength(2);
    expect(adf).toContain('<name part="full">Sam &quot;Sammy&quot; Lee</name>');
    expect(adf).toContain('<name part="first">Ada</name>');
  }, 60_000);

  it('includes spam, flagged, with --include-spam', async () => {
    const leads = JSON.parse((await cli('--include-spam')).stdout);
    expect(leads.map((l: { lead_id: string; spam: boolean }) => [l.lead_id, l.spam])).toEqual([[ids.complete, false], [ids.partial, false], [ids.spam, true]]);
  }, 60_000);

  it('explains what is wrong with the command line and exits 1', async () => {
    const bad = run('npx', ['tsx', 'scripts/leads.ts', 'export', '--site', 'mini-motors', '--format', 'xml'], { env: process.env });
    await expect(bad).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('--format must be one of json, csv, adf, not "xml".') });
    const none = run('npx', ['tsx', 'scripts/leads.ts', 'export'], { env: process.env });
    await expect(none).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('--site SLUG is required.') });
  }, 60_000);
});

describe('CSV cells', () => {
  it('quotes commas, quotes and line breaks, and defuses spreadsheet formulas but not phone numbers', () => {
    const csv = toCsv([{ a: 'x,y', b: 'say "hi"', c: 'two\nlines', d: '=HYPERLINK("x")', e: '+61 412 345 678', f: '-5', g: '@cmd', h: { nested: true } }]);
    expect(csv.split('\r\n')[1]).toBe(',,,,,,,,,"x,y","say ""hi""","two\nlines","\'=HYPERLINK(""x"")",+61 412 345 678,-5,\'@cmd,"{""nested"":true}"');
  });

  it('prints only the header row when a dealer has no leads', async () => {
    const dealer = (await fixtureDealers()).find((d) => d.slug === 'mini-motors');
    expect(formatLeads([], 'csv', dealer)).toBe('lead_id,lead_status,form_completed,category,subcategory,page_id,PageTitle,created_at,completed_at\r\n');
    expect(formatLeads([], 'json')).toBe('[]\n');
    expect(typeof listLeads).toBe('function');
  });
});
