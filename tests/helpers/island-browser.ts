/**
 * A form island rendered in Chromium for unit tests: the real FormIsland bundled with esbuild,
 * mounted on a blank page with the given props and the design system's base styles, served with
 * a stand-in API on the same origin (each test says how /api/* answers), and driven with
 * Playwright. One browser per test file; each `open` is a fresh page.
 *
 *   const islands = await islandBrowser();              // beforeAll
 *   const { page, calls } = await islands.open(props, { api: (path, body) => ({ status: 503, body: {...} }) });
 *   await islands.close();                              // afterAll
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { build } from 'esbuild';
import { chromium, type Browser, type Page } from 'playwright-core';
import type { FormIslandProps } from '../../src/forms/island/props.ts';

const root = process.cwd();
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/** How the stand-in API answers one request: a status and JSON body, or 'drop' to cut the connection. */
export type ApiAnswer = { status: number; body: unknown } | 'drop';
export type Api = (path: string, body: Record<string, unknown>) => ApiAnswer;

export interface OpenOptions {
  api?: Api;
  /** Fixes the page's clock (Date.now, new Date) at this moment; timers keep running. */
  now?: Date;
  width?: number;
  /** The browser's time zone (default Australia/Sydney). */
  timezoneId?: string;
  /** Extra CSS (e.g. the form block's own styles). */
  css?: string;
}

export interface IslandPage {
  page: Page;
  /** Every API request the page made, in order. */
  calls: { path: string; body: Record<string, unknown> }[];
  /** Console errors and page errors. */
  errors: string[];
}

let bundle: Promise<string> | undefined;

/** The island and React as one browser script (built once per test file). */
function islandScript(): Promise<string> {
  bundle ??= build({
    stdin: {
      contents: `import { createRoot } from 'react-dom/client';
import FormIsland from './src/forms/island/FormIsland.tsx';
createRoot(document.getElementById('root')).render(<FormIsland {...window.__props} />);`,
      loader: 'tsx',
      resolveDir: root,
    },
    bundle: true,
    format: 'esm',
    jsx: 'automatic',
    write: false,
    define: { 'process.env.NODE_ENV': '"development"' },
    logLevel: 'error',
  }).then((r) => r.outputFiles[0]!.text);
  return bundle;
}

const baseCss = ['tokens.css', 'base.css', 'primitives.css']
  .map((f) => readFileSync(path.join(root, 'src/styles', f), 'utf8'))
  .join('\n');

/** The style block of the form section (src/components/form/FormSection.astro), unscoped. */
export function formSectionCss(): string {
  const astro = readFileSync(path.join(root, 'src/components/form/FormSection.astro'), 'utf8');
  const css = /<style>([\s\S]*?)<\/style>/.exec(astro)?.[1] ?? '';
  return css.replace(/:global\(([^)]*(?:\([^)]*\))?[^)]*)\)/g, '$1');
}

export async function islandBrowser() {
  const script = await islandScript();
  const browser: Browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
  const servers: Server[] = [];

  async function open(props: Omit<FormIslandProps, 'apiBase'>, options: OpenOptions = {}): Promise<IslandPage> {
    const calls: IslandPage['calls'] = [];
    const api =
      options.api ??
      (() => ({ status: 200, body: { lead_id: '5f0c3a52-0000-4000-8000-000000000001', lead_status: 'Partial' } }));
    const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Island</title>
<style>${baseCss}\n${options.css ?? ''}</style></head>
<body><main><section class="form-section"><h2 id="${props.headingId}">${props.def.heading}</h2><div id="root"></div></section></main>
<script>window.__props = ${JSON.stringify(props).replace(/</g, '\\u003c')};</script>
<script type="module" src="/island.js"></script></body></html>`;
    const server = createServer((req, res) => {
      const url = (req.url ?? '/').split('?')[0]!;
      if (url === '/island.js') {
        res.writeHead(200, { 'Content-Type': 'text/javascript' }).end(script);
        return;
      }
      if (url === '/') {
        res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(html);
        return;
      }
      // Where the island goes when done (the thank-you page).
      if (!url.startsWith('/api/')) {
        res
          .writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' })
          .end('<!doctype html><title>Thanks</title><h1>Thank you</h1>');
        return;
      }
      let text = '';
      req.on('data', (c) => (text += c));
      req.on('end', () => {
        const body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
        calls.push({ path: url, body });
        const answer = api(url, body);
        if (answer === 'drop') req.socket.destroy();
        else res.writeHead(answer.status, { 'Content-Type': 'application/json' }).end(JSON.stringify(answer.body));
      });
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

    const page = await browser.newPage({
      viewport: { width: options.width ?? 1024, height: 900 },
      timezoneId: options.timezoneId ?? 'Australia/Sydney',
      locale: 'en-AU',
    });
    page.setDefaultTimeout(10_000);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => {
      if (m.type() === 'error' && !/Failed to load resource/.test(m.text())) errors.push(m.text());
    });
    if (options.now) await page.clock.setFixedTime(options.now);
    await page.goto(origin + '/');
    await page.locator('form.form-body[data-ready]').waitFor();
    return { page, calls, errors };
  }

  async function close(): Promise<void> {
    await browser.close();
    await Promise.all(servers.map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
  }

  return { open, close };
}

/** FormIslandProps around a FormDef, for a made-up dealer and page. */
export function islandProps(
  def: FormIslandProps['def'],
  over: Partial<FormIslandProps> = {},
): Omit<FormIslandProps, 'apiBase'> {
  return {
    def,
    idBase: 'form-b1',
    headingId: 'form-b1-heading',
    site: { slug: 'mini-motors', id: 901, lookupCarLocation: false, manufacturerDataLayer: false },
    page: { id: '3', title: 'Enquire', path: '/enquire' },
    blockId: 'b1',
    dealer: { dealership_name: 'Mini Motors' },
    locations: [],
    successPath: '/thank-you',
    ...over,
  };
}
