/**
 * The meta description of every page, which search engines show under the title: the editor's
 * own description when the page has one; else the first sentences of the page's own text; else
 * one written from the dealer (name and where its showrooms are) and the page's title. A page
 * without one gets a snippet search engines pick from the header and footer, which reads badly.
 */
import type { Block } from '../content/blocks.ts';
import type { DealerContent } from '../content/load.ts';
import { locale } from '../lib/locale.ts';
import { walkBlocks } from './page-blocks.ts';
import { plainText } from '../lib/sanitize.ts';
import { truncate } from '../lib/text.ts';
import { addressParts } from '../seo/structured-data/address.ts';

/** Search engines cut descriptions at about this many characters. */
export const DESCRIPTION_CHARS = 155;
/** Shorter page text than this says too little on its own to describe the page. */
const MIN_TEXT_CHARS = 50;

/** The first paragraph-like text of the page (paragraphs, banner and background copy), as plain text. */
export function pageText(blocks: Block[]): string | undefined {
  for (const b of walkBlocks(blocks)) {
    const html =
      b.type === 'paragraph'
        ? b.data.text
        : b.type === 'imageBanner' || b.type === 'imageBackground'
          ? (b.data.content ?? '').replace(/<h[1-6][\s\S]*?<\/h[1-6]>/gi, ' ')
          : undefined;
    const text = plainText(html);
    if (text.length >= MIN_TEXT_CHARS) return text;
  }
  return undefined;
}

/** "Gosford and Erina, NSW": the distinct suburbs of the dealer's locations, as their addresses name them. */
export function dealerSuburbs(dealer: DealerContent): string | undefined {
  const suburbs: string[] = [];
  for (const l of dealer.locations) {
    const { locality } = addressParts(l.address.address, dealer.site.country);
    if (locality && !suburbs.includes(locality)) suburbs.push(locality);
  }
  if (!suburbs.length) return dealer.site.state;
  const listed = suburbs.length <= 3 ? suburbs : suburbs.slice(0, 3);
  const text = listed.length > 1 ? `${listed.slice(0, -1).join(', ')} and ${listed[listed.length - 1]}` : listed[0]!;
  return dealer.site.state && locale(dealer.site.country).address.stateInDescriptions
    ? `${text}, ${dealer.site.state}`
    : text;
}

/** The description written from the dealer and the page's title, when the page says nothing itself. */
export function dealerDescription(dealer: DealerContent, title: string): string {
  const { name } = dealer.site;
  const place = dealerSuburbs(dealer);
  const where = place ? ` in ${place}` : '';
  const lead =
    title && !name.includes(title) && !title.includes(name) ? `${title} at ${name}${where}.` : `${name}${where}.`;
  return truncate(`${lead} New and used cars, finance, servicing and parts from your local dealer.`, DESCRIPTION_CHARS);
}

export function pageDescription(
  dealer: DealerContent,
  page: { title: string; description?: string; blocks: Block[] },
): string {
  const own = page.description?.trim();
  if (own) return own;
  const text = pageText(page.blocks);
  return text ? truncate(text, DESCRIPTION_CHARS) : dealerDescription(dealer, page.title);
}
