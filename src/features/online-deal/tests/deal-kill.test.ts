/**
 * An online deal whose process is SIGKILLed mid-change, on a throwaway PostgreSQL cluster
 * (scripts/faults/pg-cluster.ts): killed with the send's transaction done but not committed, killed
 * after the commit before its answer (the shopper sends again), killed while a receiver holds the
 * deal webhook's request, killed right after the receiver answered (before the attempt is
 * recorded), killed mid-change. After each, a new process carries on. In the end the deal is sent
 * with its change, its lead is in the database once and its ADF reached the dealer's receiver
 * under one lead id, and the webhook receiver got each event (signature checked) under one event
 * id: a redelivery repeats the same id and body, so dropping ids already seen leaves each event
 * once. Skipped only where no cluster can be made (no initdb, or neither root nor the postgres user).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../../api/db/migrate.ts';
import { openPostgres } from '../../../api/db/postgres.ts';
import type { Db } from '../../../api/core/deps.ts';
import { loadDealers, type DealerContent } from '../../../content/load.ts';
import { isListed } from '../../../domain/routes.ts';
import { startCluster, type Cluster } from '../../../../scripts/faults/pg-cluster.ts';
import { clusterUnavailableReason } from '../../../../scripts/faults/pg-run-as.ts';
import { within } from '../../../../scripts/faults/processes.ts';
import { testDeps } from '../../../../tests/helpers/db.ts';
import { dealOffered } from '../rules/deal.ts';
import { startDeal } from '../server/service.ts';

const SLUG = 'coastal-motor-group';
const SECRET = 'deal-kill-secret';
/** Past the outbox's claim lease (10 minutes), so a killed sender's rows are due again. */
const AFTER_LEASE_MS = 11 * 60_000;
const unavailable = clusterUnavailableReason();

interface Got {
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}
type Hold = (req: Got, res: ServerResponse) => boolean;

describe.skipIf(unavailable)(
  `an online deal killed mid-change${unavailable ? ` (skipped: ${unavailable})` : ''}`,
  () => {
    let cluster: Cluster;
    let db: Db;
    let receiver: Server;
    let base: string;
    let dealer: DealerContent;
    let token: string;
    let dealId: string;
    const got: Got[] = [];
    /** Takes the next request instead of the 200 answer, when set and it answers true. */
    let hold: Hold | undefined;
    let clock = Date.now();

    beforeAll(async () => {
      cluster = await startCluster();
      // Committed must mean committed: the test reads what a killed process left.
      await cluster.query('ALTER SYSTEM SET synchronous_commit = on');
      await cluster.query('SELECT pg_reload_conf()');
      db = await openPostgres({ connectionString: cluster.url, max: 4, connectTimeoutMs: 2_000 });
      await migrate(db);
      receiver = createServer((req, res) => {
        let body = '';
        req.on('data', (c: Buffer) => (body += c.toString()));
        req.on('end', () => {
          const request = { path: req.url ?? '', headers: req.headers, body };
          got.push(request);
          if (hold?.(request, res)) return;
          res.end();
        });
      });
      await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
      base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
      dealer = (await loadDealers('dealers', { only: [SLUG] })).dealers.find((d) => d.slug === SLUG)!;
      const car = dealer.cars.find((c) => isListed(c) && dealOffered(dealer.site, c) && c.price)!;
      const deps = await testDeps(db, { dealers: [dealer], now: () => new Date(clock) });
      const started = await startDeal(deps, dealer, String(car.id));
      token = started.token;
      dealId = started.deal.id;
    }, 60_000);
    afterAll(async () => {
      await new Promise((r) => receiver?.close(r));
      await db?.close().catch(() => {});
      await cluster?.destroy();
    });

    /** One step in a process of its own (deal-kill-child.ts). */
    const child = (step: string, pause?: string): { process: ChildProcess; done: Promise<string> } => {
      const p = spawn(process.execPath, ['--import', 'tsx', 'src/features/online-deal/tests/deal-kill-child.ts'], {
        env: {
          ...process.env,
          DEAL_DB_URL: cluster.url,
          DEAL_SITE: SLUG,
          DEAL_TOKEN: token,
          DEAL_STEP: step,
          DEAL_NOW: new Date(clock).toISOString(),
          DEAL_ADF_URL: `${base}/adf`,
          DEAL_HOOK_URL: `${base}/deals`,
          DEAL_HOOK_SECRET: SECRET,
          ...(pause ? { DEAL_PAUSE: pause } : {}),
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      p.stdout.on('data', (c: Buffer) => (out += c.toString()));
      p.stderr.on('data', (c: Buffer) => (out += c.toString()));
      const done = new Promise<string>((resolve) => p.on('exit', (code) => resolve(`exit ${code}: ${out}`)));
      return { process: p, done };
    };
    /** Runs `step` to its end. */
    const finish = async (step: string) => {
      const outcome = await within(child(step).done, 30_000, `the ${step} step`);
      expect(outcome, outcome).toMatch(/^exit 0:/);
      return outcome;
    };
    /** Runs `step` paused at `pause` and SIGKILLs it there. */
    const killAt = async (step: string, pause: string) => {
      const run = child(step, pause);
      await within(
        new Promise<void>((resolve) =>
          run.process.stdout!.on('data', (c: Buffer) => c.includes('paused') && resolve()),
        ),
        30_000,
        `the ${step} step to pause ${pause}`,
      );
      run.process.kill('SIGKILL');
      return within(run.done, 10_000, 'the killed step to end');
    };
    /** Delivery killed while the receiver holds the first request to `path`, or right after answering it. */
    const killDelivery = async (path: string, when: 'holding' | 'answered') => {
      let arrived!: () => void;
      const reached = new Promise<void>((r) => (arrived = r));
      const run = child('deliver');
      hold = (req, res) => {
        if (req.path !== path) return false;
        hold = undefined;
        if (when === 'answered') res.end(() => run.process.kill('SIGKILL'));
        else run.process.kill('SIGKILL');
        arrived();
        return true;
      };
      await within(reached, 30_000, `a request to ${path}`);
      await within(run.done, 10_000, 'the killed delivery to end');
    };
    const state = async () => {
      const deal = (
        await db.query<{ status: string; version: number; lead_id: string | null; finance: unknown }>(
          `SELECT status, version, lead_id, parts->'finance' AS finance FROM deals WHERE id = $1`,
          [dealId],
        )
      ).rows[0]!;
      const leads = (await db.query<{ id: string }>(`SELECT id FROM leads WHERE category = 'Online Deal'`)).rows;
      const outbox = (
        await db.query<{ id: string; destination: string; event: string | null; status: string }>(
          `SELECT id, destination, payload->>'event' AS event, status FROM outbox ORDER BY created_at, id`,
        )
      ).rows;
      return { deal, leads, outbox };
    };

    it('loses nothing and duplicates nothing when killed at each point of a change', async () => {
      // Killed with the send done but not committed: nothing of it stays.
      await killAt('send', 'before-commit');
      let now = await state();
      expect(now.deal).toMatchObject({ status: 'draft', version: 1, lead_id: null });
      expect(now.leads).toEqual([]);
      expect(now.outbox).toEqual([]);

      // Killed after the commit, before the shopper heard: the deal is sent, and sending again
      // (the page retries) makes no second lead and no event.
      await killAt('send', 'after-commit');
      now = await state();
      expect(now.deal.status).toBe('submitted');
      expect(now.leads).toHaveLength(1);
      expect(now.outbox.map((o) => o.event ?? o.destination).sort()).toEqual(['adf', 'deal.created']);
      await finish('send');
      expect((await state()).outbox).toHaveLength(2);

      // Killed while the webhook receiver holds the event's request; then, once the dead process's
      // claim lease has run out, right after the ADF receiver answered. A new process sends what is left.
      await killDelivery('/deals', 'holding');
      expect((await state()).outbox.every((o) => o.status === 'pending')).toBe(true);
      clock += AFTER_LEASE_MS;
      await killDelivery('/adf', 'answered');
      clock += AFTER_LEASE_MS;
      await finish('deliver');
      now = await state();
      expect(now.outbox.map((o) => o.status)).toEqual(['delivered', 'delivered']);

      // Killed mid-change: the change is not half made; made again, one "deal.updated".
      await killAt('change', 'before-commit');
      expect((await state()).deal.finance).toBeNull();
      const version = (await state()).deal.version;
      await finish('change');
      await killDelivery('/deals', 'answered');
      clock += AFTER_LEASE_MS;
      await finish('deliver');

      now = await state();
      expect(now.deal).toMatchObject({ status: 'submitted', version: version + 1 });
      expect(now.deal.finance).toMatchObject({ deposit: 3000, term: 5, frequency: 'Monthly' });
      expect(now.leads).toHaveLength(1);
      const events = now.outbox.filter((o) => o.destination === 'deal-webhook');
      expect(events.map((e) => e.event)).toEqual(['deal.created', 'deal.updated']);
      expect(now.outbox.every((o) => o.status === 'delivered')).toBe(true);

      // The receivers: every request signed; one event id per event, one lead id per lead.
      const hooks = got.filter((g) => g.path === '/deals');
      const byId = new Map<string, string>();
      for (const h of hooks) {
        const signed = createHmac('sha256', SECRET).update(`${String(h.headers['x-deal-timestamp'])}.${h.body}`);
        expect(h.headers['x-deal-signature']).toBe(`sha256=${signed.digest('hex')}`);
        const id = String(h.headers['x-deal-event-id']);
        expect(byId.get(id) ?? h.body, 'a redelivery repeats the event as it was').toBe(h.body);
        byId.set(id, h.body);
      }
      expect(hooks.length).toBeGreaterThan(byId.size);
      expect([...byId.keys()].sort()).toEqual(events.map((e) => e.id).sort());
      expect([...byId.values()].map((b) => (JSON.parse(b) as { event: string }).event).sort()).toEqual([
        'deal.created',
        'deal.updated',
      ]);
      const adfLeads = got
        .filter((g) => g.path === '/adf')
        .map((g) => /<id sequence="1" source="dealer-sites">([^<]+)<\/id>/.exec(g.body)?.[1]);
      expect(new Set(adfLeads)).toEqual(new Set([now.leads[0]!.id]));
    }, 60_000);
  },
);
