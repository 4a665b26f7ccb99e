/**
 * npm run cms [-- --only SLUG[,SLUG]] [--dealers DIR] [--port N] [--proxy-port N] [--dev-port N]
 *                [--workflow] [--no-preview]
 *
 * The content manager, offline: Decap CMS at http://localhost:<port>/admin/ (default 4330) on
 * this checkout through decap-server (default port 8081), beside the editor preview (`npm run
 * dev`, default port 4321) that shows each saved change on reload. Without --workflow a save
 * writes dealers/<slug>/ directly; with --workflow each change is a `cms/…` branch of this
 * repository, reviewed in a preview build of that branch and published by merging it
 * (docs/deploy.md, Publishing from the CMS). Collections and fields come from the content
 * schemas (src/engine/cms/decap-config.ts). Ctrl-C stops all three.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { processEnv, readEnv } from '../src/config/env.ts';
import { listDealerFolders } from '../src/content/load.ts';
import { startCmsServer } from '../src/engine/cms/cms-server.ts';

const projectRoot = fileURLToPath(new URL('..', import.meta.url));
const { values } = parseArgs({
  options: {
    only: { type: 'string', default: '' },
    dealers: { type: 'string', default: readEnv(processEnv(), 'DEALERS_DIR') || 'dealers' },
    port: { type: 'string', default: '4330' },
    'proxy-port': { type: 'string', default: '8081' },
    'dev-port': { type: 'string', default: '4321' },
    workflow: { type: 'boolean', default: false },
    'no-preview': { type: 'boolean', default: false },
  },
});

const ports = { port: values.port, 'proxy-port': values['proxy-port'], 'dev-port': values['dev-port'] };
for (const [flag, value] of Object.entries(ports)) {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535) {
    console.error(`--${flag} must be a port number (0-65535), not "${value}".`);
    process.exit(1);
  }
}
const dealersPath = path.resolve(values.dealers);
const repoDir = projectRoot;
const dealersDir = path.relative(repoDir, dealersPath).split(path.sep).join('/');
if (dealersDir.startsWith('..')) {
  console.error(`--dealers must be inside this repository (${repoDir}): the CMS saves to its git checkout.`);
  process.exit(1);
}
const found = await listDealerFolders(dealersPath).catch((e: Error) => {
  console.error(`The dealers folder ${dealersPath} cannot be read: ${e.message}`);
  process.exit(1);
});
const only = values.only
  .split(',')
  .map((s) => s.trim())
  .filter(Boolean);
const missing = only.filter((s) => !found.includes(s));
if (missing.length > 0) {
  console.error(`--only names no dealer folder: ${missing.join(', ')} (found: ${found.join(', ')}).`);
  process.exit(1);
}
const slugs = only.length > 0 ? only : found;
const devPort = Number(values['dev-port']);
const dealers = await Promise.all(
  slugs.map(async (slug) => {
    const name = await readFile(path.join(dealersPath, slug, 'site.json'), 'utf8')
      .then((text) => {
        const name = (JSON.parse(text) as { name?: unknown }).name;
        return typeof name === 'string' && name.trim() ? name : slug;
      })
      .catch(() => slug);
    return { slug, name, previewUrl: values['no-preview'] ? undefined : `http://${slug}.localhost:${devPort}` };
  }),
);

let preview: ChildProcess | undefined;
if (!values['no-preview']) {
  const args = ['scripts/dev.ts', '--port', String(devPort), '--dealers', dealersPath];
  if (only.length > 0) args.push('--only', only.join(','));
  preview = spawn(process.execPath, [path.join(projectRoot, 'node_modules/tsx/dist/cli.mjs'), ...args], {
    cwd: projectRoot,
    stdio: 'inherit',
  });
}

const cms = await startCmsServer({
  repoDir,
  dealersDir,
  dealers,
  port: Number(values.port),
  proxyPort: Number(values['proxy-port']),
  mode: values.workflow ? 'git' : 'fs',
  projectRoot,
  log: (line) => console.log(line),
}).catch((e: Error) => {
  console.error(`The CMS could not start: ${e.message}`);
  preview?.kill();
  process.exit(1);
});
if (preview)
  console.log(`Editor preview: http://localhost:${devPort}/ (each dealer at http://<slug>.localhost:${devPort}/)`);

const stop = async () => {
  preview?.kill('SIGINT');
  await cms.close();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
