/**
 * Variant cards of a model (spec "Model detail blocks" and §9): the first 8 features with the
 * rest behind an expander, the drive-away price range, the order-now link, and when the cards
 * become a slider (more than 2) with sliding controls (4 or more).
 */
import type { Model, ModelVariant } from '../../content/entities.ts';
import { formatPrice } from '../../lib/text.ts';

/** Features a card shows before it is expanded. */
export const FEATURES_SHOWN = 8;
/** More variants than this make a slider. */
export const SLIDER_OVER_VARIANTS = 2;
/** From this many variants the slider has previous/next controls. */
export const CONTROLS_FROM_VARIANTS = 4;
export const ORDER_NOW_PATH = '/models/order-now';

/** The first FEATURES_SHOWN features, and the rest (empty when there are 8 or fewer). */
export function splitFeatures<T>(features: readonly T[]): { shown: T[]; more: T[] } {
  return { shown: features.slice(0, FEATURES_SHOWN), more: features.slice(FEATURES_SHOWN) };
}

export function isSlider(variantCount: number): boolean {
  return variantCount > SLIDER_OVER_VARIANTS;
}

export function hasSlideControls(variantCount: number): boolean {
  return variantCount >= CONTROLS_FROM_VARIANTS;
}

/**
 * The drive-away price as the card shows it: "$45,990 – $48,490" for a range, one price when
 * both ends are equal or only one is known, undefined when neither is. Ends given the wrong way
 * round are put in order.
 */
export function driveAwayRange(min: number | undefined, max: number | undefined): string | undefined {
  if (min === undefined && max === undefined) return undefined;
  if (min === undefined || max === undefined || Math.round(min) === Math.round(max)) return formatPrice((min ?? max)!);
  const [lo, hi] = min <= max ? [min, max] : [max, min];
  return `${formatPrice(lo)} – ${formatPrice(hi)}`;
}

/** The name a card gives a variant: its full name when the CMS has one. */
export function variantTitle(variant: ModelVariant): string {
  return variant.full_name?.trim() || variant.name;
}

/** /models/order-now?model_id=&model_name=&vehicle= (spec §2); model_id only when the model has an id. */
export function orderNowHref(model: Model, variant: ModelVariant): string {
  const q = new URLSearchParams();
  if (model.id !== undefined) q.set('model_id', String(model.id));
  q.set('model_name', model.name);
  q.set('vehicle', variantTitle(variant));
  return `${ORDER_NOW_PATH}?${q.toString()}`;
}
