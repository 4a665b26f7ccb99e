/**
 * What the site's 404 page says at a car's address (content format 1.3: "until then its address
 * does not answer a bare 404"). A car imported since the last build has no built page yet, so the
 * static server answers its `/cars/{slug}` with the 404 page; that page asks GET /api/stock/car
 * and shows the car with a way to enquire, or says the car is no longer listed. Pure functions
 * here; src/features/car-page/ui/car-fallback.ts puts them on the page.
 */
import type { StockCar } from '../../stock/contract/stock-car.ts';
import { carPrices, PRICE_ON_APPLICATION, type PriceLine } from '../../../domain/car-prices.ts';
import { NO_PHOTO_URL } from '../../../domain/car-photos.ts';
import { formatKm, formatPrice, priceQualifierLabel } from '../../../lib/text.ts';

/** The slug of a car page address (`/cars/{slug}`, a trailing slash allowed), else undefined. */
export function carSlugOf(pathname: string): string | undefined {
  const m = /^\/cars\/([^/]+)\/?$/.exec(pathname);
  if (!m) return undefined;
  try {
    const slug = decodeURIComponent(m[1]!).trim();
    return slug || undefined;
  } catch {
    return undefined;
  }
}

/** Where the 404 page's links go, decided by the build from the dealer's pages. */
export interface FallbackLinks {
  /** The dealer's enquiry (contact) page; absent when it has none. */
  enquiry?: string;
  /** The used-cars listing (or the first page that lists stock); absent: the home page. */
  listing?: string;
}

export type CarFallback =
  | {
      kind: 'car';
      name: string;
      /** The car's first photo, else the no-photo image. */
      photo: string;
      /** Whether `photo` is the car's own. */
      hasPhoto: boolean;
      /** Each price the car page would show, with what it includes. */
      prices: { text: string; note?: string }[];
      km?: string;
      message: string;
      enquireHref: string;
      enquireText: string;
      listingHref: string;
      listingText: string;
    }
  | { kind: 'gone'; heading: string; message: string; listingHref: string; listingText: string };

export const PREPARING_TEXT = "This car's page is being prepared.";
export const GONE_TEXT = 'This car is no longer listed. It may have been sold.';
export const UNCHECKED_TEXT =
  "We couldn't look this car up just now. It may have been sold, or its page may still be being prepared.";
/** Shown while the API is asked, instead of "Page not found". */
export const CHECKING_TEXT = 'Looking up this car…';

const priceText = (p: PriceLine) => ({
  text: formatPrice(p.amount),
  ...(priceQualifierLabel(p.kind) ? { note: priceQualifierLabel(p.kind) } : {}),
});

/** The enquiry page with the car named (`?stock_number=` prefills the dealer's form). */
export function enquireHref(links: FallbackLinks, car: Pick<StockCar, 'stock_number' | 'id'>): string {
  const base = links.enquiry ?? '/';
  const q = new URLSearchParams();
  if (car.stock_number) q.set('stock_number', car.stock_number);
  else q.set('car_id', car.id);
  return `${base}?${q}`;
}

/**
 * What to show for the API's answer: the car (found) or "no longer listed" (none). A price on
 * application car shows no figure (carPrices gives none) and says so.
 */
export function carFallback(car: StockCar | undefined, links: FallbackLinks): CarFallback {
  if (!car) return goneView('Car no longer listed', GONE_TEXT, links);
  const name = `${car.year} ${car.make} ${car.model}${car.badge ? ` ${car.badge}` : ''}`;
  const lines = carPrices(car).map(priceText);
  return {
    kind: 'car',
    name,
    photo: car.photo ?? NO_PHOTO_URL,
    hasPhoto: !!car.photo,
    prices: lines.length ? lines : [{ text: PRICE_ON_APPLICATION }],
    ...(car.car_type === 'new' ? {} : { km: formatKm(car.km) }),
    message: PREPARING_TEXT,
    enquireHref: enquireHref(links, car),
    enquireText: `Enquire about the ${name}`,
    listingHref: links.listing ?? '/',
    listingText: 'See our other cars',
  };
}

/** What to show when the stock could not be asked (offline, the API down): still never a bare 404. */
export function uncheckedFallback(links: FallbackLinks): CarFallback {
  return goneView('Car not found', UNCHECKED_TEXT, links);
}

function goneView(heading: string, message: string, links: FallbackLinks): CarFallback {
  return { kind: 'gone', heading, message, listingHref: links.listing ?? '/', listingText: 'See our cars for sale' };
}
