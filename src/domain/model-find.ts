/** Finding the model a model block is about. */
import type { Model } from '../content/entities.ts';

/**
 * The model named by a block's `model` field. The CMS writes the slug (content-format: even when
 * the model has a new_slug), but a new_slug is accepted too so a renamed model keeps working.
 */
export function findModel(models: readonly Model[], slug: string | undefined): Model | undefined {
  const s = slug?.trim().replace(/^\/+|\/+$/g, '');
  if (!s) return undefined;
  return models.find((m) => m.slug === s) ?? models.find((m) => m.new_slug === s);
}

/**
 * The model whose page this is. Model pages live at /{new_slug || slug} (spec §2), both the
 * CMS's own pages (/rav4, /mazda-cx-5) and the default template, so the page path's single
 * segment names the model. Pages under another path ("/about", "/cx-60/order-now") have none.
 */
export function modelOfPage(models: readonly Model[], path: string): Model | undefined {
  const segment = path.replace(/^\/+|\/+$/g, '');
  if (!segment || segment.includes('/')) return undefined;
  return models.find((m) => (m.new_slug || m.slug) === segment) ?? findModel(models, segment);
}
