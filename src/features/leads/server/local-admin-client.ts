/**
 * A command's side of the way into a running local server (local-admin.ts): finding the server
 * that holds the data folder, and calling it. Kept apart from the server so that a command (and
 * the build) loads none of the server's modules.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ReservationRow } from '../../reservations/server/rows.ts';
import type { Car } from '../../../content/entities.ts';
import { openDb, type DbConfig } from '../../../api/db/index.ts';
import { DataDirInUseError } from '../../../api/db/pglite.ts';
import type { Db } from '../../../api/core/deps.ts';
import type { ImportSummary, StockFeed } from '../../stock/server/import.ts';
import type { EraseReport, Person } from './erase.ts';
import type { LeadRow } from './store.ts';

/** The file a running server writes into its data folder. */
export const LOCAL_ADMIN_FILE = 'leads-admin.json';

/** What the file holds. */
export interface LocalAdminFile {
  pid: number;
  /** http://127.0.0.1:<port> */
  url: string;
  token: string;
  /** The command that runs the server ("npm start"), for messages. */
  server: string;
}

export async function readLocalAdminFile(dataDir: string): Promise<LocalAdminFile | undefined> {
  try {
    const parsed = JSON.parse(await readFile(path.join(dataDir, LOCAL_ADMIN_FILE), 'utf8')) as LocalAdminFile;
    return typeof parsed.url === 'string' && typeof parsed.token === 'string' && Number.isInteger(parsed.pid)
      ? parsed
      : undefined;
  } catch {
    return undefined;
  }
}

/** The leads work a running server does for a command. */
export interface LocalAdminClient {
  /** "npm start". */
  server: string;
  pid: number;
  listLeads(site: string, options: { includeSpam: boolean }): Promise<LeadRow[]>;
  eraseLeadsOf(site: string, person: Person): Promise<EraseReport>;
  importStock(site: string, feed: StockFeed, force: boolean): Promise<ImportSummary>;
  /** Each importing dealer's stock among `sites` (a dealer that never imported is left out). */
  importedCars(sites: string[]): Promise<Record<string, Car[]>>;
  /** `npm run reservations`: list a dealer's reservations, or settle a reserved car. */
  reservations(
    site: string,
    command: { action: 'list' } | { action: 'sold' | 'release'; carId: string },
  ): Promise<ReservationRow[]>;
}

/**
 * The way into the server with the pid `holder`, which has the data folder open; undefined when
 * no such server wrote its file there (another command holds the folder, or a server without
 * this way in). `timeoutMs` bounds each call (default 60 s).
 */
export async function localAdminOf(
  dataDir: string,
  holder: number,
  options: { timeoutMs?: number } = {},
): Promise<LocalAdminClient | undefined> {
  const found = await readLocalAdminFile(dataDir);
  if (!found || found.pid !== holder) return undefined;
  const timeoutMs = options.timeoutMs ?? 60_000;
  const who = `${found.server || 'The server'} (pid ${found.pid})`;

  async function call<T>(route: string, body: unknown): Promise<T> {
    let res: Response;
    try {
      res = await fetch(`${found!.url}${route}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${found!.token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (e) {
      const cause = (e as Error).name === 'TimeoutError' ? `no answer in ${timeoutMs / 1000} s` : (e as Error).message;
      throw new Error(`${who} has the database open but did not answer at ${found!.url} (${cause}).`, { cause: e });
    }
    const text = await res.text();
    if (!res.ok) {
      let reason = text;
      try {
        reason = (JSON.parse(text) as { error?: string }).error ?? text;
      } catch {
        // the body as it came
      }
      throw new Error(`${who} refused: HTTP ${res.status} ${reason}`);
    }
    return JSON.parse(text) as T;
  }

  return {
    server: found.server,
    pid: found.pid,
    async listLeads(site, { includeSpam }) {
      const { leads } = await call<{ leads: LeadRow[] }>('/leads/export', { site, includeSpam });
      // JSON carries the times as ISO strings; the export formats take them as the database gives them.
      return leads.map((lead) => ({
        ...lead,
        created_at: new Date(lead.created_at),
        updated_at: new Date(lead.updated_at),
        completed_at: lead.completed_at === null ? null : new Date(lead.completed_at),
      }));
    },
    eraseLeadsOf: (site, person) => call<EraseReport>('/leads/erase', { site, person }),
    importStock: (site, feed, force) => call<ImportSummary>('/stock/import', { site, feed, force }),
    importedCars: async (sites) => (await call<{ cars: Record<string, Car[]> }>('/stock/cars', { sites })).cars,
    reservations: async (site, command) =>
      (await call<{ rows: ReservationRow[] }>('/reservations', { site, ...command })).rows,
  };
}

/** A command's database: its own connection, or the running server that holds the folder. */
export type CommandDb = { db: Db; server?: undefined } | { server: LocalAdminClient; db?: undefined };

/**
 * Opens the database of `config` (DATABASE_URL, else PGlite in `dataDir`) for a command; while
 * npm start or npm run dev holds the embedded database, the way in through that server instead.
 * Another holder is named, with what to do: `what` says what the command needs ("leads commands").
 */
export async function openForCommand(config: DbConfig, dataDir: string, what: string): Promise<CommandDb> {
  try {
    return { db: await openDb(config) };
  } catch (e) {
    if (!(e instanceof DataDirInUseError)) throw e;
    const server = await localAdminOf(dataDir, e.pid);
    if (!server)
      throw new Error(
        `The database in ${dataDir} is open in another process (pid ${e.pid}), which does not take ${what} ` +
          '(npm start and npm run dev do). Stop that process, or let it finish, and run the command again.',
        { cause: e },
      );
    return { server };
  }
}
