/** The `tag` block's data (content format: `tag`; spec §3 "Tag block: text, backgroundColor, customBackgroundColor, textColor, customTextColor"). */
import { z } from '../../zod.ts';
import { optionalCssColour, tagColourName } from '../../colour.ts';
import { defineBlock } from '../../block-definition.ts';

export const tagData = z.object({
  /** The label's text; blank renders nothing. */
  text: z.string(),
  /**
   * A palette name for the background (primary, secondary, dark, muted, light, white, black,
   * success, danger, warning, info; any case), or "custom" for `customBackgroundColor`.
   * Absent or blank: the dealer's primary colour.
   */
  backgroundColor: tagColourName('customBackgroundColor'),
  /** A CSS colour for the background; it wins over `backgroundColor`. Absent or blank: `backgroundColor`. */
  customBackgroundColor: optionalCssColour,
  /**
   * A palette name for the text (as `backgroundColor`), or "custom" for `customTextColor`; kept only
   * when it is readable on the background. Absent or blank: black or white, whichever contrasts.
   */
  textColor: tagColourName('customTextColor'),
  /** A CSS colour for the text; it wins over `textColor` when readable on the background. Absent or blank: `textColor`. */
  customTextColor: optionalCssColour,
});

export const definition = defineBlock({ type: 'tag', data: tagData });
