/**
 * Which offers an offers block shows and how their cards read, decided at build time from the
 * dealer's offers.json (offers change only when content is published, which rebuilds the site).
 */
import type { Offer } from '../../content/entities.ts';
import type { DealerContent } from '../../content/load.ts';
import { telHref } from '../../lib/contact.ts';
import { modelHref } from '../../domain/routes.ts';
import { safeHref } from '../../lib/links.ts';
import { plainText, sanitizeRich } from '../../lib/sanitize.ts';
import { formatPrice, truncate } from '../../lib/text.ts';
import type { TabItem } from '../../components/ui/tabs.ts';

/** The `model` query parameter selects the offers tab (spec §4). */
export const MODEL_PARAM = 'model';
export const ALL_TAB = 'all';
export const OTHER_TAB = 'other-offers';
export const ALL_LABEL = 'All Offers';
export const OTHER_LABEL = 'Other Offers';

export interface OfferTab {
  /** The `model` parameter's value: a model slug, OTHER_TAB, or ALL_TAB for All Offers. */
  value: string;
  label: string;
}

/** A description longer than this many characters is shown cut (spec §9)… */
export const DESCRIPTION_CUT_OVER = 200;
/** …to this many characters. */
export const DESCRIPTION_CUT_TO = 160;
/** A disclaimer longer than this is cut to this many characters (spec §9). */
export const DISCLAIMER_CUT = 200;

/** The tab of an offer that is not All Offers: its model's slug, or Other Offers. */
export function offerTabValue(offer: Offer): string {
  const slug = offer.model?.slug.trim().toLowerCase();
  return slug || OTHER_TAB;
}

/**
 * All Offers, then one tab per model in the order its first offer comes, then Other Offers when
 * some offer has no model. No tabs at all when there are no offers.
 */
export function offerTabs(offers: readonly Offer[]): OfferTab[] {
  if (offers.length === 0) return [];
  const tabs: OfferTab[] = [{ value: ALL_TAB, label: ALL_LABEL }];
  const seen = new Set<string>([ALL_TAB, OTHER_TAB]);
  let other = false;
  for (const o of offers) {
    const value = offerTabValue(o);
    if (value === OTHER_TAB) other = true;
    else if (!seen.has(value)) {
      seen.add(value);
      tabs.push({ value, label: o.model!.name.trim() || value });
    }
  }
  if (other) tabs.push({ value: OTHER_TAB, label: OTHER_LABEL });
  return tabs;
}

/**
 * The tabs as the shared tabs island takes them: `?model=` names a tab by its value in any case,
 * and choosing one writes its value, except All Offers, whose URL has no `model` (spec §4).
 */
export function offerTabItems(tabs: readonly OfferTab[]): TabItem[] {
  return tabs.map((t, i) => ({ key: t.value, label: t.label, query: i === 0 ? undefined : t.value }));
}

/** The tab keys under which a card shows (its `data-tabs`): All Offers and its own tab. */
export function cardTabs(cardTab: string): string {
  return cardTab === ALL_TAB ? ALL_TAB : `${ALL_TAB} ${cardTab}`;
}

export interface TextPreview {
  /** Sanitised HTML of the whole text. */
  html: string;
  /** Plain-text preview when the text is cut (the card then offers View more / View less). */
  preview?: string;
}

/** Rich text that shows whole up to `over` characters of plain text, and cut to `to` beyond. */
export function textPreview(html: string, over: number, to: number): TextPreview | undefined {
  const clean = sanitizeRich(html).trim();
  const text = plainText(clean);
  if (!text) return undefined;
  return text.length > over ? { html: clean, preview: truncate(text, to) } : { html: clean };
}

/** Description: whole up to 200 characters, else cut at 160. Uses the CMS's sanitized_description first. */
export function descriptionPreview(offer: Offer): TextPreview | undefined {
  // sanitized_description is the CMS's own clean copy; it is sanitised again, as every CMS text is.
  const source = offer.sanitized_description?.trim() ? offer.sanitized_description : offer.description;
  return textPreview(source ?? '', DESCRIPTION_CUT_OVER, DESCRIPTION_CUT_TO);
}

/** Disclaimer: whole up to 200 characters, else cut at 200. */
export function disclaimerPreview(offer: Offer): TextPreview | undefined {
  return textPreview(offer.disclaimer ?? '', DISCLAIMER_CUT, DISCLAIMER_CUT);
}

/** Contact pages an offer without a model sends its enquiry to, in order of preference. */
const CONTACT_PATHS = ['/contact', '/contact-us'];

/**
 * Where an offer's Enquire link goes: the offer model's page on this site (the model page has the
 * enquiry form), else the model's override_url, else the dealer's contact page, else a call to
 * the dealer. Undefined when none exists.
 */
export function enquireHref(
  offer: Offer,
  dealer: Pick<DealerContent, 'models' | 'pages' | 'site'>,
): string | undefined {
  const slug = offer.model?.slug.trim().toLowerCase();
  if (slug) {
    const model = dealer.models.find((m) => m.slug.toLowerCase() === slug || m.new_slug?.toLowerCase() === slug);
    if (model) return safeHref(modelHref(model));
    const override = safeHref(offer.model?.override_url);
    if (override) return override;
  }
  const contact = CONTACT_PATHS.find((p) => dealer.pages.some((page) => page.path === p));
  if (contact) return contact;
  const phone = dealer.site.contact?.phone?.trim();
  return phone ? telHref(phone) : undefined;
}

/**
 * Size an offer image is declared at: offers carry no image dimensions, so cards reserve this
 * 8:5 frame and the image fills it (object-fit: cover).
 */
export const OFFER_IMAGE = { width: 640, height: 400 } as const;

export interface OfferCardData {
  id: string;
  name: string;
  tab: string;
  imageUrl?: string;
  price?: string;
  description?: TextPreview;
  disclaimer?: TextPreview;
  href?: string;
}

export function toOfferCard(offer: Offer, dealer: Pick<DealerContent, 'models' | 'pages' | 'site'>): OfferCardData {
  const image = offer.image_url?.trim() || offer.image_or_model_image?.url.trim();
  return {
    id: String(offer.id),
    name: offer.name,
    tab: offerTabValue(offer),
    imageUrl: image || undefined,
    price: offer.price !== undefined && offer.price > 0 ? formatPrice(offer.price) : undefined,
    description: descriptionPreview(offer),
    disclaimer: disclaimerPreview(offer),
    href: enquireHref(offer, dealer),
  };
}

/** Pages whose path contains "special-offers" show a placeholder when there are no offers (spec §8). */
export function isSpecialOffersPage(path: string): boolean {
  return path.toLowerCase().includes('special-offers');
}

/** The home page's path: there, an offers block is one swipeable row with View all. */
export const HOME_PATH = '/';

export function isOffersRow(pagePath: string): boolean {
  return pagePath === HOME_PATH;
}

/**
 * Where a row's "View all" goes: the dealer's special-offers page, else another page that lists
 * offers; undefined when there is none (the row then shows no link).
 */
export function offersViewAllHref(
  pages: readonly { path: string; blocks: readonly { type: string }[] }[],
  currentPath: string,
): string | undefined {
  const others = pages.filter((p) => p.path !== currentPath);
  const special = others.find((p) => isSpecialOffersPage(p.path));
  return (special ?? others.find((p) => p.blocks.some((b) => b.type === 'offers')))?.path;
}
