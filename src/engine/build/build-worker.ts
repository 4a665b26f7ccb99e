/**
 * A worker process of a fleet build (started by build-sites.ts with `fork`): renders one batch of
 * dealers with its own Astro build (build-dealers.ts) into the build's staging folder.
 *
 *   argv[2]  JSON WorkerInput
 *   IPC in   { type: 'content', files, siteKeys } the batch's validated content files and site
 *            keys, once the build has validated every dealer; { type: 'abort' } when validation failed
 *   stdout   the batch's log lines
 *   result   WorkerResult written to input.resultFile (a file, so a large result never depends on
 *            a pipe being flushed before exit)
 *
 * Astro starts bundling at once; the content is only read when the pages are rendered.
 */
import { readFile, writeFile } from 'node:fs/promises';
import type { DealerContent } from '../../content/load.ts';
import { mapLimit } from '../../lib/concurrency.ts';
import { buildBatch, type BatchContent, type DealerSummary } from './build-dealers.ts';

export interface WorkerInput {
  stagedDir: string;
  astroDir: string;
  projectRoot: string;
  preview: boolean;
  resultFile: string;
}

export type WorkerMessage = { type: 'content'; files: string[]; siteKeys: Record<string, string> } | { type: 'abort' };

export type WorkerResult =
  { ok: true; dealers: DealerSummary[]; maxRssMB: number; cpuSeconds: number } | { ok: false; error: string };

async function main() {
  const input = JSON.parse(process.argv[2] ?? '{}') as WorkerInput;
  const content = new Promise<BatchContent>((resolve, reject) => {
    process.on('message', (message: WorkerMessage) => {
      if (message.type === 'abort') reject(new Error('the build stopped before rendering'));
      else
        resolve(
          mapLimit(message.files, 16, async (f) => JSON.parse(await readFile(f, 'utf8')) as DealerContent).then(
            (dealers) => ({ dealers, siteKeys: message.siteKeys }),
          ),
        );
    });
  });
  content.catch(() => process.exit(0));
  let result: WorkerResult;
  try {
    const dealers = await buildBatch({
      content,
      stagedDir: input.stagedDir,
      astroDir: input.astroDir,
      projectRoot: input.projectRoot,
      preview: input.preview,
      log: (line) => process.stdout.write(line + '\n'),
    });
    const usage = process.resourceUsage();
    result = {
      ok: true,
      dealers,
      maxRssMB: usage.maxRSS / 1024,
      cpuSeconds: (usage.userCPUTime + usage.systemCPUTime) / 1e6,
    };
  } catch (e) {
    result = { ok: false, error: (e as Error).stack ?? String(e) };
  }
  await writeFile(input.resultFile, JSON.stringify(result));
  process.disconnect?.();
  process.exit(result.ok ? 0 : 1);
}

await main();
