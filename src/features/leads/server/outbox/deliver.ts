/**
 * The outbox worker: it claims due rows, sends each outside any transaction, and records every
 * attempt. Rules it keeps:
 *
 * - Claims take rows FOR UPDATE SKIP LOCKED, so several workers never take the same row, and
 *   push a claimed row's next attempt a lease ahead first, so a worker that dies mid-send leaves
 *   the row to be retried rather than lost.
 * - Each destination (one dealer's webhook, ADF endpoint or folder) has its own slots: at most
 *   `perDestination` of its rows in flight in a worker, so a busy destination is not claimed again
 *   until one of its sends ends. Claims are fair (every destination's first due row before any
 *   destination's second), and a send starts as soon as a slot frees, not when a batch has ended:
 *   a slow or dead receiver holds up its own dealer's leads only.
 * - A send that gets no answer (its time budget spent, or the connection failed) puts off its
 *   destination's other due rows to its own retry time without an attempt, rather than have each
 *   wait out its own timeout.
 * - A row's destination is read from the configuration when it is sent (its dealer's destination
 *   of the row's kind, URL and secret as they are now). When the dealer has no destination of
 *   that kind any more, the lead is written to the dealer's deliveries folder and the attempt says
 *   so (deliveries.note); a file row always goes to the deliveries folder. Each attempt records
 *   where it went (deliveries.target, URLs without credentials).
 * - A failed attempt is retried with exponential backoff until MAX_ATTEMPTS, then marked failed.
 *   Its reason, as stored and logged, quotes URLs without their credentials.
 *
 * What is sent is built from the completed lead's row (which never changes once complete) and
 * the site's content; rows written by earlier versions carry their payload and send it as it is.
 */
import type { ApiDeps } from '../../../../api/core/deps.ts';
import type { LeadRow } from '../store.ts';
import { KIND_NAMES, sendRow } from './route.ts';
import { claimDue, deferDue, leadsById, recordAttempt, type OutboxRow } from './rows.ts';

export const MAX_ATTEMPTS = 12;
export const FIRST_RETRY_MS = 60_000;
export const MAX_RETRY_MS = 6 * 60 * 60_000;
const LEASE_MS = 10 * 60_000;
/** Sends in flight at once in one worker, every destination together. */
export const IN_FLIGHT = 64;
/** Sends in flight at once to one destination in one worker. */
export const PER_DESTINATION = 4;

/** Wait before the next try after `attempts` failed ones: 1 min, 2, 4, … capped at 6 h. */
export function retryDelayMs(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), MAX_RETRY_MS);
}

export interface DeliverOptions {
  /** The time of every claim, send and record; deps.now() at each by default. */
  now?: Date;
  /** Sends in flight at once, every destination together (IN_FLIGHT). */
  limit?: number;
  /** Sends in flight at once per destination (PER_DESTINATION). */
  perDestination?: number;
  /** Each send's time budget (SEND_TIMEOUT_MS). */
  sendTimeoutMs?: number;
  /** Where a destination put off for not answering is told. */
  log?: (line: string) => void;
}

export interface DeliverReport {
  claimed: number;
  delivered: number;
  /** Failed this time, to be tried again. */
  retrying: number;
  /** Failed for the last time. */
  failed: number;
  /** Due rows put off without an attempt because their destination did not answer. */
  deferred: number;
}

export const emptyReport = (): DeliverReport => ({ claimed: 0, delivered: 0, retrying: 0, failed: 0, deferred: 0 });

const groupOf = (row: Pick<OutboxRow, 'site_slug' | 'destination'>) => `${row.site_slug}\u0000${row.destination}`;

/** One run's tally, and the first database failure that stops it claiming. */
interface RunState {
  report: DeliverReport;
  failure?: { error: unknown };
}

/**
 * A worker with its destinations' slots. `run()` delivers until no due row is left that a free
 * slot may take and every send has ended; `poke()` has a run under way look for due rows again.
 */
export class OutboxWorker {
  private readonly inFlight = new Map<string, number>();
  /** Destinations put off for not answering, until when (ms): not claimed before. */
  private readonly deferredUntil = new Map<string, number>();
  private readonly sends = new Set<Promise<void>>();
  private signalled = false;
  private wakeUp?: () => void;
  private running?: Promise<DeliverReport>;

  constructor(
    private readonly deps: ApiDeps,
    private readonly options: DeliverOptions = {},
  ) {}

  /** Delivers what is due; a call during a run joins it, and has it look for due rows again. */
  run(): Promise<DeliverReport> {
    if (this.running) {
      this.poke();
      return this.running;
    }
    this.running = this.loop().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  /** Wakes a run under way to claim again (a lead was completed, or a slot freed). */
  poke(): void {
    this.signalled = true;
    this.wakeUp?.();
  }

  private now(): Date {
    return this.options.now ?? this.deps.now();
  }

  private async loop(): Promise<DeliverReport> {
    const state: RunState = { report: emptyReport() };
    for (;;) {
      this.signalled = false;
      if (!state.failure) {
        try {
          await this.claim(state);
        } catch (e) {
          state.failure = { error: e };
        }
      }
      if (!this.sends.size && !this.signalled) break;
      await new Promise<void>((resolve) => {
        if (this.signalled) resolve();
        else this.wakeUp = resolve;
      });
      this.wakeUp = undefined;
    }
    // Every claimed row had its turn; the caller then hears that the database failed.
    if (state.failure) throw state.failure.error as Error;
    return state.report;
  }

  private async claim(state: RunState): Promise<void> {
    const limit = this.options.limit ?? IN_FLIGHT;
    const per = this.options.perDestination ?? PER_DESTINATION;
    const free = limit - this.sends.size;
    if (free <= 0) return;
    const now = this.now();
    const taken = new Map(this.inFlight);
    for (const [group, until] of this.deferredUntil) {
      if (until > now.getTime()) taken.set(group, per);
      else this.deferredUntil.delete(group);
    }
    const busy = [...taken].map(([group, n]) => [...group.split('\u0000'), n] as [string, string, number]);
    const rows = await claimDue(this.deps.db, now, new Date(now.getTime() + LEASE_MS), {
      free,
      perDestination: per,
      busy,
    });
    if (!rows.length) return;
    state.report.claimed += rows.length;
    let leads: Map<string, LeadRow>;
    const ids = [...new Set(rows.filter((r) => !r.payload).map((r) => r.lead_id))];
    try {
      leads = await leadsById(this.deps.db, ids);
    } catch (e) {
      // The claimed rows keep their lease and are sent when it ends.
      state.report.claimed -= rows.length;
      throw e;
    }
    for (const row of rows) this.start(row, leads.get(row.lead_id), state);
  }

  private start(row: OutboxRow, lead: LeadRow | undefined, state: RunState): void {
    const group = groupOf(row);
    this.inFlight.set(group, (this.inFlight.get(group) ?? 0) + 1);
    const send: Promise<void> = this.deliver(row, lead, state).finally(() => {
      const left = this.inFlight.get(group)! - 1;
      if (left) this.inFlight.set(group, left);
      else this.inFlight.delete(group);
      this.sends.delete(send);
      this.poke();
    });
    this.sends.add(send);
  }

  /** Sends one row and records the attempt; never throws (a database failure goes to `state`). */
  private async deliver(row: OutboxRow, lead: LeadRow | undefined, state: RunState): Promise<void> {
    const started = performance.now();
    const sent = await sendRow(row, lead, this.deps, () => this.now(), this.options.sendTimeoutMs);
    const { error } = sent;
    const ms = Math.round(performance.now() - started);
    const at = this.now();
    const retryAt = new Date(at.getTime() + retryDelayMs(row.attempts));
    const finalFailure = error !== undefined && row.attempts >= MAX_ATTEMPTS;
    try {
      await recordAttempt(this.deps.db, row, {
        error,
        httpStatus: sent.httpStatus,
        ms,
        at,
        retryAt,
        final: finalFailure,
        target: sent.target,
        note: sent.note,
      });
    } catch (e) {
      // The database went away after the send: the row keeps its lease and is sent again when
      // the lease ends (destinations take a lead id twice without harm). The other rows go on.
      state.failure ??= { error: e };
      return;
    }
    if (error === undefined) state.report.delivered++;
    else if (finalFailure) state.report.failed++;
    else state.report.retrying++;
    if (sent.unreachable) await this.defer(row, at, retryAt, error!, state);
  }

  /** Puts off the due rows of `row`'s destination, which did not answer, to `until`. */
  private async defer(row: OutboxRow, at: Date, until: Date, reason: string, state: RunState): Promise<void> {
    const group = groupOf(row);
    if ((this.deferredUntil.get(group) ?? 0) >= until.getTime()) return;
    this.deferredUntil.set(group, until.getTime());
    try {
      const deferred = await deferDue(this.deps.db, row, at, until, reason);
      state.report.deferred += deferred;
      if (deferred)
        this.options.log?.(
          `Lead delivery: the ${KIND_NAMES[row.destination]} of ${row.site_slug} did not answer (${reason}); ` +
            `its ${deferred} other due lead(s) wait until ${until.toISOString()}.`,
        );
    } catch (e) {
      // The rows stay due and are tried one by one instead.
      state.failure ??= { error: e };
    }
  }
}

/**
 * Delivers every due row with a worker of its own and reports what it did (the scheduled
 * entries' and the tests' one-shot delivery).
 */
export function deliverDue(deps: ApiDeps, options: DeliverOptions = {}): Promise<DeliverReport> {
  return new OutboxWorker(deps, options).run();
}
