/** The `cardsTool` block's data (content format: `cardsTool`; spec §3 "cards: heading, image, href, linkText, description, tagline; cardCols, isCarousel, loop, mobileArrows"). */
import { z, opt, image } from '../../zod.ts';
import { defineBlock } from '../../block-definition.ts';

export const cardsToolData = z.object({
  /** The cards, in order. */
  cards: z.array(
    z.object({
      /** The card's heading, linked to `href` when it has one. Absent: none. */
      heading: opt(z.string()),
      /** The card's image; it carries the link when the card has neither heading nor link text. Absent: none. */
      image: opt(image),
      /** Where the card links; only safe links are drawn. Absent: the card links nowhere. */
      href: opt(z.string()),
      /** The text of the card's link button (shown only with `href`). Absent: no button. */
      linkText: opt(z.string()),
      /** The card's rich text, sanitised at build time. Absent: none. */
      description: opt(z.string()),
      /** A short line above the heading. Absent: none. */
      tagline: opt(z.string()),
    }),
  ),
  /**
   * Cards per row on wide screens, 1 to 12 on the 12-column grid (spec §9); a number that does not
   * divide 12 rounds down to one that does (5 → 4). Phones show one, tablets up to two. Absent: 3.
   */
  cardCols: opt(z.number().int().min(1).max(12)),
  /** Shows the cards as a carousel instead of a grid. Absent: false (a grid). */
  isCarousel: opt(z.boolean()),
  /** The carousel wraps from the last card to the first. Absent: false. */
  loop: opt(z.boolean()),
  /** The carousel shows its previous/next arrows on phones too. Absent: false. */
  mobileArrows: opt(z.boolean()),
});

export const definition = defineBlock({ type: 'cardsTool', data: cardsToolData, island: true });
