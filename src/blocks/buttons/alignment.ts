import type { Block } from '../../content/blocks.ts';

export type Alignment = 'left' | 'center' | 'right';

/** The buttons' alignment: the block's own setting, else its alignment tune, else left. */
export function buttonsAlignment(block: Block<'buttons' | 'buttonsTool'>): Alignment {
  return block.data.alignment ?? block.tunes.alignment ?? 'left';
}
