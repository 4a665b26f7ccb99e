/**
 * The layout revisions of spec §9 on the built samples, in Chromium (src/site/cutoffs.ts):
 * - every snapshot page carries on <body> exactly the rev-* classes of its publishedAt;
 * - each revision with a visible effect changes what it says on a page published on or after its
 *   cutoff and not on one published before: display headings, contained blocks, pill buttons, card
 *   shadows, roomy blocks, stacked banner text and wide gutters, each read with getComputedStyle
 *   (or the boxes' geometry) on a sample page from either side of the cutoff.
 * formOptIn (2024-06-03) is a form behaviour (tests/unit/forms/forms-shared.test.ts) and
 * formStepHeadings (2024-06-24) has its own tests; neither is a style.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { loadDealers, type DealerContent } from '../../src/content/load.ts';
import { cutoffs, layoutClasses, layoutFlags, publishedDay, type LayoutFlag } from '../../src/site/cutoffs.ts';
import { e2eEnv, localOrigin } from './setup/support.ts';

const env = e2eEnv();
const dealers: DealerContent[] = env ? (await loadDealers(env.dealersDir)).dealers : [];

const revClass = (flag: LayoutFlag) =>
  layoutClasses({ ...Object.fromEntries(Object.keys(cutoffs).map((f) => [f, false])), [flag]: true } as Record<
    LayoutFlag,
    boolean
  >);

function builtHtml(slug: string, pagePath: string): string {
  const rel = pagePath === '/' ? 'index.html' : `${pagePath.slice(1)}/index.html`;
  return readFileSync(path.join(env!.sitesDir, slug, rel), 'utf8');
}

function publishedAt(slug: string, pagePath: string): string {
  const page = dealers.find((d) => d.slug === slug)?.pages.find((p) => p.path === pagePath);
  if (!page) throw new Error(`The samples have no page ${slug}${pagePath}`);
  return page.publishedAt;
}

type Side = 'before' | 'after';

interface Effect<T> {
  flag: LayoutFlag;
  /** What the revision does, for the test's name. */
  what: string;
  before: [slug: string, path: string];
  after: [slug: string, path: string];
  width?: number;
  measure: (page: Page) => Promise<T>;
  check: (value: T, side: Side) => void;
}

const px = (v: string) => Number.parseFloat(v);

/** getComputedStyle of the first element matching `selector` (fails the test when there is none). */
async function styleOf(page: Page, selector: string, props: string[]): Promise<Record<string, string>> {
  const el = page.locator(selector).first();
  await expect(el, `${selector} on ${page.url()}`).toBeAttached();
  return el.evaluate((node, names) => {
    const cs = getComputedStyle(node);
    return Object.fromEntries(names.map((n) => [n, cs.getPropertyValue(n)]));
  }, props);
}

const effects: Effect<unknown>[] = [
  {
    flag: 'displayHeadings',
    what: 'headings use the display type scale, larger and tighter: h1 56px and -.03em instead of 48px and -.02em, h2 40px instead of 34px at 1366 px',
    before: ['ridgeline-mazda', '/parts'],
    after: ['coastal-motor-group', '/finance'],
    measure: async (page) => {
      const h1 = await styleOf(page, 'main h1', ['font-size', 'letter-spacing']);
      const h2 = await styleOf(page, 'main h2', ['font-size']);
      return {
        h1: px(h1['font-size']!),
        tracking: px(h1['letter-spacing']!) / px(h1['font-size']!),
        h2: px(h2['font-size']!),
      };
    },
    check: (v, side) => {
      const { h1, tracking, h2 } = v as { h1: number; tracking: number; h2: number };
      expect(h1).toBe(side === 'before' ? 48 : 56);
      expect(tracking).toBeCloseTo(side === 'before' ? -0.02 : -0.03, 4);
      expect(h2).toBe(side === 'before' ? 34 : 40);
    },
  },
  {
    flag: 'containedBlocks',
    what: 'block content sits in the 76rem container instead of the full width',
    before: ['ridgeline-mazda', '/about'],
    after: ['coastal-motor-group', '/finance'],
    measure: async (page) => {
      const el = page.locator('main > .block > :not(.full-bleed)').first();
      const style = await styleOf(page, 'main > .block > :not(.full-bleed)', ['max-width']);
      return { maxWidth: style['max-width'], width: (await el.boundingBox())!.width };
    },
    check: (v, side) => {
      const { maxWidth, width } = v as { maxWidth: string; width: number };
      if (side === 'before') {
        expect(maxWidth).toBe('none');
        expect(width).toBeGreaterThan(1216);
      } else {
        expect(maxWidth).toBe('1216px');
        expect(width).toBeLessThanOrEqual(1216);
      }
    },
  },
  {
    flag: 'pillButtons',
    what: 'buttons are pill shaped',
    before: ['coastal-motor-group', '/faq'],
    after: ['coastal-motor-group', '/mazda-cx-5'],
    measure: async (page) =>
      await page.locator('.btn').evaluateAll((els) => els.map((e) => getComputedStyle(e).borderTopLeftRadius)),
    check: (v, side) => {
      const radii = v as string[];
      expect(radii.length).toBeGreaterThan(0);
      if (side === 'before') expect(radii.filter((r) => r === '999px')).toEqual([]);
      else expect(radii.filter((r) => r !== '999px')).toEqual([]);
    },
  },
  {
    flag: 'cardShadows',
    what: 'cards are lifted with a shadow instead of outlined with a border',
    before: ['coastal-motor-group', '/mazda-cx-5'],
    after: ['coastal-motor-group', '/rav4'],
    measure: (page) => styleOf(page, '.card.variant-card', ['box-shadow', 'border-top-color']),
    check: (v, side) => {
      const s = v as Record<string, string>;
      if (side === 'before') {
        expect(s['box-shadow']).toBe('none');
        expect(s['border-top-color']).not.toBe('rgba(0, 0, 0, 0)');
      } else {
        expect(s['box-shadow']).toMatch(/rgba\(16, 24, 40, 0\.1\) 0px 4px 12px/);
        expect(s['border-top-color']).toBe('rgba(0, 0, 0, 0)');
      }
    },
  },
  {
    flag: 'roomyBlocks',
    what: 'blocks are 3rem apart instead of 2rem',
    before: ['ridgeline-mazda', '/reviews'],
    after: ['tasman-motors', '/'],
    measure: async (page) => px((await styleOf(page, 'main > .block', ['margin-bottom']))['margin-bottom']!),
    check: (v, side) => expect(v).toBe(side === 'before' ? 32 : 48),
  },
  {
    flag: 'stackedBannerText',
    what: 'on a phone, banner text sits below the image instead of over it',
    before: ['ridgeline-mazda', '/service'],
    after: ['coastal-motor-group', '/about'],
    width: 390,
    measure: async (page) => {
      const banner = page.locator('.image-banner:has(.banner-content)').first();
      await expect(banner).toBeAttached();
      const media = (await banner.locator('.banner-media').boundingBox())!;
      const content = (await banner.locator('.banner-content').boundingBox())!;
      return {
        below: content.y >= media.y + media.height - 1,
        stackedClass: (await banner.getAttribute('class'))!.includes('image-banner-stacked'),
      };
    },
    check: (v, side) =>
      expect(v).toEqual(
        side === 'before' ? { below: false, stackedClass: false } : { below: true, stackedClass: true },
      ),
  },
  {
    flag: 'wideGutters',
    what: 'the 12-column grid has a 2rem gutter instead of 1rem',
    before: ['ridgeline-mazda', '/about'],
    after: ['coastal-motor-group', '/about'],
    measure: async (page) => px((await styleOf(page, '.grid-12', ['column-gap']))['column-gap']!),
    check: (v, side) => expect(v).toBe(side === 'before' ? 16 : 32),
  },
];

if (env) {
  test('every snapshot page carries on <body> the revision classes of its publishedAt', () => {
    let checked = 0;
    const wrong: string[] = [];
    for (const dealer of dealers) {
      for (const page of dealer.pages) {
        const body = /<body(?:\s+class="([^"]*)")?[^>]*>/.exec(builtHtml(dealer.slug, page.path));
        expect(body, `${dealer.slug}${page.path} has a <body>`).toBeTruthy();
        const expected = layoutClasses(layoutFlags(page.publishedAt));
        const got = (body![1] ?? '')
          .split(/\s+/)
          .filter((c) => c.startsWith('rev-'))
          .join(' ');
        if (got !== expected)
          wrong.push(`${dealer.slug}${page.path} (${page.publishedAt}): "${got}", expected "${expected}"`);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(50);
    expect(wrong).toEqual([]);
  });

  test('pages built without a snapshot (team profile, default privacy policy, not found) have the newest layout', () => {
    const newest = layoutClasses(layoutFlags(new Date().toISOString().slice(0, 10)));
    for (const rel of ['team/andrew-whitfield/index.html', 'privacy-policy/index.html', '404.html']) {
      const html = readFileSync(path.join(env.sitesDir, 'coastal-motor-group', rel), 'utf8');
      const body = /<body(?:\s+class="([^"]*)")?[^>]*>/.exec(html);
      const got = (body?.[1] ?? '')
        .split(/\s+/)
        .filter((c) => c.startsWith('rev-'))
        .join(' ');
      expect(got, rel).toBe(newest);
    }
  });

  test('the display scale leaves a heading the outline raised and a car card title at their own sizes', async ({
    page,
  }) => {
    const pagePath = '/used-cars';
    expect(publishedDay(publishedAt('coastal-motor-group', pagePath)) >= cutoffs.displayHeadings).toBe(true);
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto(localOrigin('coastal-motor-group', env.port) + pagePath);
    await expect(page.locator('.car-card-title').first()).toBeVisible();
    const sizes = await page.evaluate(() => {
      const main = document.querySelector('main')!;
      // What the page outline writes for an h3 it raises, and a card list with no heading above it.
      main.insertAdjacentHTML(
        'beforeend',
        '<h3 id="t-h3">Written h3</h3><h2 id="t-raised" data-look="h3">Raised</h2><h2 id="t-h2">Own h2</h2>' +
          '<article class="car-card"><h3 class="car-card-title" id="t-card3">A</h3></article>' +
          '<article class="car-card"><h2 class="car-card-title" id="t-card2">B</h2></article>',
      );
      const size = (id: string) => parseFloat(getComputedStyle(document.getElementById(id)!).fontSize);
      return {
        h3: size('t-h3'),
        raised: size('t-raised'),
        h2: size('t-h2'),
        card3: size('t-card3'),
        card2: size('t-card2'),
      };
    });
    expect(sizes.h2, 'a page h2 takes the display scale').toBe(40);
    expect(sizes.raised, 'a raised heading keeps the size it was written at').toBe(sizes.h3);
    expect(sizes.card2, 'a car card title is the same size as an h2 or an h3').toBe(sizes.card3);
  });

  for (const effect of effects) {
    const date = cutoffs[effect.flag];
    test(`${effect.flag} (${date}): ${effect.what}`, async ({ page }) => {
      await page.setViewportSize({ width: effect.width ?? 1366, height: 900 });
      for (const side of ['before', 'after'] as const) {
        const [slug, pagePath] = effect[side];
        const day = publishedDay(publishedAt(slug, pagePath));
        // The sample pages stand on the sides of the cutoff they are meant to.
        if (side === 'before') expect(day < date, `${slug}${pagePath} published ${day}, before ${date}`).toBe(true);
        else expect(day >= date, `${slug}${pagePath} published ${day}, on or after ${date}`).toBe(true);

        await page.goto(localOrigin(slug, env.port) + pagePath);
        await page.evaluate(() => document.fonts.ready);
        const classes = await page.evaluate(() => [...document.body.classList]);
        if (side === 'before') expect(classes, `${slug}${pagePath}`).not.toContain(revClass(effect.flag));
        else expect(classes, `${slug}${pagePath}`).toContain(revClass(effect.flag));
        const value = await effect.measure(page);
        effect.check(value, side);
      }
    });
  }
}
