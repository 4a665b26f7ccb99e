/**
 * A model range tile (spec §2 "Model range screen"): built at build time from the model, so the
 * HTML sanitiser and route helpers stay out of the range island's bundle.
 */
import type { Model } from '../../content/entities.ts';
import { safeHref } from '../../lib/links.ts';
import { isComingSoon, tileTabKeys, type RangeTab } from './model-range.ts';
import { modelPath } from '../../domain/routes.ts';
import { plainText } from '../../lib/sanitize.ts';
import { MODEL_DESCRIPTION_CHARS, truncate } from '../../lib/text.ts';

export interface ModelTile {
  slug: string;
  name: string;
  href: string;
  /** True when the tile leaves the site's own model page for the CMS's override_url. */
  overridden: boolean;
  image?: string;
  fromPrice?: number;
  /** Plain text cut to MODEL_DESCRIPTION_CHARS. */
  description?: string;
  comingSoon: boolean;
  tabs: string[];
}

/** The short description as a tile shows it: plain text, at most 200 characters (spec §9). */
export function tileDescription(short: string | undefined): string | undefined {
  const text = plainText(short);
  return text ? truncate(text, MODEL_DESCRIPTION_CHARS) : undefined;
}

export function toModelTile(model: Model, tabs: readonly RangeTab[]): ModelTile {
  // override_url is CMS input: a javascript: link falls back to the model's own page.
  const override = safeHref(model.override_url);
  return {
    slug: model.slug,
    name: model.name,
    href: override ?? modelPath(model),
    overridden: !!override,
    image: model.image?.url || model.cloudfront_new_image_url || undefined,
    fromPrice: model.from_price,
    description: tileDescription(model.short_description),
    comingSoon: isComingSoon(model),
    tabs: tileTabKeys(model, tabs),
  };
}
