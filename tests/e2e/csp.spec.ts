/**
 * The sites' Content-Security-Policy in Chromium (src/engine/build/site-files.ts, csp-rewrite.ts), on
 * the built sample dealers served with their own `_headers`:
 *
 * - Representative pages of every dealer (home with its slider, a car page with its gallery and
 *   enquiry form, contact, the cars search, a model page with its colour picker, the team page,
 *   the thank-you page), at 390 and 1366 px, raise no CSP violation (no `securitypolicyviolation`
 *   event, no CSP error on the console) while every island hydrates and works: the slider moves,
 *   the car enquiry is sent and lands on the thank-you page.
 * - The rules that replaced style attributes win where the attributes won: setting each one again
 *   inline changes no computed value.
 * - The dealer's own Google Tag Manager container loads, through a local stub of
 *   www.googletagmanager.com (nothing leaves the machine), and so do the tags it adds.
 * - Markup injected into a page runs and styles nothing: an inline script, an event-handler
 *   attribute, a `<script src>` of another container on googletagmanager.com, a `<script src>` of
 *   the site's own bundle, a style attribute and a `<style>` element are each refused.
 * Pages with the Google map (site-files.ts `mapPagePaths`) get a policy of their own; no sample
 * dealer has a Maps key, so that policy is proved in tests/unit/engine/headers.test.ts.
 */
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import path from 'node:path';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { headersFor, parseHeaders } from '../../src/engine/serve/serve-headers.ts';
import { completeForm, newVisitor } from './setup/form-driver.ts';
import { storeConsent } from './setup/consent-state.ts';
import { ACCEPT_ALL } from '../../src/features/consent/rules/consent.ts';
import {
  builtSlugs,
  e2eEnv,
  gtmId,
  htmlFiles,
  localOrigin,
  pathOfFile,
  readSiteJson,
  thankYouPaths,
} from './setup/support.ts';

const env = e2eEnv();
const WIDTHS = [390, 1366] as const;
const TAG_MANAGER = 'https://www.googletagmanager.com';

test.skip(!env, 'needs the global setup');

/** The policy `_headers` gives a path, as the server must send it. */
function policyFor(slug: string, pathname: string): string | undefined {
  const rules = parseHeaders(readFileSync(path.join(env!.sitesDir, slug, '_headers'), 'utf8')).rules;
  return headersFor(rules, pathname).get('content-security-policy')?.value;
}

/**
 * A page as the local server answers it, headers included (uncompressed). Asked from Node, which
 * does not resolve *.localhost names, so the site is named by the Host header.
 */
function serverAnswer(
  slug: string,
  pathname: string,
): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: env!.port,
        path: pathname,
        headers: { host: `${slug}.localhost:${env!.port}` },
        timeout: 10_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const headers: Record<string, string> = {};
          for (const [name, value] of Object.entries(res.headers)) {
            if (value !== undefined && name !== 'content-length') headers[name] = String(value);
          }
          resolve({ status: res.statusCode ?? 0, headers, body: Buffer.concat(chunks).toString('utf8') });
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error(`${slug}${pathname}: no answer in 10 s`)));
    req.on('error', reject);
    req.end();
  });
}

/** The first built page of a site whose HTML passes `test`. */
function firstPage(slug: string, test: (rel: string, html: string) => boolean): string | undefined {
  const dir = path.join(env!.sitesDir, slug);
  for (const rel of htmlFiles(dir)) if (test(rel, readFileSync(path.join(dir, rel), 'utf8'))) return pathOfFile(rel);
  return undefined;
}

/** The pages shown for a dealer: [what it stands for, path]. */
function representativePages(slug: string): [string, string][] {
  // A car for sale (a sold car's page, kept for 30 days, has no enquiry form).
  const car = firstPage(
    slug,
    (rel, html) => rel.startsWith('cars/') && rel.split('/').length === 3 && !html.includes('data-sold-page-notice'),
  );
  const colours = firstPage(slug, (_, html) => html.includes('ColourPicker.island'));
  const pages: [string, string | undefined][] = [
    ['home, with the slider', '/'],
    ['a car, with its gallery and enquiry form', car],
    ['contact', '/contact'],
    ['the cars search', '/used-cars'],
    ['a model, with its colour picker', colours],
    ['the team', '/our-team'],
    ['the thank-you page', thankYouPaths(env!.sitesDir, slug)[0]],
  ];
  for (const [what, p] of pages) if (!p) throw new Error(`${slug} has no page for ${what}`);
  return pages as [string, string][];
}

/**
 * What the stub of gtm.js does: marks the container as loaded (window.google_tag_manager[id], as
 * the real one does) and adds two tags the way a container does, an inline script and gtag.js.
 */
const GTM_STUB = `(function () {
  var id = new URL(document.currentScript.src).searchParams.get('id');
  window.google_tag_manager = window.google_tag_manager || {};
  window.google_tag_manager[id] = { dataLayer: { name: 'dataLayer' } };
  (window.__containers = window.__containers || []).push(id);
  var tag = document.createElement('script');
  tag.textContent = 'window.__customHtmlTag = true;';
  document.head.appendChild(tag);
  var gtag = document.createElement('script');
  gtag.src = '${TAG_MANAGER}/gtag/js?id=G-STUB0001';
  document.head.appendChild(gtag);
})();`;

interface Watch {
  /** Every googletagmanager.com URL the browser asked for. */
  tagManagerRequests: string[];
  /** CSP errors on the console, with the page they came from. */
  consoleErrors: string[];
}

/**
 * Serves googletagmanager.com from the stubs, records what was asked, and listens for violations.
 * The visitor has accepted everything, so the container loads (src/features/consent/rules/).
 */
async function watch(context: BrowserContext): Promise<Watch> {
  const seen: Watch = { tagManagerRequests: [], consoleErrors: [] };
  await storeConsent(context, ACCEPT_ALL);
  await context.route(`${TAG_MANAGER}/**`, (route) => {
    const url = route.request().url();
    seen.tagManagerRequests.push(url);
    const body = url.includes('/gtm.js') ? GTM_STUB : 'window.__gtag = true;';
    return route.fulfill({ status: 200, contentType: 'text/javascript', body });
  });
  await context.addInitScript(() => {
    const w = window as unknown as { __violations: string[] };
    w.__violations = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      w.__violations.push(`${e.effectiveDirective} blocked ${e.blockedURI || '(inline)'} ${e.sample}`.trim()),
    );
  });
  context.on('console', (msg) => {
    if (msg.type() === 'error' && /Content Security Policy/i.test(msg.text())) {
      seen.consoleErrors.push(`${msg.page()?.url()}: ${msg.text().slice(0, 300)}`);
    }
  });
  return seen;
}

const violations = (page: Page) =>
  page.evaluate(() => (window as unknown as { __violations?: string[] }).__violations ?? []);

/** Scrolls every island into view (most hydrate when visible) and waits until all have hydrated. */
async function hydrateAll(page: Page): Promise<number> {
  const islands = page.locator('astro-island');
  for (const island of await islands.all()) await island.scrollIntoViewIfNeeded().catch(() => {});
  await expect(page.locator('astro-island[ssr]'), 'islands still showing only their server markup').toHaveCount(0, {
    timeout: 20_000,
  });
  return islands.count();
}

/**
 * For every element whose style attribute became a rule of the site's stylesheet: the properties
 * of that rule whose computed value changes when the same value is set inline, i.e. where another
 * rule beat the moved style (the attribute would have won). Empty when the move kept every style.
 */
async function movedStylesOverridden(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const rules = new Map<string, CSSStyleDeclaration>();
    for (const sheet of [...document.styleSheets]) {
      let list: CSSRuleList;
      try {
        list = sheet.cssRules;
      } catch {
        continue;
      }
      for (const rule of [...list]) {
        const m = rule instanceof CSSStyleRule ? /^\[data-css="([0-9a-f]+)"\]/.exec(rule.selectorText) : null;
        if (m) rules.set(m[1]!, (rule as CSSStyleRule).style);
      }
    }
    const problems: string[] = [];
    for (const el of [...document.querySelectorAll<HTMLElement>('[data-css]')]) {
      const id = el.getAttribute('data-css')!;
      const style = rules.get(id);
      if (!style) {
        problems.push(`${el.tagName}[data-css=${id}]: no rule in the site's stylesheet`);
        continue;
      }
      for (const prop of [...style]) {
        const before = getComputedStyle(el).getPropertyValue(prop);
        el.style.setProperty(prop, style.getPropertyValue(prop), style.getPropertyPriority(prop));
        const after = getComputedStyle(el).getPropertyValue(prop);
        el.style.removeProperty(prop);
        if (before !== after) problems.push(`${el.tagName}.${el.className} ${prop}: ${before} (inline: ${after})`);
      }
    }
    return problems;
  });
}

for (const slug of env ? builtSlugs(env.sitesDir) : []) {
  const container = gtmId(env!.dealersDir, slug);

  for (const width of WIDTHS) {
    test(`${slug} at ${width} px: representative pages run under the policy with no violation`, async ({ browser }) => {
      test.setTimeout(180_000);
      const context = await browser.newContext({ viewport: { width, height: 900 }, reducedMotion: 'reduce' });
      const seen = await watch(context);
      const page = await context.newPage();
      try {
        for (const [what, pagePath] of representativePages(slug)) {
          const response = await page.goto(localOrigin(slug, env!.port) + pagePath);
          expect(response?.status(), pagePath).toBe(200);
          // Served with the policy its _headers gives it, which is the strict one.
          const sent = response!.headers()['content-security-policy'];
          expect(sent, pagePath).toBe(policyFor(slug, pagePath));
          expect(sent, pagePath).toContain("'strict-dynamic'");
          expect(sent, pagePath).not.toContain("'unsafe-inline'");
          const islands = await hydrateAll(page);
          if (what.startsWith('home')) {
            expect(islands).toBeGreaterThan(0);
            const status = page.locator('.image-slider .carousel-status');
            const before = await status.textContent();
            await page.locator('.image-slider').getByRole('button', { name: 'Next slide' }).click();
            await expect(status).not.toHaveText(before ?? '');
          }
          if (what.startsWith('a model')) {
            const swatch = page.locator('button[data-css]').first();
            await expect(swatch).toBeVisible();
            expect(await swatch.evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe('rgba(0, 0, 0, 0)');
          }
          expect(await movedStylesOverridden(page), `${pagePath}: moved styles beaten by other rules`).toEqual([]);
          expect(await violations(page), `${pagePath} (${what})`).toEqual([]);
          if (what.startsWith('a car')) {
            // The enquiry: the form island takes the visitor's answers, sends them and goes to the thank-you page.
            await completeForm(page, newVisitor(`csp-${slug}-${width}`, readSiteJson(env!.dealersDir, slug).country));
            await expect(page.locator('.success-block')).toBeVisible();
            await hydrateAll(page);
            expect(await violations(page), `the thank-you page after ${pagePath}`).toEqual([]);
          }
          if (container) {
            // The dealer's container loaded through the stub, and the tags it added ran.
            await expect
              .poll(() => page.evaluate(() => (window as unknown as { __containers?: string[] }).__containers ?? []))
              .toEqual([container]);
            await expect
              .poll(() => page.evaluate(() => !!(window as unknown as { __gtag?: boolean }).__gtag))
              .toBe(true);
            expect(
              await page.evaluate(() => (window as unknown as { __customHtmlTag?: boolean }).__customHtmlTag),
            ).toBe(true);
          }
        }
        expect(seen.consoleErrors).toEqual([]);
        if (container) expect(seen.tagManagerRequests).toContain(`${TAG_MANAGER}/gtm.js?id=${container}`);
      } finally {
        await context.close();
      }
    });
  }

  test(`${slug}: markup injected into a page can neither run script nor style the page`, async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const seen = await watch(context);
    const page = await context.newPage();
    const home = localOrigin(slug, env!.port) + '/';
    // A script of the site's own (the home page's first island), which 'self' alone would allow.
    const ownBundle = /(\/_astro\/[\w.-]+\.js)/.exec(
      readFileSync(path.join(env!.sitesDir, slug, 'index.html'), 'utf8'),
    )?.[1];
    expect(ownBundle, 'a script the home page loads').toBeTruthy();
    const injected = [
      '<script>window.__injected = "inline script";</script>',
      '<img alt="" src="/nowhere.png" onerror="window.__injected = \'event handler\'">',
      `<script src="${TAG_MANAGER}/gtm.js?id=GTM-EV1L000"></script>`,
      `<script type="module" src="${ownBundle}"></script>`,
      '<p id="injected-attribute" style="display:none">still shown</p>',
      '<style>body { background-color: rgb(255, 0, 0) !important; }</style>',
    ].join('');
    // The page as its server sends it, headers included, with the injected markup in its body:
    // what stored or reflected markup injection would produce.
    await page.route(home, async (route) => {
      const served = await serverAnswer(slug, '/');
      const body = served.body.replace('</body>', `${injected}</body>`);
      await route.fulfill({ status: served.status, headers: served.headers, body });
    });
    try {
      const response = await page.goto(home);
      expect(response!.headers()['content-security-policy']).toBe(policyFor(slug, '/'));
      await hydrateAll(page);
      await expect.poll(async () => (await violations(page)).length).toBeGreaterThanOrEqual(6);
      const found = await violations(page);
      expect(found.filter((v) => v.startsWith('script-src-elem blocked inline'))).toHaveLength(1);
      expect(found.filter((v) => v.startsWith('script-src-attr blocked inline'))).toHaveLength(1);
      expect(found).toContainEqual(`script-src-elem blocked ${TAG_MANAGER}/gtm.js?id=GTM-EV1L000`);
      expect(found).toContainEqual(`script-src-elem blocked ${localOrigin(slug, env!.port)}${ownBundle}`);
      expect(found.filter((v) => v.startsWith('style-src-attr blocked inline'))).toHaveLength(1);
      expect(found.filter((v) => v.startsWith('style-src-elem blocked inline'))).toHaveLength(1);
      // Nothing injected ran or applied.
      expect(await page.evaluate(() => (window as unknown as { __injected?: string }).__injected)).toBeUndefined();
      expect(seen.tagManagerRequests.filter((u) => u.includes('GTM-EV1L000'))).toEqual([]);
      await expect(page.locator('#injected-attribute')).toBeVisible();
      expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).not.toBe('rgb(255, 0, 0)');
      // While the page's own container and scripts still run.
      const container = gtmId(env!.dealersDir, slug);
      if (container) {
        await expect
          .poll(() => page.evaluate(() => (window as unknown as { __containers?: string[] }).__containers ?? []))
          .toEqual([container]);
      }
      await expect(page.locator('.image-slider .carousel[data-ready]')).toHaveCount(1);
    } finally {
      await context.close();
    }
  });
}
