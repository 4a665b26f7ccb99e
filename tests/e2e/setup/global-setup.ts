/**
 * Builds the sample dealers (and a --preview build of one of them) into a temporary folder, or
 * takes the samples' shared build of the unit tests when its inputs are unchanged, starts
 * the local server on a free port with the real API behind /api (api-setup.ts), and tells the
 * tests where all of it is through E2E_* variables.
 * Returns the teardown. E2E_KEEP=1 keeps the built folder for inspection.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer, type RunningServer } from '../../../src/engine/serve/static-server.ts';
import { sharedSampleBuild } from '../../helpers/sample-build.ts';
import { startE2EApi, type E2EApi } from './api-setup.ts';
import { builtSlugs, chromiumPath, dealersDirForE2E, missingChromiumMessage } from './support.ts';
import { consentStorageState } from './consent-state.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Runs scripts/build.ts in its own process, prefixing its output; rejects with the output on failure. */
function build(label: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/build.ts', ...args], {
      cwd: root,
      env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const relay = (chunk: Buffer) => {
      output += chunk.toString();
      for (const line of chunk.toString().split('\n')) if (line.trim()) process.stdout.write(`[${label}] ${line}\n`);
    };
    child.stdout.on('data', relay);
    child.stderr.on('data', relay);
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve();
      else
        reject(
          new Error(`The ${label} build failed (exit ${code}); the end-to-end tests need a built site.\n${output}`),
        );
    });
  });
}

export default async function globalSetup(): Promise<() => Promise<void>> {
  if (!existsSync(chromiumPath())) throw new Error(missingChromiumMessage());
  const dealersDir = dealersDirForE2E(root);
  if (!existsSync(dealersDir)) throw new Error(`E2E_DEALERS_DIR ${dealersDir} does not exist.`);

  const work = await mkdtemp(path.join(tmpdir(), 'dealer-sites-e2e-'));
  let sitesDir = path.join(work, 'sites');
  const previewDir = path.join(work, 'preview');
  let server: RunningServer;
  let api: E2EApi | undefined;
  let slugs: string[];
  try {
    if (dealersDir === path.join(root, 'dealers')) {
      // The samples as the unit tests built them, when their inputs have not changed since (read only).
      sitesDir = (await sharedSampleBuild()).sites;
      console.log(`Using the sample dealers' shared build in ${path.relative(root, sitesDir)}`);
    } else {
      console.log(`Building ${path.relative(root, dealersDir) || dealersDir} into ${work}`);
      await build('build', ['--dealers', dealersDir, '--out', sitesDir]);
    }
    slugs = builtSlugs(sitesDir);
    const previewSlug = slugs[0];
    if (!previewSlug) throw new Error(`The build of ${dealersDir} produced no site.`);
    await build('preview', ['--dealers', dealersDir, '--out', previewDir, '--only', previewSlug, '--preview']);
    api = await startE2EApi(dealersDir, work);
    server = await startServer({ sitesDir, dealersDir, port: 0, api: api.fetch });
    // Every test's browser context starts with a refused consent on every site (playwright.config.ts
    // storageState), so the consent banner covers nothing; tests/e2e/consent.spec.ts starts clean.
    const storageState = path.join(work, 'consent-state.json');
    await writeFile(storageState, JSON.stringify(consentStorageState(slugs, server.port)));
    Object.assign(process.env, {
      E2E_STORAGE_STATE: storageState,
      E2E_SITES_DIR: sitesDir,
      E2E_PREVIEW_DIR: previewDir,
      E2E_PREVIEW_SLUG: previewSlug,
      E2E_BUILT_DEALERS_DIR: dealersDir,
      E2E_PORT: String(server.port),
      E2E_LEADS_URL: api.leadsUrl,
      E2E_FINANCE_URL: api.financeUrl,
      E2E_MAIL_DIR: api.mailDir,
    });
  } catch (error) {
    await api?.close();
    await rm(work, { recursive: true, force: true });
    throw error;
  }
  console.log(
    `Serving ${slugs.length} sites at http://<slug>.localhost:${server.port}/ with the API on ${api.database}`,
  );

  return async () => {
    await server.close();
    await api.close();
    if (process.env.E2E_KEEP === '1') console.log(`Kept the built sites in ${work}`);
    else await rm(work, { recursive: true, force: true });
  };
}
