/**
 * Dealer text with a word longer than the screen is wide (a pasted URL, a part number, a name
 * typed without spaces) wraps inside its box and never widens the page. On one page of every
 * template of every sample dealer, at 390 px, an 80-letter word is added to every piece of text
 * the page shows (paragraphs, headings, list items, links, labels, table cells, buttons): the page
 * must stay 390 px wide (setup/layout-probe.ts judges it, as for every page), and the elements
 * that stick out are named when it does not.
 */
import { expect, test } from '@playwright/test';
import { PHONE, measureOverflow } from './setup/layout-probe.ts';
import { builtSlugs, e2eEnv, localOrigin, readSitemap } from './setup/support.ts';

const env = e2eEnv();
const LONG_WORD = 'Unbroken'.repeat(10);

/** One page of each template: the first sitemap path that matches each pattern. */
const TEMPLATES: [string, RegExp][] = [
  ['home', /^\/$/],
  ['car', /^\/cars\/[^/]+$/],
  ['team profile', /^\/team\/[^/]+$/],
  ['contact', /contact/],
  ['offers', /offers/],
  ['used cars', /used-cars$/],
  ['model', /^\/(outlander|triton|cx-5|hilux|rav4|corolla)$/],
  ['privacy', /privacy/],
  ['team', /our-team$/],
  ['finance', /^\/finance$/],
  ['service', /^\/service$/],
  ['reviews', /^\/reviews$/],
  ['new cars', /new-cars$/],
];

test.skip(!env, 'needs the global setup');
test.use({ viewport: PHONE });

for (const slug of env ? builtSlugs(env.sitesDir) : []) {
  const paths = readSitemap(env!.sitesDir, slug).map((loc) => new URL(loc).pathname);
  for (const [template, pattern] of TEMPLATES) {
    const found = paths.find((p) => pattern.test(p));
    if (!found) continue;
    test(`${slug}: a ${LONG_WORD.length}-letter word in every text of the ${template} page (${found}) wraps at 390 px`, async ({
      page,
    }) => {
      await page.goto(localOrigin(slug, env!.port) + found);
      const changed = await page.evaluate((word) => {
        const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
        const nodes: Text[] = [];
        for (let n = walker.nextNode(); n; n = walker.nextNode()) {
          const parent = n.parentElement;
          if (!parent || !n.textContent?.trim()) continue;
          // The product's own controls (buttons, menus) and labels kept on one line by design are not
          // dealer text; everything else is.
          if (parent.closest('script, style, noscript, template, svg, summary, button, [hidden], [aria-hidden="true"]'))
            continue;
          if (getComputedStyle(parent).whiteSpace.startsWith('nowrap') || getComputedStyle(parent).whiteSpace === 'pre')
            continue;
          nodes.push(n as Text);
        }
        for (const n of nodes) n.textContent = `${n.textContent} ${word}`;
        return nodes.length;
      }, LONG_WORD);
      expect(changed).toBeGreaterThan(10);
      const layout = await measureOverflow(page);
      expect(layout.overflowing, `elements past the right edge: ${layout.overflowing.join(', ')}`).toEqual([]);
      expect(layout.scrollWidth).toBeLessThanOrEqual(layout.innerWidth);
    });
  }
}
