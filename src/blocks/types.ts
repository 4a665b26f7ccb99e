import type { Block, BlockType } from '../content/blocks.ts';
import type { DealerContent } from '../content/load.ts';
import type { LayoutFlags } from '../site/cutoffs.ts';

/** What every block component receives besides its own block. */
export interface BlockContext {
  dealer: DealerContent;
  page: { id: string | number; path: string; title: string; publishedAt: string };
  /** Layout revisions in force for this page (src/site/cutoffs.ts). */
  flags: LayoutFlags;
  /** The first block of a page: its images load eagerly. */
  aboveFold: boolean;
}

export interface BlockProps<T extends BlockType = BlockType> {
  block: Block<T>;
  ctx: BlockContext;
}
