/**
 * A sold car keeps its page for SOLD_PAGE_DAYS (content format 1.3): its address still leads
 * somewhere, counted from `sold_at` or from the build that first saw it sold (which the build
 * manifest remembers); after that the car has no page and its address answers the site's 404.
 * The page says the car has been sold, offers nothing for it, and stays out of search engines.
 */
import { describe, expect, it } from 'vitest';
import { dealerRoutes, hasCarPage, SOLD_PAGE_DAYS } from '../../../domain/routes.ts';
import { isIndexable } from '../../../site/page-blocks.ts';
import { sitemapXml } from '../../../engine/build/site-files.ts';
import { vehicleFeeds } from '../../../seo/feeds/index.ts';
import { stampSoldCars, soldPagesExpired } from '../../../engine/build/sold-cars.ts';
import { carPageHtml, fixtureWith, testCar, visibleText } from '../../../../tests/helpers/car-page.ts';

const DAY = 24 * 60 * 60 * 1000;
const BUILD = Date.parse('2026-03-31T10:00:00Z');
const soldDaysAgo = (days: number) => testCar({ status: 'sold', sold_at: new Date(BUILD - days * DAY).toISOString() });

describe('how long a sold car keeps its page', () => {
  it('keeps it for 30 days after the sale and not a moment longer', () => {
    expect(SOLD_PAGE_DAYS).toBe(30);
    expect(hasCarPage(soldDaysAgo(29), BUILD)).toBe(true);
    expect(hasCarPage(soldDaysAgo(30 - 1 / 24), BUILD)).toBe(true);
    expect(hasCarPage(soldDaysAgo(30), BUILD)).toBe(false);
    expect(hasCarPage(soldDaysAgo(31), BUILD)).toBe(false);
  });

  it('gives the dealer routes a sold car page at 29 days, none at 30 or 31, and never a hidden car one', async () => {
    const dealer = await fixtureWith();
    for (const [days, built] of [
      [29, true],
      [30, false],
      [31, false],
    ] as const) {
      const car = { ...soldDaysAgo(days), slug: `sold-${days}` };
      const routes = dealerRoutes(
        { ...dealer, cars: [car, testCar({ id: 5, slug: 'hidden', status: 'hidden' })] },
        BUILD,
      );
      const paths = routes.filter((r) => r.kind === 'car').map((r) => r.path);
      expect(paths, `${days} days`).toEqual(built ? [`/cars/sold-${days}`] : []);
    }
  });

  it('counts a sold car without sold_at from the first build that saw it sold, across builds', () => {
    const sold = testCar({ id: 9, slug: 'gone', status: 'sold' });
    const first = stampSoldCars([sold, testCar({ id: 10 })], undefined, new Date(BUILD).toISOString());
    expect(first.soldSeen).toEqual({ '9': new Date(BUILD).toISOString() });
    expect(first.soldPagesEnd).toBe(new Date(BUILD + 30 * DAY).toISOString());
    // 29 days on, a later build still counts from the first one: the page stays.
    const later = new Date(BUILD + 29 * DAY).toISOString();
    const second = stampSoldCars([sold], first.soldSeen, later);
    expect(second.cars[0]!.sold_at).toBe(new Date(BUILD).toISOString());
    expect(hasCarPage(second.cars[0]!, Date.parse(later))).toBe(true);
    // 31 days on it has gone, and the memory stays so it never gets another 30 days.
    const after = new Date(BUILD + 31 * DAY).toISOString();
    const third = stampSoldCars([sold], second.soldSeen, after);
    expect(hasCarPage(third.cars[0]!, Date.parse(after))).toBe(false);
    expect(third.soldSeen).toEqual(first.soldSeen);
    expect(third.soldPagesEnd).toBeUndefined();
    // Back on sale, it is forgotten.
    expect(stampSoldCars([{ ...sold, status: 'available' }], third.soldSeen, after).soldSeen).toEqual({});
  });

  it('has a --changed build rebuild a site once a sold page it shows has expired', () => {
    const end = new Date(BUILD + 30 * DAY).toISOString();
    expect(soldPagesExpired({ soldPagesEnd: end }, BUILD + 29 * DAY)).toBe(false);
    expect(soldPagesExpired({ soldPagesEnd: end }, BUILD + 30 * DAY)).toBe(true);
    expect(soldPagesExpired({}, BUILD + 300 * DAY)).toBe(false);
  });
});

describe("a sold car's page", () => {
  it('says the car is sold and offers no enquiry, finance, test drive, reservation, save or text', async () => {
    const dealer = await fixtureWith({
      chat: { sms: '0400 000 000' },
      reservations: { enabled: true, deposit: 500 },
    } as never);
    const live = testCar({ id: 1, stock_number: 'S1' });
    const similar = testCar({ id: 2, slug: 'a-corolla-2', model: 'Corolla', badge: 'Ascent', price: 16990 });
    const sold = { ...soldDaysAgo(3), stock_number: 'S1' };
    // The same car for sale has all of these: the sold page must have none.
    const liveHtml = await carPageHtml({ ...dealer, cars: [live, similar] }, live);
    expect(liveHtml).toMatch(/<form|data-save-car|vdp-action-enquire/);

    const html = await carPageHtml({ ...dealer, cars: [sold, similar] }, sold);
    const text = visibleText(html);
    expect(text).toContain('This car has been sold');
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"');
    expect(html).toContain('/photos/aqua-1.jpg');
    expect(text).toContain('Key details');
    expect(html).toContain('vdp-similar');
    expect(html).toContain('/cars/a-corolla-2');
    for (const gone of [
      '<form',
      'vdp-action-enquire',
      'vdp-action-drive',
      'vdp-action-sms',
      'sms:',
      'data-save-car',
      'data-compare-car',
      'vdp-reserve',
      'id="finance"',
      'vdp-weekly',
      'data-sold-notice',
    ]) {
      expect(html, gone).not.toContain(gone);
    }
    expect(text).not.toMatch(
      /Enquire about the 2019 Toyota Aqua|Test drive|Reserve|Apply for finance|per week|Text us/,
    );
    expect(html).toContain('https://schema.org/SoldOut');
    expect(html).not.toContain('https://schema.org/InStock');
  });

  it('is left out of the sitemap and the Google and Meta feeds', async () => {
    const dealer = await fixtureWith();
    const sold = testCar({ status: 'sold', sold_at: new Date(Date.now() - DAY).toISOString(), slug: 'sold-one' });
    const forSale = testCar({ id: 2, slug: 'for-sale', vin: 'JTMW43FV10D654321' });
    expect(sold.id).not.toBe(forSale.id);
    const d = { ...dealer, cars: [sold, forSale] };
    const routes = dealerRoutes(d);
    expect(routes.some((r) => r.path === '/cars/sold-one')).toBe(true);
    expect(routes.filter(isIndexable).some((r) => r.path === '/cars/sold-one')).toBe(false);
    const xml = sitemapXml(d);
    expect(xml).toContain('/cars/for-sale');
    expect(xml).not.toContain('/cars/sold-one');
    const feeds = vehicleFeeds(d);
    expect(feeds[0]!.text).toContain('/cars/for-sale');
    for (const feed of feeds) {
      expect(feed.text, feed.name).not.toContain('sold-one');
      // Not even as a car left out for a missing field: the feeds never consider it.
      expect(JSON.stringify(feed.leftOut), feed.name).not.toContain(String(sold.id));
    }
  });
});
