/**
 * The analytics pages of spec §2: /finance, /service, /pages/book-a-service, /contact and
 * /contact-us/{location}. On these pages (and only these) the page view is tracked:
 * - window.dataLayer gets `{ event: 'page_view', page_type, page_name, page_path, location_slug? }`
 *   from a tiny inline script in the page's head (before the tag manager snippet, so the
 *   container's first look at the data layer already sees it; src/layouts/SiteLayout.astro);
 * - when the site has the manufacturer data layer (site.analytics.manufacturerDataLayer), the same
 *   event goes to the manufacturer's data layer too, held until its tag-manager function appears
 *   (polled every 300 ms, src/site/analytics.ts; src/components/ManufacturerPageView.astro).
 */
import { manufacturerDataLayer, type ManufacturerDataLayer, type TrackEvent } from './analytics.ts';

export type AnalyticsPageType = 'finance' | 'service' | 'book-a-service' | 'contact' | 'contact-location';

export interface AnalyticsPage {
  type: AnalyticsPageType;
  /** The {location} slug of /contact-us/{location}. */
  location?: string;
}

/** The `event` of a page view. */
export const PAGE_VIEW_EVENT = 'page_view';

const FIXED: Record<string, AnalyticsPageType> = {
  '/finance': 'finance',
  '/service': 'service',
  '/pages/book-a-service': 'book-a-service',
  '/contact': 'contact',
};

/** The analytics page a path is (trailing slashes and letter case aside), or undefined. */
export function analyticsPage(path: string): AnalyticsPage | undefined {
  const p = path.trim().toLowerCase().replace(/\/+$/, '');
  const fixed = FIXED[p];
  if (fixed) return { type: fixed };
  const location = /^\/contact-us\/([^/]+)$/.exec(p)?.[1];
  return location ? { type: 'contact-location', location } : undefined;
}

/** The page-view event of a page, or undefined when the page is no analytics page. */
export function pageViewEvent(path: string, title: string): TrackEvent | undefined {
  const page = analyticsPage(path);
  if (!page) return undefined;
  return {
    event: PAGE_VIEW_EVENT,
    page_type: page.type,
    page_name: title,
    page_path: path,
    ...(page.location ? { location_slug: page.location } : {}),
  };
}

/** JSON that is safe inside an HTML <script> element. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The inline script that pushes the page view to window.dataLayer. */
export function pageViewScript(event: TrackEvent): string {
  return `(window.dataLayer=window.dataLayer||[]).push(${scriptJson(event)});`;
}

/** The attribute of the JSON script holding the page view for the manufacturer's data layer. */
export const MANUFACTURER_PAGE_VIEW_ATTR = 'data-manufacturer-page-view';

/**
 * Sends the page view written in the page (ManufacturerPageView.astro) to the manufacturer's data
 * layer, which holds it until the manufacturer's function or the tag manager is there.
 */
export function startManufacturerPageView(
  doc: Pick<Document, 'querySelector'> = document,
  layer: ManufacturerDataLayer = manufacturerDataLayer(),
): TrackEvent | undefined {
  const text = doc.querySelector(`script[${MANUFACTURER_PAGE_VIEW_ATTR}]`)?.textContent;
  if (!text) return undefined;
  let event: TrackEvent;
  try {
    event = JSON.parse(text) as TrackEvent;
  } catch {
    return undefined;
  }
  if (!event || typeof event.event !== 'string') return undefined;
  layer.push(event);
  return event;
}
