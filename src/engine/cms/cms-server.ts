/**
 * The local CMS: Decap CMS's admin page (its bundle from node_modules/decap-cms, our setup script
 * and the configuration generated from the content schemas) served by a small Hono app, and
 * decap-server (the Decap proxy) writing to the checkout: in `fs` mode each save writes the
 * dealer's files, in `git` mode (the editorial workflow) each change is a `cms/…` branch that is
 * merged on publish. Both listen on 127.0.0.1 only: neither has a login.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve, type ServerType } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { processEnv } from '../../config/env.ts';
import { freePort, portIsFree } from '../../lib/ports.ts';
import { decapConfig, readSchemaDocs, type DealerRef } from './decap-config.ts';

const require = createRequire(import.meta.url);
const HERE = path.dirname(fileURLToPath(import.meta.url));

export interface CmsServerOptions {
  /** The repository the CMS writes in (the checkout): the dealers folder is inside it. */
  repoDir: string;
  /** The dealers folder, relative to repoDir. */
  dealersDir: string;
  dealers: DealerRef[];
  /** Port of the admin page; 0 picks a free one. */
  port: number;
  /** Port of decap-server; 0 picks a free one. */
  proxyPort: number;
  /** `git`: the editorial workflow, one branch per change. `fs`: saves write the files. */
  mode: 'fs' | 'git';
  /** The project root (for the schema sources and node_modules). */
  projectRoot: string;
  log?: (line: string) => void;
}

export interface CmsServer {
  adminUrl: string;
  proxyUrl: string;
  close(): Promise<void>;
}

const ADMIN_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Content manager</title>
<script>window.CMS_MANUAL_INIT = true;</script>
</head>
<body>
<script src="./decap/decap-cms.js"></script>
<script type="module" src="./setup.js"></script>
</body>
</html>
`;

/** Starts decap-server and the admin page; resolves once both answer. */
export async function startCmsServer(o: CmsServerOptions): Promise<CmsServer> {
  const log = o.log ?? (() => {});
  const proxyPort = o.proxyPort || (await freePort());
  const proxy = await startProxy({ ...o, proxyPort });
  const proxyUrl = `http://127.0.0.1:${proxyPort}/api/v1`;
  const docs = readSchemaDocs(o.projectRoot);
  const config = decapConfig({
    dealers: o.dealers,
    dealersDir: o.dealersDir,
    backend: { name: 'proxy', proxy_url: proxyUrl, branch: 'main' },
    editorialWorkflow: o.mode === 'git',
    docs,
  });
  const previews = o.dealers.flatMap((d) =>
    d.previewUrl ? [{ collection: `${d.slug}_pages`, origin: d.previewUrl }] : [],
  );
  const body = JSON.stringify({ config, previews });
  const decapDist = path.dirname(require.resolve('decap-cms/dist/decap-cms.js'));
  const setup = await readFile(path.join(HERE, 'admin', 'setup.js'), 'utf8');

  const app = new Hono();
  app.get('/', (c) => c.redirect('/admin/'));
  app.get('/admin', (c) => c.redirect('/admin/'));
  app.get('/admin/', (c) => c.html(ADMIN_PAGE));
  app.get('/admin/config.json', (c) =>
    c.body(body, 200, { 'content-type': 'application/json', 'cache-control': 'no-store' }),
  );
  app.get('/admin/setup.js', (c) => c.body(setup, 200, { 'content-type': 'text/javascript; charset=utf-8' }));
  app.use(
    '/admin/decap/*',
    serveStatic({
      root: path.relative(process.cwd(), decapDist),
      rewriteRequestPath: (p) => p.replace(/^\/admin\/decap/, ''),
    }),
  );

  // The sites' public files (sample art, uploaded media) at their site paths, for thumbnails.
  for (const dir of new Set([path.join(o.repoDir, 'public'), path.join(o.projectRoot, 'public')])) {
    app.use('/*', serveStatic({ root: path.relative(process.cwd(), dir) }));
  }

  const server = await new Promise<ServerType>((resolve) => {
    const s = serve({ fetch: app.fetch, port: o.port, hostname: '127.0.0.1' }, () => resolve(s));
  });
  const port = (server.address() as AddressInfo).port;
  const adminUrl = `http://localhost:${port}/admin/`;
  log(
    `CMS: ${adminUrl} (${o.mode === 'git' ? 'editorial workflow: one branch per change' : 'saves write dealers/ directly'})`,
  );
  return {
    adminUrl,
    proxyUrl,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await stopChild(proxy);
    },
  };
}

async function startProxy(o: CmsServerOptions & { proxyPort: number }): Promise<ChildProcess> {
  // Another proxy on the port would answer for this one (in the wrong mode or on another checkout).
  if (!(await portIsFree(o.proxyPort))) {
    throw new Error(
      `port ${o.proxyPort} is in use (another decap-server or npm run cms?): stop it or pass --proxy-port`,
    );
  }
  const entry = require.resolve('decap-server/dist/index.js');
  const child = spawn(process.execPath, [entry], {
    cwd: o.repoDir,
    env: {
      ...processEnv(),
      PORT: String(o.proxyPort),
      BIND_HOST: '127.0.0.1',
      MODE: o.mode,
      GIT_REPO_DIRECTORY: o.repoDir,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // The proxy never outlives the process that started it.
  process.once('exit', () => child.kill());
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${o.proxyPort}/api/v1`;
  for (let i = 0; i < 150; i++) {
    if (child.exitCode !== null) throw new Error(`decap-server stopped (exit ${child.exitCode}): ${output.trim()}`);
    const up = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ action: 'info' }),
    })
      .then((r) => r.ok)
      .catch(() => false);
    if (up) return child;
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill();
  throw new Error(`decap-server did not answer on ${url} within 15 s: ${output.trim()}`);
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const done = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  await Promise.race([done, new Promise((r) => setTimeout(r, 3000))]);
  if (child.exitCode === null) child.kill('SIGKILL');
}
