/**
 * The car page's shortlist (Summary.astro): its save and compare buttons and those of the similar
 * cards, the compare bar, the recently viewed row (this car left out), then this car noted as
 * viewed and told to the tag manager (`view_item`).
 */
import { isSnapshot, type CarSnapshot } from '../rules/shortlist.ts';
import { currencyOf, trackEcommerce, viewItemEvent } from '../../../site/analytics-ecommerce.ts';
import { noteViewed } from './shortlist-store.ts';
import { startShortlist } from './shortlist-dom.ts';

export function startCarShortlist(doc: Document = document): void {
  const summary = doc.querySelector<HTMLElement>('[data-car-summary][data-card]');
  let car: CarSnapshot | undefined;
  try {
    const parsed: unknown = JSON.parse(summary?.dataset.card ?? '');
    car = isSnapshot(parsed) ? parsed : undefined;
  } catch {
    car = undefined;
  }
  startShortlist(doc, car?.id);
  if (!car) return;
  noteViewed(car);
  trackEcommerce(viewItemEvent({ ...car, price: car.amount }, currencyOf(doc.documentElement.lang)));
}
