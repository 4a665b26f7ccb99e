/**
 * The child process of a stock rebuild under `npm start` (stock-rebuild.ts): the build `npm start`
 * runs at start-up, `--changed` and limited to the dealers whose stock changed, into the served
 * folder. Its one argument is JSON: { dealersDir, outDir, dataDir, only }. Exits as
 * `npm run build` does: 0 built, 3 published with some dealers refused, 1 failed.
 */
import { buildSites } from '../build/build-sites.ts';

const { dealersDir, outDir, dataDir, only } = JSON.parse(process.argv[2] ?? '{}') as {
  dealersDir: string;
  outDir: string;
  dataDir: string;
  only: string[];
};

// Exiting (rather than dying of the signal) lets the build put back a half-done swap.
process.once('SIGTERM', () => process.exit(143));
process.once('SIGINT', () => process.exit(130));
try {
  const result = await buildSites({ dealersDir, outDir, dataDir, only, changed: true, log: (l) => console.log(l) });
  process.exit(result.ok ? 0 : result.failed.length ? 3 : 1);
} catch (e) {
  console.error(`Build failed; the sites were left as they were.\n${(e as Error).stack ?? String(e)}`);
  process.exit(1);
}
