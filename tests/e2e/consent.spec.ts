/**
 * Consent before tags, the car video and chat, in Chromium on the built samples (content format
 * 1.2 `consent`, `chat`, cars' `video_url`). Every third-party host is routed: what the browser
 * asks for is recorded and answered by a stub, so nothing leaves the machine.
 *
 * - coastal-motor-group (opting in, the default), at 390 and 1366 px: nothing goes to
 *   googletagmanager.com before "Accept all"; after it the container is asked for and the data
 *   layer holds the Consent Mode default, then the update; the choice holds on reload; "Reject
 *   all" asks for nothing, then or later; the footer's "Cookie settings" opens the choices again.
 *   The banner is a labelled non-modal dialog, keyboard operable and axe clean, and the page does not move.
 * - tasman-motors (a notice): the container loads at once with granted defaults; "Opt out"
 *   updates to denied and nothing loads on the next page.
 * - The car video: a YouTube slide asks for nothing until play, asks for consent in place, then
 *   embeds youtube-nocookie.com; a Vimeo slide under a notice embeds with dnt=1 at once; a file
 *   plays in the browser's own player, fetched only on play.
 * - Chat (tasman-motors): the vendor's script is asked for only after consent and a press; when it
 *   fails, the shopper lands at the enquiry form (car page) or the contact page, told why.
 * - Text us: an sms: link naming the car in both action groups; the phone's bar still fits.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { CONSENT_STORAGE_KEY, REJECT_ALL, consentDefaultArgs } from '../../src/features/consent/rules/consent.ts';
import { EMPTY_STORAGE, storeConsent } from './setup/consent-state.ts';
import { e2eEnv, localOrigin } from './setup/support.ts';

const env = e2eEnv();
const COASTAL = 'coastal-motor-group';
const TASMAN = 'tasman-motors';
const RIDGELINE = 'ridgeline-mazda';
const KLUGER = '/cars/2019-toyota-kluger-gxl-awd-10011';
const OUTLANDER = '/cars/2025-mitsubishi-outlander-vrx-phev-30001';
const CX60 = '/cars/2025-mazda-cx-60-g40e-evolve-phev-20001';
const CHAT_SCRIPT = '/samples/tasman-motors/chat-widget.js';

test.skip(!env, 'needs the global setup');
test.use({ storageState: EMPTY_STORAGE });

type Entry = Record<string, unknown> | unknown[];

/** Records every request to a third-party host (anything not *.localhost) and answers it with a stub. */
async function recordThirdParty(context: BrowserContext): Promise<string[]> {
  const seen: string[] = [];
  await context.route(
    (url) => !url.hostname.endsWith('.localhost'),
    (route) => {
      const url = route.request().url();
      seen.push(url);
      if (url.includes('googletagmanager.com/gtm.js')) {
        return route.fulfill({
          contentType: 'text/javascript',
          body: 'window.google_tag_manager = window.google_tag_manager || {}; window.__containerRan = true;',
        });
      }
      return route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>player</title><p>player</p>' });
    },
  );
  return seen;
}

const tagManager = (seen: string[]) => seen.filter((u) => u.includes('googletagmanager.com'));

/** The data layer with Arguments objects (gtag calls) as arrays. */
const dataLayer = (page: Page) =>
  page.evaluate(() =>
    ((window as unknown as { dataLayer?: unknown[] }).dataLayer ?? []).map((e) =>
      Object.prototype.toString.call(e) === '[object Arguments]' ? [...(e as unknown[])] : e,
    ),
  ) as Promise<Entry[]>;

const consentCalls = async (page: Page) =>
  (await dataLayer(page)).filter((e) => Array.isArray(e) && e[0] === 'consent') as unknown[][];

const stored = (page: Page) =>
  page.evaluate(
    (key) => JSON.parse(localStorage.getItem(key) ?? 'null') as Record<string, unknown> | null,
    CONSENT_STORAGE_KEY,
  );

const banner = (page: Page) => page.getByRole('dialog', { name: /Your privacy|This site uses cookies/ });

for (const width of [390, 1366] as const) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test('opting in: nothing before Accept all, then the container after the default and the update; remembered; changed from the footer', async ({
      page,
      context,
    }) => {
      const seen = await recordThirdParty(context);
      await page.goto(localOrigin(COASTAL, env!.port) + '/');
      const region = banner(page);
      await expect(region).toBeVisible();
      await expect(region.getByRole('link', { name: 'Privacy policy' })).toHaveAttribute('href', '/privacy-policy');
      // Fixed to the bottom: it covers the page and moves none of it.
      const box = (await region.boundingBox())!;
      expect(Math.round(box.y + box.height)).toBeLessThanOrEqual(800);
      expect(await region.evaluate((el) => getComputedStyle(el).position)).toBe('fixed');
      const axe = await new AxeBuilder({ page }).include('.consent').analyze();
      expect(axe.violations.map((v) => v.id)).toEqual([]);
      await page.waitForTimeout(700);
      expect(tagManager(seen)).toEqual([]);
      expect(await consentCalls(page)).toEqual([consentDefaultArgs('opt_in')]);

      await region.getByRole('button', { name: 'Accept all' }).click();
      await expect(region).toBeHidden();
      await expect.poll(() => tagManager(seen)).toEqual(['https://www.googletagmanager.com/gtm.js?id=GTM-K7C4M2P']);
      await expect
        .poll(() => page.evaluate(() => !!(window as unknown as { __containerRan?: boolean }).__containerRan))
        .toBe(true);
      const calls = await consentCalls(page);
      expect(calls).toEqual([
        consentDefaultArgs('opt_in'),
        [
          'consent',
          'update',
          {
            ad_storage: 'granted',
            ad_user_data: 'granted',
            ad_personalization: 'granted',
            analytics_storage: 'granted',
          },
        ],
      ]);
      // The container reads the default and the update before its own start.
      const layer = await dataLayer(page);
      const start = layer.findIndex((e) => !Array.isArray(e) && e.event === 'gtm.js');
      expect(start).toBeGreaterThan(1);
      expect(await stored(page)).toMatchObject({ v: 1, analytics: true, marketing: true });

      // Remembered: the next page loads the container at once and shows no banner.
      seen.length = 0;
      await page.reload();
      await expect.poll(() => tagManager(seen)).toHaveLength(1);
      await expect(banner(page)).toBeHidden();
      expect((await consentCalls(page)).map((c) => c[1])).toEqual(['default', 'update']);

      // Changed from the footer: the choices, as remembered; marketing off.
      const settings = page.getByRole('button', { name: 'Cookie settings' });
      await settings.click();
      await expect(region).toBeVisible();
      await expect(region.getByText('Your privacy', { exact: true })).toBeFocused();
      const marketing = region.getByRole('checkbox', { name: /Marketing/ });
      await expect(region.getByRole('checkbox', { name: /Analytics/ })).toBeChecked();
      await expect(marketing).toBeChecked();
      await marketing.uncheck();
      await region.getByRole('button', { name: 'Save choices' }).click();
      await expect(region).toBeHidden();
      await expect(settings).toBeFocused();
      expect((await consentCalls(page)).at(-1)).toEqual([
        'consent',
        'update',
        { ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied', analytics_storage: 'granted' },
      ]);
      expect(await stored(page)).toMatchObject({ analytics: true, marketing: false });
    });

    test('opting in: Reject all asks for nothing, now or on later pages', async ({ page, context }) => {
      const seen = await recordThirdParty(context);
      await page.goto(localOrigin(COASTAL, env!.port) + '/service');
      await banner(page).getByRole('button', { name: 'Reject all' }).click();
      await expect(banner(page)).toBeHidden();
      await page.goto(localOrigin(COASTAL, env!.port) + '/contact');
      await page.waitForTimeout(700);
      await expect(banner(page)).toBeHidden();
      expect(seen).toEqual([]);
      expect(await consentCalls(page)).toEqual([
        consentDefaultArgs('opt_in'),
        [
          'consent',
          'update',
          { ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied', analytics_storage: 'denied' },
        ],
      ]);
    });
  });
}

test.describe('at 1366 px', () => {
  test.use({ viewport: { width: 1366, height: 800 } });

  test('the banner works from the keyboard: Choices, a checkbox, Save', async ({ page, context }) => {
    const seen = await recordThirdParty(context);
    await page.goto(localOrigin(COASTAL, env!.port) + '/');
    const region = banner(page);
    await region.getByRole('button', { name: 'Choices' }).focus();
    await page.keyboard.press('Enter');
    const analytics = region.getByRole('checkbox', { name: /Analytics/ });
    await expect(analytics).toBeFocused();
    await page.keyboard.press('Space');
    await page.keyboard.press('Tab');
    await expect(region.getByRole('checkbox', { name: /Marketing/ })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(region.getByRole('button', { name: 'Save choices' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(region).toBeHidden();
    expect(await stored(page)).toMatchObject({ analytics: true, marketing: false });
    await expect.poll(() => tagManager(seen)).toHaveLength(1);
  });

  test('a notice: the container loads at once with granted defaults; Opt out denies and stops the next load', async ({
    page,
    context,
  }) => {
    const seen = await recordThirdParty(context);
    await page.goto(localOrigin(TASMAN, env!.port) + '/');
    await expect.poll(() => tagManager(seen)).toHaveLength(1);
    expect(await consentCalls(page)).toEqual([consentDefaultArgs('notice')]);
    const region = banner(page);
    await expect(region.getByText('This site uses cookies', { exact: true })).toBeVisible();
    await region.getByRole('button', { name: 'Opt out' }).click();
    expect((await consentCalls(page)).at(-1)).toEqual([
      'consent',
      'update',
      { ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied', analytics_storage: 'denied' },
    ]);
    seen.length = 0;
    await page.reload();
    await page.waitForTimeout(700);
    expect(seen).toEqual([]);
    await expect(banner(page)).toBeHidden();
  });

  test('the manufacturer data layer waits for the container: nothing while refused, delivered on a late Accept', async ({
    page,
    context,
  }) => {
    await recordThirdParty(context);
    await page.addInitScript(() => {
      const w = window as unknown as Record<string, unknown> & { __seen: unknown[] };
      w.__seen = [];
      w.manufacturerDataLayer = (e: unknown) => w.__seen.push(e);
    });
    await page.goto(localOrigin(COASTAL, env!.port) + '/service');
    await page.waitForTimeout(1000);
    expect(await page.evaluate(() => (window as unknown as { __seen: unknown[] }).__seen)).toEqual([]);
    await banner(page).getByRole('button', { name: 'Accept all' }).click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { __seen: unknown[] }).__seen))
      .toEqual([expect.objectContaining({ event: 'page_view', page_type: 'service' })]);
  });

  test('the YouTube slide: nothing from YouTube before play, consent asked in place, then the no-cookie player', async ({
    page,
    context,
  }) => {
    await storeConsent(context, REJECT_ALL);
    const seen = await recordThirdParty(context);
    await page.goto(localOrigin(COASTAL, env!.port) + KLUGER);
    const play = page.getByRole('button', { name: 'Play video: 2019 Toyota Kluger GXL AWD' });
    await page.locator('.vdp-thumb-video').click();
    await expect(play).toBeInViewport();
    expect(seen).toEqual([]);
    await play.click();
    const ask = page.getByRole('group', { name: /This video is on YouTube/ });
    await expect(ask).toBeVisible();
    await expect(ask.getByRole('link', { name: /Watch on YouTube/ })).toHaveAttribute(
      'href',
      'https://www.youtube.com/watch?v=k9Lx4TQ2vWs',
    );
    expect(seen).toEqual([]);
    await ask.getByRole('button', { name: 'Allow and play' }).click();
    const frame = page.locator('iframe.vdp-player');
    await expect(frame).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/k9Lx4TQ2vWs?autoplay=1&rel=0');
    await expect(frame).toHaveAttribute('title', 'Video of the 2019 Toyota Kluger GXL AWD');
    await expect
      .poll(() => seen.filter((u) => u.startsWith('https://www.youtube-nocookie.com/embed/')))
      .toHaveLength(1);
    expect(seen.filter((u) => /youtube\.com|ytimg|vimeo/.test(u))).toEqual([]);
    const choice = await page.evaluate((key) => localStorage.getItem(key), CONSENT_STORAGE_KEY);
    expect(JSON.parse(choice!)).toMatchObject({ analytics: false, marketing: true });
  });

  test('a Vimeo slide under a notice plays at once with dnt=1; a video file is fetched only on play', async ({
    page,
    context,
  }) => {
    const seen = await recordThirdParty(context);
    await page.goto(localOrigin(TASMAN, env!.port) + OUTLANDER);
    await page.locator('.vdp-thumb-video').click();
    await page.getByRole('button', { name: /^Play video: / }).click();
    await expect(page.locator('iframe.vdp-player')).toHaveAttribute(
      'src',
      'https://player.vimeo.com/video/76979871?dnt=1&autoplay=1',
    );
    // The frame's request starts after its src is set: waited for, as the YouTube case above does.
    await expect.poll(() => seen.filter((u) => u.includes('vimeo')).length).toBeGreaterThan(0);

    const files: string[] = [];
    page.on('request', (r) => r.url().endsWith('.mp4') && files.push(r.url()));
    await page.goto(localOrigin(RIDGELINE, env!.port) + CX60);
    await page.locator('.vdp-thumb-video').click();
    await page.waitForTimeout(500);
    expect(files).toEqual([]);
    await page.getByRole('button', { name: /^Play video: / }).click();
    const video = page.locator('video.vdp-player');
    await expect(video).toHaveAttribute('src', '/videos/showroom.mp4');
    await expect(video).toBeFocused();
    await expect.poll(() => files.length).toBeGreaterThan(0);
  });
});

test.describe('chat and Text us', () => {
  test.use({ viewport: { width: 390, height: 800 } });

  test('chat: no script before consent and a press; Allow and chat loads it and the vendor takes over', async ({
    page,
    context,
  }) => {
    await storeConsent(context, REJECT_ALL);
    const asked: string[] = [];
    page.on('request', (r) => r.url().includes(CHAT_SCRIPT) && asked.push(r.url()));
    await page.goto(localOrigin(TASMAN, env!.port) + '/');
    const start = page.getByRole('button', { name: 'Chat with us' });
    await expect(start).toBeVisible();
    await page.waitForTimeout(500);
    expect(asked).toEqual([]);
    await start.click();
    await expect(page.getByText(/which may set cookies/)).toBeVisible();
    expect(asked).toEqual([]);
    await page.getByRole('button', { name: 'Allow and chat' }).click();
    await expect(page.getByRole('region', { name: 'Chat with Tasman Motors' })).toBeVisible();
    expect(asked).toHaveLength(1);
    await expect(start).toHaveCount(0);
  });

  test('chat: a script that fails sends the shopper to the enquiry form, or to the contact page, saying why', async ({
    page,
    context,
  }) => {
    await context.route(`**${CHAT_SCRIPT}`, (route) => route.fulfill({ status: 404, body: 'not found' }));
    // A notice, not opted out of: chat may load on the first press.
    await page.goto(localOrigin(TASMAN, env!.port) + OUTLANDER);
    await banner(page).getByRole('button', { name: 'OK' }).click();
    await page.getByRole('button', { name: 'Chat with us' }).click();
    await expect(page.getByText("Sorry, chat isn't available right now.")).toBeVisible();
    await expect(page.locator('#enquire')).toBeInViewport();
    await expect(page).toHaveURL(/#enquire$/);

    await page.goto(localOrigin(TASMAN, env!.port) + '/about');
    await page.getByRole('button', { name: 'Chat with us' }).click();
    await expect(page).toHaveURL(/\/contact\?chat=unavailable$/);
    await expect(page.getByText("Sorry, chat isn't available right now.")).toBeVisible();
  });

  test('Text us: an sms: link naming the car in both action groups, and the phone bar fits', async ({ page }) => {
    await page.goto(localOrigin(TASMAN, env!.port) + OUTLANDER);
    const links = page.locator('a.vdp-action-sms');
    await expect(links).toHaveCount(2);
    const href = await links.first().getAttribute('href');
    expect(href).toMatch(/^sms:0275554100\?&body=/);
    expect(decodeURIComponent(href!.split('&body=')[1]!)).toMatch(
      /^Hi, I'm interested in the 2025 Mitsubishi Outlander VRX PHEV.*Is it still available\?$/,
    );
    const bar = page.locator('.vdp-bar');
    await expect(bar.getByRole('link', { name: /Text us/ })).toBeVisible();
    expect(await bar.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    for (const b of await bar.locator('.btn').all()) {
      const box = (await b.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
    }
  });
});
