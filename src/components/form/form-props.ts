/**
 * Build-time side of a form block: resolves the FormDef for the page and gathers the serialisable
 * dealer facts the island needs (lead fields, locations, the thank-you path, the car of a car page).
 */
import type { FormBlockData } from '../../content/forms.ts';
import type { Car } from '../../content/entities.ts';
import type { DealerContent } from '../../content/load.ts';
import type { BlockContext } from '../../blocks/types.ts';
import { resolveForm } from '../../forms/definition.ts';
import type { FormIslandProps } from '../../forms/island/props.ts';
import type { Values } from '../../forms/island/values.ts';
import type { CarCard } from '../../stores/submission.ts';
import { walkBlocks } from '../../site/page-blocks.ts';
import { carPath, isListed } from '../../domain/routes.ts';
import { priceFacts, headlinePriceText } from '../../domain/car-prices.ts';
import { domId } from '../../lib/ids.ts';
import { dealerLeadFields, locationFacts } from '../../forms/lead-dealer.ts';
import { successPath } from '../../domain/pages.ts';

export { DEFAULT_SUCCESS_PATH, successPath } from '../../domain/pages.ts';
/** The anchor of a page's first form (spec §2: #form-section). */
export const FORM_ANCHOR = 'form-section';
/** Stock cars a valuation thank-you may suggest from (newest first). */
export const CANDIDATE_CARS = 24;

/**
 * Whether this block is the page's first form. Pages built from data (car and model pages) are
 * not among the dealer's pages and hold one form.
 */
export function isFirstForm(dealer: DealerContent, pagePath: string, blockId: string): boolean {
  const page = dealer.pages.find((p) => p.path === pagePath);
  if (!page) return true;
  const first = [...walkBlocks(page.blocks)].find((b) => b.type === 'form' || b.type === 'formBuilder');
  return first?.id === blockId;
}

export function carCard(car: Car): CarCard {
  return {
    name: `${car.year} ${car.make} ${car.model}${car.badge ? ' ' + car.badge : ''}`,
    href: carPath(car),
    make: car.make,
    model: car.model,
    year: car.year,
    km: car.km,
    price: car.price,
    priceText: headlinePriceText(car).text,
    ...(car.photos[0] ? { photo: car.photos[0] } : {}),
  };
}

const same = (a: string | undefined, b: string | undefined) =>
  !!a && !!b && a.trim().toLowerCase() === b.trim().toLowerCase();

/** A listed car like `car` (same make and model, else same make), never `car` itself. */
export function similarCar(
  cars: Car[],
  like: { make?: string; model?: string; id?: string | number },
): Car | undefined {
  const others = cars.filter((c) => isListed(c) && String(c.id) !== String(like.id ?? ''));
  return (
    others.find((c) => same(c.make, like.make) && same(c.model, like.model)) ??
    others.find((c) => same(c.make, like.make))
  );
}

function pageCar(dealer: DealerContent, pagePath: string): Car | undefined {
  return dealer.cars.find((c) => isListed(c) && carPath(c) === pagePath);
}

export function formIslandProps(data: FormBlockData, blockId: string, ctx: BlockContext): FormIslandProps {
  const { dealer, page } = ctx;
  const { site } = dealer;
  const def = resolveForm(data, {
    site,
    locations: dealer.locations,
    models: dealer.models,
    pagePath: page.path,
    publishedAt: page.publishedAt,
  });
  const idBase = domId('form', blockId);
  const fieldNames = new Set(def.steps.flatMap((s) => s.fields.map((f) => f.name)));

  const car = pageCar(dealer, page.path);
  const pageValues: Values = {};
  let like: Parameters<typeof similarCar>[1] | undefined;
  if (car) {
    pageValues.car_id = String(car.id);
    pageValues.selected_car = carCard(car).name;
    if (car.stock_number) pageValues.stock_number = car.stock_number;
    const location = dealer.locations.find((l) => l.name === car.location_name);
    if (location && fieldNames.has('location_id')) pageValues.location_id = String(location.id);
    like = car;
  } else {
    const model = dealer.models.find((m) => '/' + (m.new_slug || m.slug) === page.path);
    if (model) like = { make: model.manufacturer_name ?? site.manufacturer, model: model.name };
  }
  const similar = like ? similarCar(dealer.cars, like) : undefined;
  const valuation = def.formType === 'tradeIn' || def.formType === 'valuation';
  const candidates = valuation
    ? dealer.cars
        .filter(isListed)
        .sort((a, b) => b.created_at_timestamp - a.created_at_timestamp)
        .slice(0, CANDIDATE_CARS)
        .map(carCard)
    : [];

  return {
    def,
    idBase,
    headingId: `${idBase}-heading`,
    site: {
      slug: site.slug,
      id: site.id,
      ...(site.integrations?.financeProvider ? { financeProvider: site.integrations.financeProvider } : {}),
      lookupCarLocation: site.options.forms.finance.lookupCarLocation,
      manufacturerDataLayer: site.analytics?.manufacturerDataLayer ?? false,
    },
    page: { id: String(page.id), title: page.title, path: page.path },
    blockId,
    dealer: dealerLeadFields(dealer),
    locations: locationFacts(dealer),
    successPath: successPath(dealer),
    stepHeadings: ctx.flags.formStepHeadings,
    ...(Object.keys(pageValues).length ? { pageValues } : {}),
    ...(similar ? { similarCar: carCard(similar) } : {}),
    ...(car
      ? {
          leadCar: {
            id: String(car.id),
            make: car.make,
            model: car.model,
            year: car.year,
            ...(car.badge ? { badge: car.badge } : {}),
            // The analytics item's price is the headline one (src/site/analytics-ecommerce.ts).
            ...priceFacts(car),
          },
        }
      : {}),
    ...(candidates.length ? { candidateCars: candidates } : {}),
  };
}
