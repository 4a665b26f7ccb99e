/**
 * In-memory sliding-window rate limits: at most `max` hits per key in any `windowMs`. Each API
 * instance counts its own hits; refused hits are not counted, so a client that waits recovers.
 */
export interface Limit {
  max: number;
  windowMs: number;
}

export type LimitAnswer = { ok: true } | { ok: false; retryAfterMs: number };

/** Keys kept before idle ones are swept out. */
const SWEEP_AT = 10_000;

export class SlidingWindowLimiter {
  private readonly hits = new Map<string, number[]>();

  constructor(private readonly limit: Limit) {}

  hit(key: string, nowMs: number): LimitAnswer {
    const since = nowMs - this.limit.windowMs;
    let times = this.hits.get(key);
    if (!times) {
      if (this.hits.size >= SWEEP_AT) this.sweep(since);
      times = [];
      this.hits.set(key, times);
    }
    let expired = 0;
    while (expired < times.length && times[expired]! <= since) expired++;
    if (expired) times.splice(0, expired);
    if (times.length >= this.limit.max) {
      return { ok: false, retryAfterMs: Math.max(1, times[0]! + this.limit.windowMs - nowMs) };
    }
    times.push(nowMs);
    return { ok: true };
  }

  private sweep(since: number) {
    for (const [key, times] of this.hits) {
      if (!times.length || times[times.length - 1]! <= since) this.hits.delete(key);
    }
  }
}

/**
 * The client's address: the last X-Forwarded-For entry (added by the proxy in front of the API:
 * npm start's server, or the platform), else X-Real-IP.
 */
export function clientIp(request: Request): string {
  const forwarded = request.headers.get('x-forwarded-for');
  const last = forwarded?.split(',').map((s) => s.trim()).filter(Boolean).at(-1);
  return last || request.headers.get('x-real-ip')?.trim() || 'unknown';
}
