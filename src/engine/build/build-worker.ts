/**
 * A worker process of a fleet build (started by build-pool.ts with `fork`): reads and validates
 * one batch of dealers, then renders the valid ones with its own Astro build (build-dealers.ts)
 * into the build's staging folder.
 *
 *   argv[2]  JSON WorkerInput
 *   IPC in   { type: 'validate', stock } once the build has recorded the snapshots' file times
 *            (so that a file edited while it is read differs from what was recorded); the batch's
 *            imported stock rides along. { type: 'abort' } stops the worker at any time.
 *   IPC out  { type: 'validated', result } the batch's validation (build-validate.ts), as soon as
 *            it is known: the build merges the batches' and decides what is published.
 *   stdout   the batch's log lines
 *   result   WorkerResult written to input.resultFile (a file, so a large result never depends on
 *            a pipe being flushed before exit)
 *
 * Astro starts bundling at once; the batch is validated meanwhile, and its valid dealers are
 * handed to Astro from memory when it asks for the pages. A dealer the build refuses for a check
 * across batches (a website id another batch's dealer has) is rendered all the same, and never
 * published: the build swaps in only the dealers it accepted.
 */
import { writeFile } from 'node:fs/promises';
import type { Car } from '../../content/entities.ts';
import type { KeptSnapshotEstimates } from '../../features/market-price/server/market-build.ts';
import { buildBatch, type DealerSummary } from './build-dealers.ts';
import { type ManifestDealer } from './build-manifest.ts';
import { siteKeyOf } from './build-key.ts';
import { validateDealers, type Validated } from './build-validate.ts';

export interface WorkerInput {
  stagedDir: string;
  astroDir: string;
  projectRoot: string;
  preview: boolean;
  resultFile: string;
  /** What the batch's validation needs (see validateDealers). */
  validate: {
    dealersDir: string;
    slugs: string[];
    /** Where `<slug>.json` of each valid dealer goes. */
    contentDir: string;
    kept: Record<string, ManifestDealer>;
    builtAt: string;
    key: string;
    strict: boolean;
  };
}

export type WorkerMessage =
  | {
      type: 'validate';
      stock?: {
        cars: Record<string, Car[]>;
        versions: Record<string, string>;
        soldSeen?: Record<string, Record<string, string>>;
        marketPrices?: Record<string, KeptSnapshotEstimates>;
      };
    }
  | { type: 'abort' };

/** What a worker tells the build as soon as its batch is validated (the dealers themselves stay). */
export type WorkerReport = { type: 'validated'; result: Omit<Validated, 'dealers'> };

export type WorkerResult =
  { ok: true; dealers: DealerSummary[]; maxRssMB: number; cpuSeconds: number } | { ok: false; error: string };

async function main() {
  const input = JSON.parse(process.argv[2] ?? '{}') as WorkerInput;
  const log = (line: string) => process.stdout.write(line + '\n');
  const finish = async (result: WorkerResult): Promise<never> => {
    await writeFile(input.resultFile, JSON.stringify(result));
    process.disconnect?.();
    process.exit(result.ok ? 0 : 1);
  };
  const told = new Promise<Extract<WorkerMessage, { type: 'validate' }>>((resolve) => {
    process.on('message', (message: WorkerMessage) => {
      if (message.type === 'abort') process.exit(0);
      else resolve(message);
    });
  });
  const validated = told.then(({ stock }) =>
    validateDealers({ ...input.validate, keep: true, log, preview: input.preview, stock, batch: true }),
  );
  const content = validated.then(async (v) => {
    const { dealers, ...result } = v;
    await new Promise<void>((resolve, reject) =>
      process.send!({ type: 'validated', result } satisfies WorkerReport, undefined, {}, (e) =>
        e ? reject(e) : resolve(),
      ),
    );
    if (!dealers.length) await finish({ ok: true, dealers: [], ...usage() });
    return {
      dealers,
      siteKeys: Object.fromEntries(Object.entries(v.entries).map(([slug, e]) => [slug, siteKeyOf(e)])),
    };
  });
  let result: WorkerResult;
  try {
    const dealers = await buildBatch({
      content,
      stagedDir: input.stagedDir,
      astroDir: input.astroDir,
      projectRoot: input.projectRoot,
      preview: input.preview,
      log,
    });
    result = { ok: true, dealers, ...usage() };
  } catch (e) {
    result = { ok: false, error: (e as Error).stack ?? String(e) };
  }
  await finish(result);
}

function usage() {
  const u = process.resourceUsage();
  return { maxRssMB: u.maxRSS / 1024, cpuSeconds: (u.userCPUTime + u.systemCPUTime) / 1e6 };
}

await main();
