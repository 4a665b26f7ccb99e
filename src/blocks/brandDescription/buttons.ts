/** The buttons of a brand description, with placeholders filled and website buttons expanded. */
import type { Brand } from '../../content/entities.ts';
import type { Button } from '../../content/zod.ts';

/** Written in a button's link text by editors; replaced by a website name. */
export const WEBSITE_NAME_PLACEHOLDER = 'brand_website_name';

/** A button of the block's `btns`. */
export interface DescriptionButton {
  href: string;
  linkText: string;
  btnType?: 'outline' | 'solid';
  btnColour?: string;
  isDynamicWebsiteButtons?: boolean;
}

export function fillWebsiteName(text: string, name: string): string {
  return text.replaceAll(WEBSITE_NAME_PLACEHOLDER, name);
}

function words(s: string): string {
  return ` ${s
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()} `;
}

/**
 * The brands a description is about: those whose name or make appears in the heading as whole
 * words ("Discover Toyota" → Toyota; "Kiama Motors" is not Kia). When none does and the dealer
 * has a single brand, the description is about that one. Otherwise none: listing every
 * website of a dealer group under one brand's description would mislead.
 */
export function brandsForHeading(heading: string | undefined, brands: readonly Brand[]): Brand[] {
  const text = words(heading ?? '');
  const matched = brands.filter((brand) =>
    [brand.name, brand.make].some((name) => name && words(name).trim() && text.includes(words(name))),
  );
  if (matched.length) return matched;
  return brands.length === 1 ? [brands[0]!] : [];
}

export interface ButtonContext {
  heading?: string;
  brands: readonly Brand[];
  /** The dealer's site name, for `brand_website_name` in ordinary buttons. */
  siteName: string;
}

/**
 * The buttons to show. An ordinary button gets the dealer's site name for the placeholder.
 * A dynamic-website button becomes one button per website of the described brands (duplicate
 * URLs once), each with that website's name for the placeholder; without the placeholder and with
 * several websites, the website's name is appended so that each link says where it goes.
 */
export function descriptionButtons(btns: readonly DescriptionButton[], ctx: ButtonContext): Button[] {
  return btns.flatMap((btn): Button[] => {
    const style = { btnType: btn.btnType, btnColour: btn.btnColour };
    if (!btn.isDynamicWebsiteButtons) {
      return [{ ...style, href: btn.href, text: fillWebsiteName(btn.linkText, ctx.siteName) }];
    }
    const websites = brandsForHeading(ctx.heading, ctx.brands)
      .flatMap((brand) => brand.websites)
      .filter((site, i, all) => all.findIndex((other) => other.url === site.url) === i);
    const hasPlaceholder = btn.linkText.includes(WEBSITE_NAME_PLACEHOLDER);
    return websites.map((site) => ({
      ...style,
      href: site.url,
      text: hasPlaceholder
        ? fillWebsiteName(btn.linkText, site.name)
        : websites.length > 1
          ? `${btn.linkText} – ${site.name}`
          : btn.linkText,
    }));
  });
}
