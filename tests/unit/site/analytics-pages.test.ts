/**
 * The analytics pages of spec §2 (/finance, /service, /pages/book-a-service, /contact,
 * /contact-us/{location}): a page view with the page type in window.dataLayer, and the same event
 * for the manufacturer's data layer on sites that have one (held until its function appears).
 * The browser side is in tests/e2e/analytics.spec.ts.
 */
import { START_TAGS_SCRIPT } from '../../../src/features/consent/rules/head-script.ts';
import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import SiteLayout from '../../../src/layouts/SiteLayout.astro';
import { MANUFACTURER_FUNCTION, createManufacturerDataLayer } from '../../../src/site/analytics.ts';
import {
  MANUFACTURER_PAGE_VIEW_ATTR,
  PAGE_VIEW_EVENT,
  analyticsPage,
  pageViewEvent,
  pageViewScript,
  startManufacturerPageView,
} from '../../../src/site/analytics-pages.ts';
import { siteSchema } from '../../../src/content/site.ts';
import { fixtureDealer } from '../../helpers/render.ts';

type Win = { dataLayer?: unknown[] } & Record<string, unknown>;

describe('which pages are analytics pages', () => {
  it('names the five pages of the spec by their type', () => {
    expect(analyticsPage('/finance')).toEqual({ type: 'finance' });
    expect(analyticsPage('/service')).toEqual({ type: 'service' });
    expect(analyticsPage('/pages/book-a-service')).toEqual({ type: 'book-a-service' });
    expect(analyticsPage('/contact')).toEqual({ type: 'contact' });
    expect(analyticsPage('/contact-us/gosford')).toEqual({ type: 'contact-location', location: 'gosford' });
  });

  it('reads a path with a trailing slash or capitals as the same page', () => {
    expect(analyticsPage('/service/')).toEqual({ type: 'service' });
    expect(analyticsPage('/Contact-Us/Erina/')).toEqual({ type: 'contact-location', location: 'erina' });
  });

  it('leaves every other page alone, including pages beneath or beside the analytics pages', () => {
    for (const path of [
      '/',
      '/about',
      '/service/express',
      '/service/book-by-make',
      '/finance-enquiry',
      '/finance/rates',
      '/pages/book-a-service/step-2',
      '/pages',
      '/contact-us',
      '/contact-us/',
      '/contact-us/gosford/map',
      '/contacts',
      '/thank-you',
    ]) {
      expect(analyticsPage(path), path).toBeUndefined();
    }
  });
});

describe('the page-view event', () => {
  it('carries the page type, name and path, and the location slug of a location contact page', () => {
    expect(pageViewEvent('/service', 'Book a Service')).toEqual({
      event: PAGE_VIEW_EVENT,
      page_type: 'service',
      page_name: 'Book a Service',
      page_path: '/service',
    });
    expect(pageViewEvent('/contact-us/gosford', 'Contact Gosford')).toEqual({
      event: 'page_view',
      page_type: 'contact-location',
      page_name: 'Contact Gosford',
      page_path: '/contact-us/gosford',
      location_slug: 'gosford',
    });
    expect(pageViewEvent('/about', 'About us')).toBeUndefined();
  });

  it('is pushed to window.dataLayer by the inline script, after what is already there', () => {
    const event = pageViewEvent('/finance', 'Finance </script><script>alert(1)</script>')!;
    const script = pageViewScript(event);
    expect(script).not.toContain('</script');
    const win: Win = { dataLayer: [{ 'gtm.start': 1 }] };
    // The snippet runs as the browser runs it: a script given `window`.
    // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the page's own inline script, under test
    new Function('window', script)(win);
    expect(win.dataLayer).toEqual([{ 'gtm.start': 1 }, event]);
    const fresh: Win = {};
    // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the page's own inline script, under test
    new Function('window', script)(fresh);
    expect(fresh.dataLayer).toEqual([event]);
  });
});

describe('the page view for the manufacturer data layer', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const docWith = (json: string | undefined) => ({
    querySelector: (selector: string) =>
      json !== undefined && selector === `script[${MANUFACTURER_PAGE_VIEW_ATTR}]`
        ? ({ textContent: json } as Element)
        : null,
  });

  it('is held until the manufacturer function appears, then delivered within one 300 ms poll', () => {
    const event = pageViewEvent('/service', 'Service')!;
    const seen: unknown[] = [];
    const win: Win = {};
    const layer = createManufacturerDataLayer({ win });
    expect(startManufacturerPageView(docWith(JSON.stringify(event)), layer)).toEqual(event);
    vi.advanceTimersByTime(3000);
    expect(seen).toEqual([]);
    expect(layer.pending).toBe(1);
    win[MANUFACTURER_FUNCTION] = (e: unknown) => seen.push(e);
    vi.advanceTimersByTime(300);
    expect(seen).toEqual([event]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('sends nothing when the page holds no page view, or an unreadable one', () => {
    const win: Win = {
      [MANUFACTURER_FUNCTION]: () => {
        throw new Error('nothing should be sent');
      },
    };
    const layer = createManufacturerDataLayer({ win });
    expect(startManufacturerPageView(docWith(undefined), layer)).toBeUndefined();
    expect(startManufacturerPageView(docWith('{not json'), layer)).toBeUndefined();
    expect(startManufacturerPageView(docWith('{"page_type":"service"}'), layer)).toBeUndefined();
    expect(layer.pending).toBe(0);
  });
});

describe('the page shell of an analytics page', () => {
  async function renderPage(
    path: string,
    analytics: { gtmId?: string; manufacturerDataLayer?: boolean },
  ): Promise<string> {
    const base = await fixtureDealer();
    const dealer = { ...base, site: siteSchema.parse({ ...base.site, analytics }) };
    const container = await AstroContainer.create();
    return container.renderToString(SiteLayout, {
      props: { dealer, path, title: 'Book a Service', description: 'Book a service.' },
    });
  }
  const inlinePush = (html: string) =>
    [...html.matchAll(/<script>(\(window\.dataLayer=[^<]*)<\/script>/g)].map((m) => m[1]!);

  it('pushes the page view after the consent default and before the container is started', async () => {
    const html = await renderPage('/service', { gtmId: 'GTM-ABC123' });
    const [push] = inlinePush(html);
    expect(push).toBe(pageViewScript(pageViewEvent('/service', 'Book a Service')!));
    expect(html.indexOf("gtag('consent','default'")).toBeLessThan(html.indexOf(push!));
    expect(html.indexOf(push!)).toBeLessThan(html.indexOf(`<script>${START_TAGS_SCRIPT}</script>`));
    expect(html).not.toContain(MANUFACTURER_PAGE_VIEW_ATTR);
  });

  it('writes the page view for the manufacturer only when the site has the manufacturer data layer', async () => {
    const html = await renderPage('/contact-us/gosford', { gtmId: 'GTM-ABC123', manufacturerDataLayer: true });
    const json = new RegExp(`<script type="application/json" ${MANUFACTURER_PAGE_VIEW_ATTR}>([^<]*)</script>`).exec(
      html,
    )?.[1];
    expect(JSON.parse(json!)).toEqual(pageViewEvent('/contact-us/gosford', 'Book a Service'));
    expect(inlinePush(html)).toHaveLength(1);
  });

  it('adds nothing to other pages', async () => {
    const html = await renderPage('/about', { gtmId: 'GTM-ABC123', manufacturerDataLayer: true });
    expect(inlinePush(html)).toEqual([]);
    expect(html).not.toContain('page_view');
    expect(html).not.toContain(MANUFACTURER_PAGE_VIEW_ATTR);
  });
});
