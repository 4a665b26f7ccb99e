/** The `brandDescription` block's data (content format: `brandDescription`; spec §2 Brands: "Brand description shows logo, heading, description and buttons"). */
import { z, opt, image } from '../../zod.ts';
import { optionalCssColour } from '../../colour.ts';
import { defineBlock } from '../../block-definition.ts';

export const brandDescriptionData = z.object({
  /** The brand's logo. Absent: none. */
  logo: opt(image),
  /** The heading; the brands named in it are the ones dynamic website buttons list. Absent: none. */
  heading: opt(z.string()),
  /** Rich text about the brand, sanitised at build time. Absent: none. */
  description: opt(z.string()),
  /** The buttons under the description. Absent: none (`[]`). */
  btns: opt(
    z.array(
      z.object({
        /** Where the button links; only safe links are drawn. */
        href: z.string(),
        /**
         * The button's text; `brand_website_name` in it is replaced by a website's name, or the
         * dealer's site name for an ordinary button (spec §3: "Link text may contain the
         * placeholder brand_website_name").
         */
        linkText: z.string(),
        /** `solid` (filled) or `outline`. Absent: solid. */
        btnType: opt(z.enum(['outline', 'solid'])),
        /** A CSS colour for the button. Absent or blank: the theme's button colour. */
        btnColour: optionalCssColour,
        /**
         * The button becomes one button per website of the brands named in the heading (the
         * single brand when the dealer has one), each linking to that website. Absent: false.
         */
        isDynamicWebsiteButtons: opt(z.boolean()),
      }),
    ),
  ).default([]),
});

export const definition = defineBlock({ type: 'brandDescription', data: brandDescriptionData });
