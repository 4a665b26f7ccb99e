import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { createApp } from '../../../api/app.ts';
import { openDb } from '../../../api/db/index.ts';
import { migrate } from '../../../api/db/migrate.ts';
import type { Db } from '../../../api/core/deps.ts';
import type { LeadRow } from '../server/store.ts';
import { formatLeads, listLeads, toCsv, writeLeads } from '../server/export.ts';
import { fixtureDealers, testDeps } from '../../../../tests/helpers/db.ts';
import { describeProblems, validateWithDtd } from '../../../../tests/helpers/xml-dtd.ts';

const run = promisify(execFile);
/** The lead values the lead route sets on every save of Mini Motors' Enquire page (server-values.ts). */
const MINI_MOTORS_VALUES = {
  page_id: '3',
  PageTitle: 'Enquire',
  dealership_name: 'Mini Motors',
  dealership_id: '501',
  dealership_slug: 'mini-motors-sydney',
};
let dir: string;
let db: Db;
let clock = Date.parse('2025-03-01T09:00:00Z');
const ids: Record<string, string> = {};

async function save(app: ReturnType<typeof createApp>, name: string, body: Record<string, unknown>) {
  clock += 60_000;
  const res = await app.fetch(
    new Request('http://mini-motors.localhost/api/leads', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }),
  );
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
    ...contact,
    idempotencyKey: 'export-complete-1',
    values: {
      name: 'Sam "Sammy" Lee',
      phone: '+61 412 345 678',
      email: 'sam@example.com',
      location_id: '11',
      message: 'Hi,\nthe blue one =SUM(A1)',
    },
    tracking: { utm_source: 'google' },
  });
  await save(app, 'partial', {
    form: { pageId: '3', blockId: 'car-finder', step: 'about' },
    isLastStep: false,
    idempotencyKey: 'export-partial-1',
    values: { first_name: 'Ada', email: 'ada@example.com' },
  });
  await save(app, 'spam', {
    ...contact,
    idempotencyKey: 'export-spam-1',
    values: { name: 'Bot', website_url_confirm: 'x' },
  });
  await save(app, 'forged', {
    form: { pageId: '3', blockId: 'car-finder', step: 'about' },
    isLastStep: false,
    idempotencyKey: 'export-forged-1',
    values: {
      first_name: 'Mallory',
      email: 'mallory@example.com',
      lead_status: 'Complete',
      lead_id: 'forged-id',
      created_at: '1999-01-01T00:00:00.000Z',
      form_completed: true,
    },
    tracking: { lead_status: 'Complete', completed_at: '1999-01-01T00:00:00.000Z' },
  });
  await db.close();
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('npm run leads -- export', () => {
  const cli = (...args: string[]) =>
    run('npx', ['tsx', 'scripts/leads.ts', 'export', '--site', 'mini-motors', '--data', dir, ...args], {
      env: { ...process.env, DATABASE_URL: '', DEALERS_DIR: 'tests/fixtures/dealers' },
    });

  it('prints the dealer’s leads as a JSON array, oldest first, with the lead’s own fields, then its tracking and values; spam left out', async () => {
    const { stdout, stderr } = await cli();
    const leads = JSON.parse(stdout);
    expect(leads.slice(0, 2)).toEqual([
      {
        lead_id: ids.complete,
        lead_status: 'Complete',
        form_completed: true,
        category: 'General Enquiry',
        subcategory: null,
        page_id: '3',
        PageTitle: 'Enquire',
        created_at: '2025-03-01T09:01:00.000Z',
        completed_at: '2025-03-01T09:01:00.000Z',
        tracking: { utm_source: 'google' },
        // The lead route stores the phone number in E.164 (src/forms/phone.ts), and the lead values
        // it owns beside the visitor's answers (src/features/leads/server/server-values.ts).
        values: {
          name: 'Sam "Sammy" Lee',
          phone: '+61412345678',
          email: 'sam@example.com',
          location_id: '11',
          message: 'Hi,\nthe blue one =SUM(A1)',
          ...MINI_MOTORS_VALUES,
          category: 'General Enquiry',
        },
      },
      {
        lead_id: ids.partial,
        lead_status: 'Partial',
        form_completed: false,
        category: 'Vehicle Finder',
        subcategory: 'Used',
        page_id: '3',
        PageTitle: 'Enquire',
        created_at: '2025-03-01T09:02:00.000Z',
        completed_at: null,
        tracking: {},
        values: {
          first_name: 'Ada',
          email: 'ada@example.com',
          ...MINI_MOTORS_VALUES,
          category: 'Vehicle Finder',
          subcategory: 'Used',
        },
      },
    ]);
    expect(Object.keys(leads[0])).toEqual([
      'lead_id',
      'lead_status',
      'form_completed',
      'category',
      'subcategory',
      'page_id',
      'PageTitle',
      'created_at',
      'completed_at',
      'tracking',
      'values',
    ]);
    expect(stderr).toMatch(/^3 leads of mini-motors\./m);
  }, 120_000);

  it('shows a lead’s real status, id and dates when the visitor sent values named like them', async () => {
    const forged = JSON.parse((await cli()).stdout).find(
      (l: { values: { email?: string } }) => l.values.email === 'mallory@example.com',
    );
    expect(forged).toMatchObject({
      lead_id: ids.forged,
      lead_status: 'Partial',
      form_completed: false,
      created_at: '2025-03-01T09:04:00.000Z',
      completed_at: null,
      tracking: { lead_status: 'Complete', completed_at: '1999-01-01T00:00:00.000Z' },
      values: {
        lead_status: 'Complete',
        lead_id: 'forged-id',
        created_at: '1999-01-01T00:00:00.000Z',
        form_completed: true,
      },
    });
    const csv = (await cli('--format', 'csv')).stdout.split('\r\n');
    const header = csv[0]!.split(',');
    const row = csv.find((line) => line.includes('mallory@example.com'))!.split(',');
    const cell = (name: string) => row[header.indexOf(name)];
    expect([cell('lead_id'), cell('lead_status'), cell('form_completed'), cell('created_at')]).toEqual([
      ids.forged,
      'Partial',
      'false',
      '2025-03-01T09:04:00.000Z',
    ]);
    expect([cell('values.lead_id'), cell('values.lead_status'), cell('tracking.lead_status')]).toEqual([
      'forged-id',
      'Complete',
      'Complete',
    ]);
    expect(header.filter((h) => h === 'lead_status')).toHaveLength(1);
  }, 120_000);

  it('prints CSV with the lead’s own columns, then tracking.* and values.* columns, and ADF as one document with a <prospect> per lead', async () => {
    const csv = (await cli('--format', 'csv')).stdout;
    // jsonb keeps keys in its own order (shorter names first).
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe(
      'lead_id,lead_status,form_completed,category,subcategory,page_id,PageTitle,created_at,completed_at,' +
        'tracking.utm_source,tracking.lead_status,tracking.completed_at,' +
        'values.name,values.email,values.phone,values.message,values.page_id,values.category,values.PageTitle,' +
        'values.location_id,values.dealership_id,values.dealership_name,values.dealership_slug,values.first_name,' +
        'values.subcategory,values.lead_id,values.created_at,values.lead_status,values.form_completed',
    );
    expect(csv).toContain(
      `${ids.complete},Complete,true,General Enquiry,,3,Enquire,2025-03-01T09:01:00.000Z,2025-03-01T09:01:00.000Z,google,,,"Sam ""Sammy"" Lee",sam@example.com,+61412345678,"Hi,\nthe blue one =SUM(A1)",3,General Enquiry,Enquire,11,501,Mini Motors,mini-motors-sydney,,,,,,\r\n`,
    );
    // Header and three rows; the message's line break stays inside its quoted cell.
    expect(lines.filter(Boolean)).toHaveLength(4);
    const adf = (await cli('--format', 'adf')).stdout;
    expect(adf.match(/<adf>/g)).toHaveLength(1);
    expect(adf.match(/<prospect status="new">/g)).toHaveLength(3);
    expect(adf).toContain('<name part="full">Sam &quot;Sammy&quot; Lee</name>');
    expect(adf).toContain('<name part="first">Ada</name>');
    const results = await validateWithDtd([adf]);
    expect(results[0]!.valid, describeProblems(results)).toBe(true);
  }, 120_000);

  it('includes spam, flagged, with --include-spam', async () => {
    const leads = JSON.parse((await cli('--include-spam')).stdout);
    expect(leads.map((l: { lead_id: string; spam: boolean }) => [l.lead_id, l.spam])).toEqual([
      [ids.complete, false],
      [ids.partial, false],
      [ids.spam, true],
      [ids.forged, false],
    ]);
    const csv = (await cli('--format', 'csv', '--include-spam')).stdout;
    expect(csv.split('\r\n')[0]).toMatch(
      /^lead_id,lead_status,form_completed,category,subcategory,page_id,PageTitle,created_at,completed_at,spam,tracking\./,
    );
  }, 120_000);

  it('writes one ADF document with a prospect per lead to --out FILE, valid against the ADF DTD, and nothing to stdout', async () => {
    const file = path.join(dir, 'out', 'leads.adf.xml');
    const { stdout, stderr } = await cli('--format', 'adf', '--out', file);
    expect(stdout).toBe('');
    expect(stderr).toContain(`3 leads of mini-motors written to ${file}.`);
    const adf = await readFile(file, 'utf8');
    expect(adf).toMatch(/^<\?xml version="1\.0" encoding="UTF-8"\?>\n<\?adf version="1\.0"\?>\n<adf>\n/);
    expect(adf.match(/<prospect status="new">/g)).toHaveLength(3);
    for (const id of [ids.complete, ids.partial, ids.forged])
      expect(adf).toContain(`<id sequence="1" source="dealer-sites">${id}</id>`);
    const results = await validateWithDtd([adf]);
    expect(results[0]!.valid, describeProblems(results)).toBe(true);
    // No temporary file is left beside it.
    expect(await readdir(path.dirname(file))).toEqual(['leads.adf.xml']);
  }, 120_000);

  it('writes one file per lead, named by its id, to --out DIR/, each ADF file valid', async () => {
    const folder = path.join(dir, 'per-lead') + '/';
    const { stdout, stderr } = await cli('--format', 'adf', '--out', folder);
    expect(stdout).toBe('');
    expect(stderr).toContain('3 leads of mini-motors written to');
    const names = (await readdir(folder)).sort();
    expect(names).toEqual([ids.complete, ids.partial, ids.forged].map((id) => `${id}.adf.xml`).sort());
    const docs = await Promise.all(
      names.map(async (name) => ({ name, xml: await readFile(path.join(folder, name), 'utf8') })),
    );
    for (const d of docs) expect(d.xml.match(/<prospect /g)).toHaveLength(1);
    const results = await validateWithDtd(docs);
    expect(
      results.filter((r) => !r.valid),
      describeProblems(results),
    ).toEqual([]);
    await cli('--format', 'json', '--out', folder);
    const json = JSON.parse(await readFile(path.join(folder, `${ids.complete}.json`), 'utf8'));
    expect(json).toMatchObject([{ lead_id: ids.complete, values: { email: 'sam@example.com' } }]);
  }, 120_000);

  it('writes JSON and CSV to --out FILE; `npm run -s` prints them on stdout with nothing else', async () => {
    const file = path.join(dir, 'leads.csv');
    expect((await cli('--format', 'csv', '--out', file)).stdout).toBe('');
    expect((await readFile(file, 'utf8')).split('\r\n')[0]).toMatch(/^lead_id,lead_status,/);
    const { stdout } = await run(
      'npm',
      ['run', '-s', 'leads', '--', 'export', '--site', 'mini-motors', '--data', dir],
      {
        env: { ...process.env, DATABASE_URL: '', DEALERS_DIR: 'tests/fixtures/dealers' },
      },
    );
    expect(JSON.parse(stdout)).toHaveLength(3);
  }, 120_000);

  it('writes no ADF file when there is no lead, as an ADF document needs one', async () => {
    const file = path.join(dir, 'none.adf.xml');
    const { stderr } = await run(
      'npx',
      ['tsx', 'scripts/leads.ts', 'export', '--site', 'group-motors', '--data', dir, '--format', 'adf', '--out', file],
      {
        env: { ...process.env, DATABASE_URL: '', DEALERS_DIR: 'tests/fixtures/dealers' },
      },
    );
    expect(stderr).toContain('0 leads of group-motors: nothing written (an ADF document needs at least one lead).');
    await expect(readFile(file, 'utf8')).rejects.toMatchObject({ code: 'ENOENT' });
  }, 120_000);

  it('writes --out a/../b/x.csv as the shell means it when a does not exist, creating b and no a', async () => {
    const base = await mkdtemp(path.join(dir, 'out-'));
    const typed = `${path.relative(process.cwd(), base)}/a/../b/x.csv`;
    const { stderr } = await cli('--format', 'csv', '--out', typed);
    expect(stderr).toContain(`3 leads of mini-motors written to ${typed}.`);
    expect((await readFile(path.join(base, 'b', 'x.csv'), 'utf8')).split('\r\n')[0]).toMatch(/^lead_id,lead_status,/);
    expect(await readdir(base)).toEqual(['b']);
  }, 120_000);

  it('explains what is wrong with the command line and exits 1', async () => {
    const bad = run('npx', ['tsx', 'scripts/leads.ts', 'export', '--site', 'mini-motors', '--format', 'xml'], {
      env: process.env,
    });
    await expect(bad).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('--format must be one of json, csv, adf, not "xml".'),
    });
    const none = run('npx', ['tsx', 'scripts/leads.ts', 'export'], { env: process.env });
    await expect(none).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('--site SLUG is required.') });
  }, 120_000);
});

describe('--out paths', () => {
  it('writes a folder target through a missing folder too, one file per lead', async () => {
    const base = await mkdtemp(path.join(dir, 'out-folder-'));
    const at = new Date('2025-03-01T09:00:00Z');
    const lead: LeadRow = {
      id: 'a1b2c3d4-0000-4000-8000-000000000001',
      site_slug: 'mini-motors',
      idempotency_key: 'k',
      lead_status: 'Partial',
      form_completed: false,
      category: null,
      subcategory: null,
      page_id: null,
      page_title: null,
      form_block_id: null,
      form_type: null,
      last_step: null,
      values: { email: 'ada@example.com' },
      step_values: {},
      tracking: {},
      spam: false,
      spam_reason: null,
      created_at: at,
      updated_at: at,
      completed_at: null,
    };
    const files = await writeLeads(`${base}/a/../per-lead/`, [lead], 'json');
    expect(files).toEqual([path.join(base, 'per-lead', `${lead.id}.json`)]);
    expect(JSON.parse(await readFile(files[0]!, 'utf8'))).toMatchObject([{ lead_id: lead.id }]);
    expect(await readdir(base)).toEqual(['per-lead']);
  });

  it('names the path and why when it cannot be written', async () => {
    const base = await mkdtemp(path.join(dir, 'out-blocked-'));
    await writeFile(path.join(base, 'plain'), 'a file, not a folder');
    const target = path.join(base, 'plain', 'x.csv');
    await expect(writeLeads(target, [], 'csv')).rejects.toThrow(
      `Cannot write ${target}: a file stands where a folder of the path should be.`,
    );
    await expect(writeLeads(`${base}/plain/sub/`, [], 'csv')).rejects.toThrow(
      `Cannot write ${path.join(base, 'plain', 'sub')}: a file stands where a folder of the path should be.`,
    );
  });
});

describe('CSV cells', () => {
  it('quotes commas, quotes and line breaks, and defuses spreadsheet formulas but not phone numbers', () => {
    const own = {
      lead_id: 'L1',
      lead_status: 'Partial',
      form_completed: false,
      category: null,
      subcategory: null,
      page_id: null,
      PageTitle: null,
      created_at: null,
      completed_at: null,
      tracking: {},
    };
    const csv = toCsv([
      {
        ...own,
        values: {
          a: 'x,y',
          b: 'say "hi"',
          c: 'two\nlines',
          d: '=HYPERLINK("x")',
          e: '+61 412 345 678',
          f: '-5',
          g: '@cmd',
          h: { nested: true },
        },
      },
    ]);
    expect(csv.split('\r\n')[1]).toBe(
      'L1,Partial,false,,,,,,,"x,y","say ""hi""","two\nlines","\'=HYPERLINK(""x"")",+61 412 345 678,-5,\'@cmd,"{""nested"":true}"',
    );
  });

  it('leaves a value named like a built-in property empty in rows that do not have it', () => {
    const lead = (values: Record<string, unknown>) => ({
      lead_id: 'L',
      lead_status: 'Partial',
      form_completed: false,
      category: null,
      subcategory: null,
      page_id: null,
      PageTitle: null,
      created_at: null,
      completed_at: null,
      tracking: {},
      values,
    });
    const lines = toCsv([lead({ constructor: 'x' }), lead({})]).split('\r\n');
    expect(lines[0]!.endsWith(',values.constructor')).toBe(true);
    expect(lines[2]).toBe('L,Partial,false,,,,,,,');
  });

  it('prints only the header row when a dealer has no leads', async () => {
    const dealer = (await fixtureDealers()).find((d) => d.slug === 'mini-motors');
    expect(formatLeads([], 'csv', dealer)).toBe(
      'lead_id,lead_status,form_completed,category,subcategory,page_id,PageTitle,created_at,completed_at\r\n',
    );
    expect(formatLeads([], 'json')).toBe('[]\n');
    expect(formatLeads([], 'adf')).toBe('');
    expect(typeof listLeads).toBe('function');
  });
});
