/** The `iconButtonsTool` block's data (content format: `iconButtonsTool`; spec §3 "iconButtons: buttons with icon, text, href; type minimal, style, buttonsPerRow"). */
import { z, opt } from '../../zod.ts';
import { defineBlock } from '../../block-definition.ts';

export const iconButtonsToolData = z.object({
  /** The links, each an icon above its text; a link with no text or an unsafe href is left out. */
  buttons: z.array(
    z.object({
      /** The CMS icon name (a plural finds its singular); an unknown name gets the generic icon. */
      icon: z.string(),
      /** The link's text. */
      text: z.string(),
      /** Where it links. */
      href: z.string(),
    }),
  ),
  /** `minimal` drops the boxes for plain icon and text; any other value keeps them. Absent: boxed. */
  type: opt(z.string()),
  /** Carried from the CMS; the block draws nothing from it. Absent: nothing. */
  style: opt(z.string()),
  /** Links per row from 48rem, 1 to 12 (phones show at most 2). Absent: as many as there are links, up to 4. */
  buttonsPerRow: opt(z.number().int().min(1).max(12)),
});

export const definition = defineBlock({ type: 'iconButtonsTool', data: iconButtonsToolData });
