/**
 * Rate limits: at most `max` hits per key in any `windowMs`.
 *
 * On PGlite (one process) the counts live in memory: an exact sliding window, where refused hits
 * are not counted, so a client that waits recovers. On a PostgreSQL server, which several API
 * instances may share, they live in the rate_limit_hits table (migration 0007): one statement
 * per request counts every key of it and answers with the counts of this window and the last,
 * weighted into a sliding window. If that statement fails or takes over a second (the database
 * is away or frozen), the instance counts in its own memory for a few seconds before it tries
 * again, so a limit never fails open, crashes a route or holds a request up.
 */
import type { Db } from '../db/types.ts';
import { describeError } from '../db/errors.ts';

export interface Limit {
  max: number;
  windowMs: number;
}

export type LimitAnswer = { ok: true } | { ok: false; retryAfterMs: number; key: string };

/** One key to count, under its limit. */
export interface Hit {
  key: string;
  limit: Limit;
}

export interface RateCounter {
  /** Counts a hit on every key, unless one is over its limit: then that one's answer. */
  hit(hits: Hit[], nowMs: number): Promise<LimitAnswer>;
  /**
   * The answer `hit` would give, counting nothing: for limits on what went wrong (failed stock
   * pushes), where a request is refused once enough failures were counted, and only a failure counts.
   */
  peek(hits: Hit[], nowMs: number): Promise<LimitAnswer>;
}

/** Keys kept before idle ones are swept out. */
const SWEEP_AT = 10_000;

/** Exact sliding windows in this process's memory. */
export class MemoryCounter implements RateCounter {
  private readonly times = new Map<string, number[]>();

  hit(hits: Hit[], nowMs: number): Promise<LimitAnswer> {
    return Promise.resolve(this.hitNow(hits, nowMs));
  }

  peek(hits: Hit[], nowMs: number): Promise<LimitAnswer> {
    return Promise.resolve(this.peekNow(hits, nowMs));
  }

  peekNow(hits: Hit[], nowMs: number): LimitAnswer {
    for (const { key, limit } of hits) {
      const list = (this.times.get(key) ?? []).filter((t) => t > nowMs - limit.windowMs);
      if (list.length >= limit.max)
        return { ok: false, key, retryAfterMs: Math.max(1, list[0]! + limit.windowMs - nowMs) };
    }
    return { ok: true };
  }

  hitNow(hits: Hit[], nowMs: number): LimitAnswer {
    const lists = hits.map(({ key, limit }) => {
      let list = this.times.get(key);
      if (!list) {
        if (this.times.size >= SWEEP_AT) this.sweep(nowMs);
        list = [];
        this.times.set(key, list);
      }
      let expired = 0;
      while (expired < list.length && list[expired]! <= nowMs - limit.windowMs) expired++;
      if (expired) list.splice(0, expired);
      return list;
    });
    for (let i = 0; i < hits.length; i++) {
      const { key, limit } = hits[i]!;
      const list = lists[i]!;
      if (list.length >= limit.max)
        return { ok: false, key, retryAfterMs: Math.max(1, list[0]! + limit.windowMs - nowMs) };
    }
    for (const list of lists) list.push(nowMs);
    return { ok: true };
  }

  private sweep(nowMs: number) {
    // A key idle for ten minutes is past any window this API uses.
    for (const [key, list] of this.times) {
      if (!list.length || list[list.length - 1]! <= nowMs - 10 * 60_000) this.times.delete(key);
    }
  }
}

const COUNT = `
WITH input AS (
  SELECT * FROM unnest($1::text[], $2::bigint[], $3::timestamptz[]) AS i (key, slot, expires_at)
),
counted AS (
  INSERT INTO rate_limit_hits AS r (key, slot, hits, expires_at)
  SELECT key, slot, 1, expires_at FROM input
  ON CONFLICT (key, slot) DO UPDATE SET hits = r.hits + 1
  RETURNING r.key, r.slot, r.hits
)
SELECT c.key, c.hits, COALESCE(p.hits, 0) AS previous
FROM counted c LEFT JOIN rate_limit_hits p ON p.key = c.key AND p.slot = c.slot - 1`;

const PEEK = `
SELECT i.key, COALESCE(c.hits, 0) AS hits, COALESCE(p.hits, 0) AS previous
FROM unnest($1::text[], $2::bigint[]) AS i (key, slot)
LEFT JOIN rate_limit_hits c ON c.key = i.key AND c.slot = i.slot
LEFT JOIN rate_limit_hits p ON p.key = i.key AND p.slot = i.slot - 1`;

/** Longest wait for the shared count before this request is counted in memory instead. */
export const SHARED_COUNT_TIMEOUT_MS = 1_000;
/** After the shared count fails, this long of counting in memory before it is tried again. */
export const SHARED_COUNT_COOLDOWN_MS = 5_000;

/** Counts shared by every API instance on one PostgreSQL database. */
export class DatabaseCounter implements RateCounter {
  private readonly fallback = new MemoryCounter();
  private failedAt: number | undefined;
  private lastSweep = 0;

  constructor(
    private readonly db: Db,
    private readonly log: (line: string) => void = console.error,
  ) {}

  /** The shared count, or a rejection within SHARED_COUNT_TIMEOUT_MS: a limit never holds a request up for long. */
  private count(hits: Hit[], slots: number[], peek = false) {
    const query = peek
      ? this.db.query<{ key: string; hits: number; previous: number }>(PEEK, [hits.map((h) => h.key), slots])
      : this.db.query<{ key: string; hits: number; previous: number }>(COUNT, [
          hits.map((h) => h.key),
          slots,
          hits.map((h, i) => new Date((slots[i]! + 2) * h.limit.windowMs).toISOString()),
        ]);
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`no answer within ${SHARED_COUNT_TIMEOUT_MS} ms`)),
        SHARED_COUNT_TIMEOUT_MS,
      );
    });
    query.catch(() => {}); // a late failure is already answered by the timeout
    return Promise.race([query, late]).finally(() => clearTimeout(timer));
  }

  hit(hits: Hit[], nowMs: number): Promise<LimitAnswer> {
    return this.answer(hits, nowMs, false);
  }

  peek(hits: Hit[], nowMs: number): Promise<LimitAnswer> {
    return this.answer(hits, nowMs, true);
  }

  private async answer(hits: Hit[], nowMs: number, peek: boolean): Promise<LimitAnswer> {
    const slots = hits.map(({ limit }) => Math.floor(nowMs / limit.windowMs));
    const wall = Date.now();
    const inMemory = () => (peek ? this.fallback.peekNow(hits, nowMs) : this.fallback.hitNow(hits, nowMs));
    if (this.failedAt !== undefined && wall - this.failedAt < SHARED_COUNT_COOLDOWN_MS) return inMemory();
    let rows: { key: string; hits: number; previous: number }[];
    try {
      ({ rows } = await this.count(hits, slots, peek));
      if (this.failedAt !== undefined) this.log('Rate limits are shared through the database again.');
      this.failedAt = undefined;
    } catch (error) {
      if (this.failedAt === undefined)
        this.log(`Rate limits count in this process's memory while the database fails: ${describeError(error)}`);
      this.failedAt = Date.now();
      return inMemory();
    }
    if (nowMs - this.lastSweep > 60_000) {
      this.lastSweep = nowMs;
      this.db
        .query('DELETE FROM rate_limit_hits WHERE expires_at < $1::timestamptz', [new Date(nowMs).toISOString()])
        .catch(() => {});
    }
    const byKey = new Map(rows.map((r) => [r.key, r]));
    for (let i = 0; i < hits.length; i++) {
      const { key, limit } = hits[i]!;
      const row = byKey.get(key);
      if (!row) continue;
      const slotStart = slots[i]! * limit.windowMs;
      // The last window's hits count for the part of it still inside the sliding window.
      const weight = 1 - (nowMs - slotStart) / limit.windowMs;
      // A hit counted itself; a peek asks whether the next one would be over.
      const estimate = Number(row.hits) - (peek ? 0 : 1) + Number(row.previous) * weight;
      if (estimate >= limit.max)
        return { ok: false, key, retryAfterMs: Math.max(1, slotStart + limit.windowMs - nowMs) };
    }
    return { ok: true };
  }
}

/** The counter for a database: shared on a server (`db.parallel`), in memory on PGlite. */
export function counterFor(db: Db): RateCounter {
  return db.parallel ? new DatabaseCounter(db) : new MemoryCounter();
}

/**
 * The client's address: the last X-Forwarded-For entry (added by the proxy in front of the API:
 * npm start's server, or the platform), else X-Real-IP. An IPv6 address stands for its /64
 * network, which one household or phone usually holds whole.
 */
export function clientIp(request: Request): string {
  const forwarded = request.headers.get('x-forwarded-for');
  const last = forwarded
    ?.split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .at(-1);
  return addressGroup(last || request.headers.get('x-real-ip')?.trim() || 'unknown');
}

/**
 * What one client holds, for counting: an IPv4 address as it is (an IPv4-mapped IPv6 address
 * as its IPv4 address), an IPv6 address as its /64 network. Also used for the Node servers'
 * connection cap (connection-guard.ts).
 */
export function addressGroup(address: string): string {
  const ip = address.toLowerCase();
  return ip.includes(':') && !ip.startsWith('::ffff:') ? ipv6Network(ip) : ip.replace(/^::ffff:(?=\d+\.)/, '');
}

/** "2001:db8:1:2:3:4:5:6" → "2001:db8:1:2::/64"; text that is no IPv6 address is kept as it is. */
function ipv6Network(ip: string): string {
  const bare = ip.replace(/^\[|\](:\d+)?$/g, '').replace(/%.*$/, '');
  const [head = '', tail] = bare.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups =
    tail === undefined
      ? left
      : [...left, ...new Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  if (groups.length !== 8 || !groups.every((g) => /^[0-9a-f]{1,4}$/.test(g))) return bare;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
