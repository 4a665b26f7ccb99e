/**
 * Which pages `npm run shots` photographs for a dealer: every snapshot page (each is a layout of
 * its own), one page of each generated template (model, car, staff profile, legal, 404) and the
 * thank-you page in each of its variants. Names are file-safe and stable, so two runs line up.
 */
import type { DealerContent } from '../../src/content/load.ts';
import { dealerRoutes, type Route } from '../../src/domain/routes.ts';
import { isThankYouPage } from '../../src/content/block-tree.ts';

export interface ShotPage {
  /** File-safe name, e.g. "home", "page-used-cars", "car", "thank-you-valuation". */
  name: string;
  /** Path and query on the dealer's site. */
  path: string;
  /** The kept submission the thank-you page reads (sessionStorage `dealer.submission`), if any. */
  submission?: Record<string, unknown>;
}

/** The thank-you variants a visitor can land on, by query (src/blocks/success/success.ts). */
export const THANK_YOU_VARIANTS: { name: string; query: string; submission?: Record<string, unknown> }[] = [
  { name: 'generic', query: '' },
  { name: 'service-booking', query: 'category=service-booking' },
  { name: 'finance', query: 'category=finance-enquiry' },
  { name: 'test-drive', query: 'category=test-drive-booking' },
  { name: 'credit-score', query: 'category=credit-score-result&score=720' },
  { name: 'team-member', query: 'category=team-member-enquiry&user=Tom+Brennan' },
  {
    name: 'valuation',
    query: 'category=valuation-enquiry',
    submission: {
      category: 'valuation-enquiry',
      values: { make: 'Toyota', model: 'Corolla', year: '2019', kms: '85000', expected_price: '18500' },
      submittedAt: '2026-01-01T00:00:00.000Z',
    },
  },
];

function fileSafe(path: string): string {
  return (
    path
      .replace(/^\/+|\/+$/g, '')
      .replace(/[^a-z0-9]+/gi, '-')
      .toLowerCase() || 'home'
  );
}

/** The first route of a kind, preferring the one that shows the most (a car with the most photos). */
function firstOf<K extends Route['kind']>(routes: Route[], kind: K): Extract<Route, { kind: K }> | undefined {
  const all = routes.filter((r): r is Extract<Route, { kind: K }> => r.kind === kind);
  if (kind === 'car') {
    return [...all].sort((a, b) => {
      const pa = (a as Extract<Route, { kind: 'car' }>).car.photos.length;
      const pb = (b as Extract<Route, { kind: 'car' }>).car.photos.length;
      return pb - pa;
    })[0];
  }
  return all[0];
}

export function shotPages(dealer: DealerContent): ShotPage[] {
  const routes = dealerRoutes(dealer);
  const pages: ShotPage[] = [];
  for (const r of routes) {
    if (r.kind !== 'page') continue;
    if (isThankYouPage(r.page.blocks)) {
      for (const v of THANK_YOU_VARIANTS) {
        pages.push({
          name: `${fileSafe(r.path)}-${v.name}`,
          path: v.query ? `${r.path}?${v.query}` : r.path,
          ...(v.submission ? { submission: v.submission } : {}),
        });
      }
    } else {
      pages.push({ name: r.path === '/' ? 'home' : `page-${fileSafe(r.path)}`, path: r.path });
    }
  }
  const generated: [Route['kind'], string][] = [
    ['model', 'model'],
    ['car', 'car'],
    ['team', 'staff'],
    ['terms', 'legal'],
    ['notFound', '404'],
  ];
  for (const [kind, name] of generated) {
    const r = firstOf(routes, kind);
    if (r) pages.push({ name, path: r.path });
  }
  return pages;
}

/** The part of a Playwright page settleForShot needs (kept structural so this file imports no test runner). */
interface EvaluatingPage {
  evaluate<R>(fn: () => Promise<R>): Promise<R>;
}

/**
 * Readies an opened page for a full-page screenshot: a full-page capture does not scroll, so lazy
 * images below the fold would stay blank; every image is made eager and awaited, then web fonts,
 * then one idle moment for islands that hydrate on visibility.
 */
export async function settleForShot(page: EvaluatingPage): Promise<void> {
  await page.evaluate(async () => {
    const images = [...document.querySelectorAll('img')];
    for (const img of images) img.loading = 'eager';
    await Promise.all(
      images.map((img) =>
        img.complete
          ? Promise.resolve()
          : new Promise((resolve) => {
              img.onload = img.onerror = resolve;
            }),
      ),
    );
    await document.fonts.ready;
    await new Promise((resolve) => requestIdleCallback(resolve, { timeout: 2000 }));
  });
}
