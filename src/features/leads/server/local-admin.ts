/**
 * The leads commands' way into a running local server. One process at a time may open the
 * embedded database's folder (db/pglite.ts), so while `npm start` or `npm run dev` has it open,
 * `npm run leads -- export` and `erase` cannot open it themselves: they ask that server to do the
 * database work instead.
 *
 * The server listens for this on 127.0.0.1 only, on a port the system picks, apart from the
 * sites and the API, and writes its pid, that address and a token it draws anew each run to
 * `<data>/leads-admin.json`, readable by its owner only. It answers only requests from a loopback
 * address, to its own address as Host, that carry the token; it removes the file when it stops.
 *
 *   POST /leads/export  { site, includeSpam }  → { leads: LeadRow[] }       (listLeads)
 *   POST /leads/erase   { site, person }       → EraseReport                (eraseLeadsOf)
 *   POST /stock/import  { site, feed, force }  → ImportSummary              (applyStockFeed)
 *   POST /stock/cars    { sites }              → { cars: { [slug]: Car[] } } (imported stock only)
 *
 * A command finds the file through the pid of the process holding the folder (its lock file), so
 * a file left behind by a server that no longer runs is never used.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { rename, rm, writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAdaptorServer, type HttpBindings } from '@hono/node-server';
import { Hono } from 'hono';
import path from 'node:path';
import { processEnv, type Env } from '../../../config/env.ts';
import { dbConfigFrom } from '../../../api/db/open.ts';
import { reservationCommand } from '../../reservations/server/rows.ts';
import { maintenance, type Db } from '../../../api/core/deps.ts';
import { eraseLeadsOf, isLeadId, type Person } from './erase.ts';
import { LOCAL_ADMIN_FILE, readLocalAdminFile, type LocalAdminFile } from './local-admin-client.ts';
import { listLeads } from './export.ts';
import type { Car } from '../../../content/entities.ts';
import type { DealerContent } from '../../../content/load.ts';
import { applyStockFeed, type StockFeed } from '../../stock/server/import.ts';
import { importingSites, stockRows } from '../../stock/server/store.ts';

export { LOCAL_ADMIN_FILE, localAdminOf, type LocalAdminClient, type LocalAdminFile } from './local-admin-client.ts';

const ROUTES = ['/leads/export', '/leads/erase', '/stock/import', '/stock/cars', '/reservations'] as const;

export interface LocalAdminOptions {
  db: Db;
  /** The data folder: where the file goes, and erase's delivery files. */
  dataDir: string;
  /** "npm start", "npm run dev". */
  server: string;
  /** Longest a request may take to arrive, headers and body (default 10 s). */
  requestTimeoutMs?: number;
  /** The dealers the server serves: `npm run stock` imports through it (absent: no stock routes). */
  dealers?: DealerContent[];
  /** Called after an import through it changed a dealer's stock. */
  onStockChanged?: (slug: string) => void;
}

export interface LocalAdmin {
  url: string;
  file: string;
  close(): Promise<void>;
}

const BODY_LIMIT = 64 * 1024;
/** A stock feed, converted: thousands of cars with their photo lists. */
const STOCK_BODY_LIMIT = 32 * 1024 * 1024;

class Refusal extends Error {
  status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

const isLoopback = (address: string | undefined) =>
  !!address && (address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.'));

function sameToken(given: string, token: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(`Bearer ${token}`);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The request's JSON body, read up to `limit` bytes. */
async function readBody(request: Request, limit: number): Promise<unknown> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (request.body)
    for await (const chunk of request.body) {
      size += chunk.length;
      if (size > limit) throw new Refusal(413, `The request is larger than ${limit} bytes.`);
      chunks.push(chunk);
    }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw new Refusal(400, 'The request is not JSON.');
  }
}

function siteOf(body: Record<string, unknown>): string {
  if (typeof body.site !== 'string' || !body.site) throw new Refusal(400, 'site is required.');
  return body.site;
}

function personOf(body: Record<string, unknown>): Person {
  const p = body.person as Record<string, unknown> | undefined;
  if (p && typeof p.email === 'string' && p.email.trim()) return { email: p.email };
  if (p && typeof p.leadId === 'string' && isLeadId(p.leadId)) return { leadId: p.leadId };
  throw new Refusal(400, 'person must be { email } or { leadId }.');
}

function answerOf(status: number, body: unknown): Response {
  const text = JSON.stringify(body);
  return new Response(text, {
    status,
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': String(Buffer.byteLength(text)),
      'Cache-Control': 'no-store',
    },
  });
}

/** Starts the way in and writes the file; `close` stops it and removes the file. */
export async function startLocalAdmin(options: LocalAdminOptions): Promise<LocalAdmin> {
  const token = randomBytes(32).toString('base64url');
  const file = path.join(options.dataDir, LOCAL_ADMIN_FILE);
  let host = '';

  async function answer(request: Request, req: HttpBindings['incoming']): Promise<unknown> {
    if (!isLoopback(req.socket.remoteAddress)) throw new Refusal(403, 'Only this machine may call this server.');
    if (req.headers.host !== host) throw new Refusal(403, `Call this server as ${host}.`);
    if (!sameToken(req.headers.authorization ?? '', token))
      throw new Refusal(401, `The token of ${LOCAL_ADMIN_FILE} is required.`);
    const route = ROUTES.find((r) => r === req.url && (options.dealers || !r.startsWith('/stock/')));
    if (!route) throw new Refusal(404, 'No such route.');
    if (req.method !== 'POST') throw new Refusal(405, `${req.method} is not allowed here.`);
    const body = await readBody(request, route === '/stock/import' ? STOCK_BODY_LIMIT : BODY_LIMIT);
    if (typeof body !== 'object' || body === null) throw new Refusal(400, 'The request must be a JSON object.');
    const fields = body as Record<string, unknown>;
    if (route === '/stock/cars') {
      const sites = Array.isArray(fields.sites) ? fields.sites.filter((s): s is string => typeof s === 'string') : [];
      const dealers = options.dealers!.filter((d) => sites.includes(d.slug));
      const importing = await importingSites(
        options.db,
        dealers.map((d) => d.slug),
      );
      const cars: Record<string, Car[]> = {};
      for (const slug of importing) cars[slug] = (await stockRows(options.db, slug)).map((r) => r.car);
      return { cars };
    }
    const site = siteOf(fields);
    if (route === '/stock/import') {
      const dealer = options.dealers!.find((d) => d.slug === site);
      if (!dealer) throw new Refusal(404, `This server does not serve a dealer "${site}".`);
      const feed = fields.feed as StockFeed | undefined;
      if (!feed || !Array.isArray(feed.cars) || (feed.mode !== 'full' && feed.mode !== 'delta'))
        throw new Refusal(400, 'feed must be { mode, cars, skipped }.');
      const summary = await maintenance(options.db, (db) =>
        applyStockFeed(db, dealer, feed, { source: 'cli', force: fields.force === true }),
      );
      if (!summary.refused && !summary.duplicate) options.onStockChanged?.(site);
      return summary;
    }
    if (route === '/reservations') {
      const action = fields.action;
      const carId = typeof fields.carId === 'string' ? fields.carId : '';
      if (action !== 'list' && action !== 'sold' && action !== 'release')
        throw new Refusal(400, 'action must be list, sold or release.');
      if (action !== 'list' && !carId) throw new Refusal(400, 'carId is required.');
      const rows = await reservationCommand(
        options.db,
        site,
        action === 'list' ? { action } : { action, carId },
        new Date(),
      );
      return { rows };
    }
    if (route === '/leads/export') {
      const leads = await maintenance(options.db, (db) =>
        listLeads(db, site, { includeSpam: fields.includeSpam === true }),
      );
      return { leads };
    }
    const person = personOf(fields);
    return maintenance(options.db, (db) => eraseLeadsOf(db, site, person, { dataDir: options.dataDir }));
  }

  const app = new Hono<{ Bindings: HttpBindings }>();
  app.all('*', async (c) => answerOf(200, await answer(c.req.raw, c.env.incoming)));
  app.onError((e) => answerOf(e instanceof Refusal ? e.status : 500, { error: e.message }));
  // A plain node:http server under @hono/node-server's listener; the product's Request stays the platform's.
  const server = createAdaptorServer({ fetch: app.fetch, overrideGlobalObjects: false }) as Server;
  server.requestTimeout = options.requestTimeoutMs ?? 10_000;
  server.headersTimeout = Math.min(server.requestTimeout, 10_000);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  const url = `http://${host}`;
  const content: LocalAdminFile = { pid: process.pid, url, token, server: options.server };
  // Written whole, then renamed into place: a command never reads half a file.
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    await writeFile(temporary, `${JSON.stringify(content, null, 2)}\n`, { mode: 0o600 });
    await rename(temporary, file);
  } catch (e) {
    server.close();
    await rm(temporary, { force: true });
    throw e;
  }

  return {
    url,
    file,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      // Another run may have written its own file since: leave that one.
      const current = await readLocalAdminFile(options.dataDir);
      if (current?.token === token) await rm(file, { force: true });
    },
  };
}

/**
 * startLocalAdmin for a server on the embedded database (DATABASE_URL not set: on PostgreSQL the
 * commands connect themselves). One that cannot start is a warning, never a stop of the server.
 */
export async function offerLocalAdmin(
  options: LocalAdminOptions & { env?: Env; warn: (line: string) => void },
): Promise<LocalAdmin | undefined> {
  if (dbConfigFrom(options.dataDir, options.env ?? processEnv()).kind !== 'pglite') return undefined;
  return startLocalAdmin(options).catch((e: Error) => {
    options.warn(`warning: npm run leads and npm run stock cannot reach the database while this runs: ${e.message}`);
    return undefined;
  });
}
