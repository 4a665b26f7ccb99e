/**
 * Group saving: a save goes to the database at once while fewer than `maxInFlight` statements
 * are running; otherwise it waits for one to finish and goes with the other waiting saves in one
 * statement (saveLeads). A quiet site saves each lead on its own, as before; a busy one spends a
 * round trip and a commit on several leads. Every save is still answered only after its own
 * statement has committed.
 *
 * A form session has at most one save in a statement (a statement cannot change a row twice): a
 * second one, a retry or a double click, waits for the next. When a statement of several saves
 * fails, each is tried again on its own, so one bad save never fails the others; the error of a
 * save on its own is its answer. When a statement finds the database away, its saves and every
 * save waiting behind it fail at once (503), rather than each waiting out a time limit in turn.
 */
import { DatabaseUnavailableError } from '../../../api/db/errors.ts';
import type { Db } from '../../../api/core/deps.ts';
import { saveLeads, sessionOf, type LeadSave, type SaveOutcome } from './store.ts';

export interface BatchOptions {
  /** Statements running at once (default 2). */
  maxInFlight?: number;
  /** Saves in one statement (default 64). */
  maxBatch?: number;
}

interface Waiting extends LeadSave {
  resolve(outcome: SaveOutcome): void;
  reject(error: unknown): void;
}

export type LeadSaver = (save: LeadSave) => Promise<SaveOutcome>;

/**
 * The saver for a database: grouped on a server that runs statements in parallel (`db.parallel`);
 * one statement per save, as they come, on one that runs them in turn (PGlite), where grouping
 * gains nothing.
 */
export function leadSaverFor(db: Db): LeadSaver {
  return db.parallel ? leadSaver(db) : leadSaver(db, { maxBatch: 1, maxInFlight: Infinity });
}

export function leadSaver(db: Db, options: BatchOptions = {}): LeadSaver {
  const maxInFlight = options.maxInFlight ?? 2;
  const maxBatch = options.maxBatch ?? 64;
  const queue: Waiting[] = [];
  let inFlight = 0;

  const saveAlone = (w: Waiting) => saveLeads(db, [w]).then(([outcome]) => w.resolve(outcome!), w.reject);

  const run = async (batch: Waiting[]) => {
    try {
      const outcomes = await saveLeads(db, batch);
      batch.forEach((w, i) => w.resolve(outcomes[i]!));
    } catch (error) {
      if (error instanceof DatabaseUnavailableError) {
        // The database is away: trying each save again, or the saves queued meanwhile, would
        // only keep visitors waiting for the same answer. They hear it now and retry.
        for (const w of [...batch, ...queue.splice(0)]) w.reject(error);
      } else if (batch.length === 1) batch[0]!.reject(error);
      else await Promise.all(batch.map(saveAlone));
    }
  };

  /** Takes up to maxBatch waiting saves, one per form session, oldest first. */
  const take = (): Waiting[] => {
    const sessions = new Set<string>();
    const batch: Waiting[] = [];
    for (let i = 0; i < queue.length && batch.length < maxBatch;) {
      const w = queue[i]!;
      const session = sessionOf(w.write.siteSlug, w.write.idempotencyKey);
      if (sessions.has(session)) {
        i++;
        continue;
      }
      sessions.add(session);
      batch.push(w);
      queue.splice(i, 1);
    }
    return batch;
  };

  const pump = () => {
    while (inFlight < maxInFlight && queue.length) {
      const batch = take();
      inFlight++;
      void run(batch).finally(() => {
        inFlight--;
        pump();
      });
    }
  };

  return (save) =>
    new Promise<SaveOutcome>((resolve, reject) => {
      queue.push({ ...save, resolve, reject });
      pump();
    });
}
