/**
 * npm run shots [-- --only SLUG[,SLUG]] [--widths 390,768,1366] [--out DIR] [--sites DIR] [--pages NAME,…]
 *
 * Full-page screenshots of every page template of every sample dealer at each width, in Debian's
 * Chromium (CHROMIUM_PATH overrides it), plus one contact sheet (DIR/index.html) to look through.
 * The sites are built first when they are missing or older than their sources (npm start decides,
 * see scripts/serve.ts). Default output: dist/shots/<slug>/<page>-<width>.png.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Browser } from 'playwright-core';
import { loadDealerFolder } from '../../src/api/core/content.ts';
import { projectRoot } from '../../src/engine/build/build-sites.ts';
import { settleForShot, shotPages, type ShotPage } from './shot-pages.ts';
import { escapeHtml } from '../../src/lib/sanitize.ts';
import { SUBMISSION_KEY } from '../../src/stores/submission.ts';
import { processEnv, readEnv } from '../../src/config/env.ts';

const { values } = parseArgs({
  options: {
    only: { type: 'string' },
    widths: { type: 'string', default: '390,1366' },
    out: { type: 'string', default: 'dist/shots' },
    sites: { type: 'string', default: 'dist/sites' },
    pages: { type: 'string' },
  },
});

const list = (s: string | undefined) =>
  (s ?? '')
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
const widths = list(values.widths).map(Number);
if (!widths.length || widths.some((w) => !Number.isInteger(w) || w < 200 || w > 4000)) {
  console.error(`--widths takes pixel widths between 200 and 4000, e.g. 390,768,1366 (got "${values.widths}").`);
  process.exit(1);
}
const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
if (!existsSync(chromiumPath)) {
  console.error(
    `Chromium was not found at ${chromiumPath}: install it (apt-get install chromium) or set CHROMIUM_PATH.`,
  );
  process.exit(1);
}
const dealersDir = path.resolve(readEnv(processEnv(), 'DEALERS_DIR') || 'dealers');
const only = list(values.only);
const pageFilter = list(values.pages);
const outDir = path.resolve(values.out);
const dealers = await loadDealerFolder(dealersDir, only.length ? only : undefined);
if (!dealers.length) {
  console.error(only.length ? `No dealer named ${only.join(', ')} in ${dealersDir}.` : `No dealer in ${dealersDir}.`);
  process.exit(1);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

/** npm start on a free port; resolves once it serves (it builds first when the sites are stale). */
async function startServing(): Promise<{ child: ChildProcess; port: number }> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'scripts/serve.ts',
      '--sites',
      path.resolve(values.sites),
      '--port',
      String(port),
      '--data',
      path.join(outDir, '.data'),
    ],
    {
      cwd: projectRoot,
      env: { ...process.env, ...(only.length ? { ONLY_DEALERS: only.join(',') } : {}), ASTRO_TELEMETRY_DISABLED: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  await new Promise<void>((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Press Ctrl+C')) resolve();
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => reject(new Error(`The server stopped before serving (exit ${code}):\n${output}`)));
  });
  return { child, port };
}

interface Shot {
  slug: string;
  page: ShotPage;
  width: number;
  file: string;
  error?: string;
}

async function shoot(browser: Browser, port: number, slug: string, page: ShotPage, width: number): Promise<Shot> {
  const file = path.join(outDir, slug, `${page.name}-${width}.png`);
  const context = await browser.newContext({
    viewport: { width, height: 900 },
    reducedMotion: 'reduce',
    deviceScaleFactor: 1,
  });
  try {
    if (page.submission) {
      await context.addInitScript(([key, value]) => sessionStorage.setItem(key, value), [
        SUBMISSION_KEY,
        JSON.stringify(page.submission),
      ] as const);
    }
    const tab = await context.newPage();
    await tab.goto(`http://${slug}.localhost:${port}${page.path}`, { waitUntil: 'networkidle' });
    await settleForShot(tab);
    await tab.screenshot({ path: file, fullPage: true });
    return { slug, page, width, file };
  } catch (e) {
    return { slug, page, width, file, error: (e as Error).message.split('\n')[0] };
  } finally {
    await context.close();
  }
}

function contactSheet(shots: Shot[]): string {
  const rows = dealers.map((d) => {
    const mine = shots.filter((s) => s.slug === d.slug);
    const names = [...new Set(mine.map((s) => s.page.name))];
    const cells = names.map((name) => {
      const group = mine.filter((s) => s.page.name === name);
      const imgs = group.map((s) =>
        s.error
          ? `<p class="err">${s.width}px: ${escapeHtml(s.error)}</p>`
          : `<a href="${escapeHtml(path.relative(outDir, s.file))}"><img src="${escapeHtml(path.relative(outDir, s.file))}" alt="${escapeHtml(`${name} at ${s.width}px`)}" loading="lazy" style="width:${Math.round(s.width / 6)}px"></a>`,
      );
      return `<figure><figcaption>${escapeHtml(name)} <code>${escapeHtml(group[0]!.page.path)}</code></figcaption><div class="row">${imgs.join('')}</div></figure>`;
    });
    return `<section><h2>${escapeHtml(d.site.name)} <small>${escapeHtml(d.slug)}</small></h2><div class="grid">${cells.join('')}</div></section>`;
  });
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Screenshots</title><style>
body{font:14px system-ui,sans-serif;margin:1rem;background:#eef0f3}h2 small{color:#666;font-weight:400}
.grid{display:flex;flex-wrap:wrap;gap:1rem}figure{margin:0;background:#fff;padding:.5rem;border-radius:6px}
figcaption{font-weight:600;margin-bottom:.25rem}.row{display:flex;gap:.5rem;align-items:flex-start}
img{border:1px solid #ccc;max-height:900px;object-fit:cover;object-position:top}.err{color:#b3261e;max-width:14rem}
</style></head><body><h1>Screenshots (${shots.length})</h1>${rows.join('')}</body></html>`;
}

const { child, port } = await startServing();
const browser = await chromium.launch({
  executablePath: chromiumPath,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
});
const shots: Shot[] = [];
try {
  const jobs: (() => Promise<Shot>)[] = [];
  for (const d of dealers) {
    await mkdir(path.join(outDir, d.slug), { recursive: true });
    for (const page of shotPages(d)) {
      if (pageFilter.length && !pageFilter.some((f) => page.name.includes(f))) continue;
      for (const width of widths) jobs.push(() => shoot(browser, port, d.slug, page, width));
    }
  }
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const shot = await jobs[next++]!();
      shots.push(shot);
      console.log(
        `${shot.error ? 'FAILED ' : ''}${path.relative(process.cwd(), shot.file)}${shot.error ? `: ${shot.error}` : ''}`,
      );
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  shots.sort((a, b) => a.file.localeCompare(b.file));
  await writeFile(path.join(outDir, 'index.html'), contactSheet(shots));
  console.log(
    `\n${shots.length} screenshots; contact sheet: ${path.relative(process.cwd(), path.join(outDir, 'index.html'))}`,
  );
} finally {
  await browser.close();
  child.kill('SIGTERM');
}
process.exit(shots.some((s) => s.error) ? 1 : 0);
