/**
 * Where a car page's actions go, with the car carried along in the query parameters the dealer's
 * forms read (spec §2: stock_number and selected_car prefill, vehiclePriceBudget and car_id
 * override, make on /book-test-drive; read by src/forms/island/values.ts applyQuery).
 */
import type { Car } from '../../../content/entities.ts';
import type { DealerContent } from '../../../content/load.ts';
import type { Page } from '../../../content/page.ts';
import { walkBlocks } from '../../../content/block-tree.ts';
import { oncePer } from '../../../lib/memo.ts';
import { carTitle } from '../../../seo/structured-data/vehicle.ts';
import { headlinePrice } from '../../../domain/car-prices.ts';

/** The car page's own enquiry form: stock cards link to it (`/cars/{slug}#enquire`). */
export const ENQUIRE_ANCHOR = 'enquire';
/** The first form of a page carries this anchor (spec §2 #form-section). */
const FORM_ANCHOR = 'form-section';
const TEST_DRIVE_PATH = '/book-test-drive';
const FINANCE_PATH = '/finance';

const ENQUIRY_PATH = '/contact';

type FormKind = 'finance' | 'testDrive' | 'contact';

function hasForm(page: Page, kind: FormKind): boolean {
  for (const b of walkBlocks(page.blocks)) {
    if (b.type === 'form' && (b.data as { formType?: string }).formType === kind) return true;
  }
  return false;
}

/** The dealer's page for a form: the usual path when it holds that form, else any page that does. */
function formPage(pages: readonly Page[], kind: FormKind, usual: string): Page | undefined {
  const at = pages.find((p) => p.path === usual);
  if (at && hasForm(at, kind)) return at;
  return pages.find((p) => hasForm(p, kind)) ?? at;
}

/** The query that names the car to a form: what applyQuery prefills and sends with the lead. */
function carQuery(car: Car): URLSearchParams {
  const q = new URLSearchParams();
  q.set('car_id', String(car.id));
  q.set('selected_car', carTitle(car));
  if (car.stock_number?.trim()) q.set('stock_number', car.stock_number.trim());
  return q;
}

/**
 * The finance application with this car: its headline price (src/domain/car-prices.ts) as the
 * budget, none for a price on application car, its id (which the finance form
 * sends, and uses to find the car's location when the dealer has that option), its name and stock
 * number. Undefined when the dealer has no finance page.
 */
export function financeHref(dealer: Pick<DealerContent, 'pages'>, car: Car): string | undefined {
  const page = formPage(dealer.pages, 'finance', FINANCE_PATH);
  if (!page) return undefined;
  const q = carQuery(car);
  const budget = headlinePrice(car)?.amount;
  if (budget !== undefined) q.set('vehiclePriceBudget', String(Math.round(budget)));
  return `${page.path}?${q}#${FORM_ANCHOR}`;
}

/** The test-drive booking with this car's make (spec: /book-test-drive?make=) and the car named. */
export function testDriveHref(dealer: Pick<DealerContent, 'pages'>, car: Car): string | undefined {
  const page = formPage(dealer.pages, 'testDrive', TEST_DRIVE_PATH);
  if (!page) return undefined;
  const q = new URLSearchParams({ make: car.make });
  for (const [k, v] of carQuery(car)) q.set(k, v);
  return `${page.path}?${q}#${FORM_ANCHOR}`;
}

/** The dealer's enquiry page (its contact form), or undefined when it has none. */
export function enquiryPagePath(dealer: Pick<DealerContent, 'pages'>): string | undefined {
  return formPage(dealer.pages, 'contact', ENQUIRY_PATH)?.path;
}

/**
 * The phone number for this car: its own location's sales line, else the dealer's main number.
 * Locations are matched by name (the stock's location_name), case and spacing aside.
 */
export function carPhone(dealer: Pick<DealerContent, 'locations' | 'site'>, car: Car): string | undefined {
  const name = car.location_name?.trim().toLowerCase();
  const location = name ? dealer.locations.find((l) => l.name.trim().toLowerCase() === name) : undefined;
  return location?.contact_detail?.phone?.trim() || dealer.site.contact?.phone?.trim() || undefined;
}

const listingPaths = oncePer((pages: DealerContent['pages']): readonly string[] =>
  pages.filter((p) => [...walkBlocks(p.blocks)].some((b) => b.type === 'cars')).map((p) => p.path),
);

/** Paths of the dealer's pages that list stock (a cars block): where "Back to results" may return. */
export function resultsPaths(dealer: Pick<DealerContent, 'pages'>): readonly string[] {
  return listingPaths(dealer.pages);
}
