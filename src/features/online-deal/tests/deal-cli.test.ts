/**
 * npm run deals: a dealer lists its deals (all, or by state), shows one with its webhook events,
 * completes one and cancels another, on the embedded database of a data folder, for a sample
 * dealer that offers online deals. The change and its event are queued once (a second complete is
 * exit 2 and queues nothing), the shopper's link shows the deal complete, and the outbox worker
 * delivers each event, signed, to a local receiver.
 */
import { execFile } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../api/app.ts';
import { openDb } from '../../../api/db/index.ts';
import { migrate } from '../../../api/db/migrate.ts';
import type { Db } from '../../../api/core/deps.ts';
import { loadDealers, type DealerContent } from '../../../content/load.ts';
import { deliverDue } from '../../leads/server/outbox/deliver.ts';
import { childEnv } from '../../../../tests/helpers/build-child.ts';
import { testDeps } from '../../../../tests/helpers/db.ts';
import type { DealStarted, DealView } from '../contract/deal.ts';
import { dealOffered } from '../rules/deal.ts';
import { isListed } from '../../../domain/routes.ts';

const run = promisify(execFile);
const SLUG = 'coastal-motor-group';
const SECRET = 'deal-cli-secret';
const SHOPPER = {
  first_name: 'Mia',
  last_name: 'Nguyen',
  email: 'mia@example.com',
  phone: '0412 345 678',
  privacy_consent: true,
};

let dataDir: string;
let files: string;
let dealer: DealerContent;
let receiver: Server;
let hookUrl: string;
const received: { headers: Record<string, string | string[] | undefined>; body: string }[] = [];

async function deals(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run('npx', ['tsx', 'scripts/deals.ts', ...args, '--data', dataDir], {
      env: childEnv({
        DATABASE_URL: '',
        DEALERS_DIR: 'dealers',
        DEAL_WEBHOOK_URL: hookUrl,
        DEAL_WEBHOOK_SECRET: SECRET,
      }),
    });
    return { code: 0, stdout, stderr };
  } catch (e) {
    const failed = e as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

/** The API on the data folder's database, for as long as `fn` runs (PGlite is one process's at a time). */
async function withApi<T>(
  fn: (api: (route: string, body: object) => Promise<Response> | Response, db: Db) => Promise<T>,
) {
  const db = await openDb({ kind: 'pglite', dataDir });
  try {
    await migrate(db);
    const deps = await testDeps(db, {
      dealers: [dealer],
      destinations: () => [{ kind: 'file', dir: files }],
      dealWebhook: (slug) => (slug === SLUG ? { url: hookUrl, secret: SECRET } : undefined),
    });
    const app = createApp(deps);
    const api = (route: string, body: object) =>
      app.fetch(
        new Request(`http://${SLUG}.localhost/api/deals${route}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: `http://${SLUG}.localhost:4321` },
          body: JSON.stringify(body),
        }),
      );
    const result = await fn(api, db);
    await deliverDue(deps);
    return result;
  } finally {
    await db.close();
  }
}

const events = (db: Db) =>
  db
    .query<{ event: string; deal: string; status: string }>(
      `SELECT payload->>'event' AS event, payload->'deal'->>'id' AS deal, status FROM outbox
        WHERE destination = 'deal-webhook' ORDER BY created_at, (payload->'deal'->>'version')::int`,
    )
    .then((r) => r.rows);

let sent: DealView;
let cancelMe: DealView;
let draft: DealView;
let sentToken: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'deals-cli-'));
  files = await mkdtemp(path.join(tmpdir(), 'deals-cli-leads-'));
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.end();
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/deals`;
  const loaded = await loadDealers('dealers', { only: [SLUG] });
  dealer = loaded.dealers.find((d) => d.slug === SLUG)!;
  const car = dealer.cars.find((c) => isListed(c) && dealOffered(dealer.site, c))!;
  await withApi(async (api) => {
    const begin = async () => {
      const res = await api('', { car_id: car.id });
      expect(res.status, await res.clone().text()).toBe(201);
      return (await res.json()) as DealStarted;
    };
    const send = async (token: string) => {
      const res = await api('/save', { token, contact: SHOPPER, submit: true });
      expect(res.status, await res.clone().text()).toBe(200);
      return (await res.json()) as DealView;
    };
    const a = await begin();
    sentToken = a.token;
    sent = await send(a.token);
    cancelMe = await send((await begin()).token);
    draft = (await begin()).deal;
  });
}, 120_000);
afterAll(async () => {
  await new Promise((r) => receiver.close(r));
  await rm(dataDir, { recursive: true, force: true });
  await rm(files, { recursive: true, force: true });
});

describe('npm run deals', () => {
  it('lists a dealer’s deals, all or by state, and shows one with its events', async () => {
    const list = await deals(['list', '--site', SLUG]);
    expect(list.code, list.stderr).toBe(0);
    expect(list.stdout).toContain(`${SLUG}: 3 deals`);
    expect(list.stdout).toMatch(
      new RegExp(`${sent.id}: submitted, car ${sent.car.id} \\(.+\\), Mia Nguyen <mia@example\\.com>`),
    );
    expect(list.stdout).toContain(`${draft.id}: draft`);
    // Staff read their own time (Sydney), not UTC.
    expect(list.stdout).toMatch(/changed \w{3},? \d{1,2} \w{3} \d{4}, \d{1,2}:\d{2} [ap]m AE[DS]T/);

    const drafts = await deals(['list', '--site', SLUG, '--status', 'draft']);
    expect(drafts.stdout).toContain(`${SLUG}: 1 draft deal`);
    expect(drafts.stdout).not.toContain(sent.id);

    const show = await deals(['show', sent.id]);
    expect(show.code, show.stderr).toBe(0);
    expect(show.stdout).toContain(`${sent.id} of ${SLUG}: submitted`);
    expect(show.stdout).toContain('contact: Mia Nguyen <mia@example.com> 0412 345 678');
    expect(show.stdout).toMatch(/webhook events:\n {4}deal\.created [0-9a-f-]{36}: delivered, 1 attempt/);
  }, 60_000);

  it('completes and cancels, queueing each event once; the shopper’s link shows it complete', async () => {
    const done = await deals(['complete', sent.id]);
    expect(done.code, done.stderr).toBe(0);
    expect(done.stdout).toContain(`deal ${sent.id} is completed. Its deal.completed webhook event is queued`);
    const again = await deals(['complete', sent.id]);
    expect(again.code).toBe(2);
    expect(again.stderr).toContain(`deal ${sent.id} is already completed: nothing changed.`);
    const cancel = await deals(['cancel', cancelMe.id, '--site', SLUG]);
    expect(cancel.code, cancel.stderr).toBe(0);
    expect((await deals(['cancel', sent.id])).code).toBe(2);

    received.length = 0;
    await withApi(async (api, db) => {
      expect(await events(db)).toEqual([
        { event: 'deal.created', deal: sent.id, status: 'delivered' },
        { event: 'deal.created', deal: cancelMe.id, status: 'delivered' },
        { event: 'deal.completed', deal: sent.id, status: 'pending' },
        { event: 'deal.cancelled', deal: cancelMe.id, status: 'pending' },
      ]);
      const view = (await (await api('/view', { token: sentToken })).json()) as DealView;
      expect(view.status).toBe('completed');
    });
    // withApi delivered what was due: each event once, signed with the dealer's secret.
    expect(received.map((r) => (JSON.parse(r.body) as { event: string }).event).sort()).toEqual([
      'deal.cancelled',
      'deal.completed',
    ]);
    for (const r of received) {
      const signed = createHmac('sha256', SECRET).update(`${String(r.headers['x-deal-timestamp'])}.${r.body}`);
      expect(r.headers['x-deal-signature']).toBe(`sha256=${signed.digest('hex')}`);
    }
    const completed = received.find((r) => r.body.includes('deal.completed'))!;
    expect(JSON.parse(completed.body)).toMatchObject({
      event: 'deal.completed',
      deal: { id: sent.id, status: 'completed', completed_by: 'dealer' },
    });
  }, 90_000);

  it('says what is wrong: no such deal, a malformed id, a missing site', async () => {
    const none = await deals(['show', 'deal_000000000000000000000000']);
    expect(none.code).toBe(1);
    expect(none.stderr).toContain('There is no deal deal_000000000000000000000000 in the database.');
    const elsewhere = await deals(['complete', draft.id, '--site', 'ridgeline-mazda']);
    expect(elsewhere.code).toBe(1);
    expect(elsewhere.stderr).toContain(`There is no deal ${draft.id} of ridgeline-mazda`);
    const bad = await deals(['complete', '42']);
    expect(bad.stderr).toContain('"42" is not a deal id');
    const site = await deals(['list']);
    expect(site.code).toBe(1);
    expect(site.stderr).toContain('--site SLUG is required.');
  }, 60_000);
});
