/**
 * A whole car page rendered through Astro's container API, as the build renders it, for a
 * fixture dealer changed as a test needs: `carPageHtml(await nzDealer(), car({...}))`.
 */
import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { getContainerRenderer } from '@astrojs/react/container-renderer';
import { loadRenderers } from 'astro:container';
import CarPage from '../../src/features/car-page/ui/CarPage.astro';
import { car as carSchema, location as locationSchema, type Car } from '../../src/content/entities.ts';
import type { DealerContent } from '../../src/content/load.ts';
import type { Site } from '../../src/content/site.ts';
import { fixtureDealer } from './render.ts';

let container: Promise<AstroContainer> | undefined;
function getContainer(): Promise<AstroContainer> {
  container ??= loadRenderers([getContainerRenderer()]).then((renderers) => AstroContainer.create({ renderers }));
  return container;
}

/** The HTML of `car`'s page on `dealer`'s site. */
export async function carPageHtml(dealer: DealerContent, car: Car): Promise<string> {
  const c = await getContainer();
  return c.renderToString(CarPage, { props: { dealer, car } });
}

/** The fixture dealer (Australian) with its site changed by `site`. */
export async function fixtureWith(site: Partial<Site> = {}): Promise<DealerContent> {
  const dealer = await fixtureDealer();
  return { ...dealer, site: { ...dealer.site, ...site } };
}

/** A New Zealand dealer with a motor vehicle trader number, at one yard. */
export async function nzDealer(site: Partial<Site> = {}): Promise<DealerContent> {
  const dealer = await fixtureWith({
    name: 'Kiwi Cars',
    country: 'NZ',
    legal: { abn: undefined, nzbn: '9429000000000', dealerLicence: 'M123456' },
    ...site,
  });
  return {
    ...dealer,
    locations: [
      locationSchema.parse({
        id: 1,
        name: 'Kiwi Cars Riccarton',
        location_type: 'sales',
        primary: true,
        address: { lat: -43.53, long: 172.6, address: '1 Riccarton Road, Christchurch 8011' },
        contact_detail: { phone: '03 555 0100' },
      }),
    ],
  };
}

/** A valid car: a used 2019 Toyota Aqua unless `over` says otherwise. */
export function testCar(over: Record<string, unknown> = {}): Car {
  return carSchema.parse({
    id: 77,
    name: '2019 Toyota Aqua S',
    slug: '2019-toyota-aqua-s-77',
    make: 'Toyota',
    model: 'Aqua',
    badge: 'S',
    year: 2019,
    km: 61234,
    price: 15990,
    photos: ['/photos/aqua-1.jpg', '/photos/aqua-2.jpg'],
    photos_count: 2,
    car_type: 'used',
    simple_fuel: 'Hybrid',
    vin: 'NHP10-1234567',
    rego: 'ABC123',
    location_name: 'Kiwi Cars Riccarton',
    created_at_timestamp: 1,
    ...over,
  });
}

/** What a visitor reads: tags, scripts and styles gone, entities decoded, spaces collapsed. */
export function visibleText(html: string): string {
  return html
    .replace(/<(script|style)[\s\S]*?<\/\1>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The part of `html` inside the first element with `className`, up to its closing `tag`. */
export function sectionOf(html: string, className: string, tag = 'section'): string {
  const at = html.search(new RegExp(`<${tag}[^>]*class="[^"]*\\b${className}\\b`));
  if (at < 0) return '';
  return html.slice(at, html.indexOf(`</${tag}>`, at) + tag.length + 3);
}
