/** The `imageSlider` block's data (content format: `imageSlider`; spec §2 "Sliders and banners"). */
import { z, opt, image } from '../../zod.ts';
import { defineBlock } from '../../block-definition.ts';

export const imageSliderData = z.object({
  /** `slides`: show the dealer's hero slides (slides.json) instead of `slides`. Absent: the block's own `slides`. */
  source: opt(z.literal('slides')),
  /**
   * The block's own slides. A slide shows only when its image has width and height, or the block
   * fixes both `imageWidth` and `imageHeight` (spec §2). Absent: none (`[]`).
   */
  slides: opt(
    z.array(
      z.object({
        /** The slide's image (a video URL plays as a video). */
        image,
        /** The slide's alt text, also its link's name. Absent: the image's alt, else "". */
        alt: opt(z.string()),
        /** Where the slide links; only safe links are drawn. Absent: the slide links nowhere. */
        href: opt(z.string()),
      }),
    ),
  ).default([]),
  /** Free text; "contained", "container" or "boxed" keeps the slider in the page column. Absent: full width. */
  layout: opt(z.string()),
  /** A fixed slide height in pixels; with `imageWidth` it sizes every slide. Absent: each slide's own size. */
  imageHeight: opt(z.number().positive()),
  /** A fixed slide width in pixels; see `imageHeight`. Absent: each slide's own size. */
  imageWidth: opt(z.number().positive()),
  /** A CSS object-fit keyword (cover, contain, fill, none, scale-down). Absent or unknown: cover. */
  objectFit: opt(z.string()),
  /** The slider's aspect ratio ("8/3", "16:9", "2.5"). Absent or unreadable: the fixed size, else the start slide's size. */
  aspectRatio: opt(z.string()),
  /** Auto-advance interval in ms; 0 turns it off. Absent: 4000 (spec §9: "Slider auto-advance is 4000 ms by default"). */
  autoplayDelay: opt(z.number().nonnegative()),
  /** Index of the slide shown first. Absent, or past the last slide: 0 (spec §2: "the start index defaults to 0"). */
  startIndex: opt(z.number().int().nonnegative()),
  /**
   * (Optional, a 1.3 extension) A hero over the slides: a headline, a subheading, a call to action and a
   * quick stock search (make, model, max price) that opens the dealer's stock listing filtered.
   * Over the image on wide screens (with a scrim, readable over any photo), below it on phones.
   * Absent: the slides alone, as before.
   */
  hero: opt(
    z.object({
      /** The hero's headline, e.g. "Find your next car on the Central Coast". */
      headline: z.string().trim().min(1),
      /** One line under the headline. Absent: none. */
      subheading: opt(z.string()),
      /** The call-to-action button; only a safe link is drawn. Absent: no button. */
      cta: opt(z.object({ label: z.string().trim().min(1), href: z.string() })),
      /**
       * Whether the quick stock search shows. Absent: true; it shows only when the dealer has a
       * stock listing page with cars to find.
       */
      search: opt(z.boolean()),
    }),
  ),
});

export const definition = defineBlock({ type: 'imageSlider', data: imageSliderData, island: true });
