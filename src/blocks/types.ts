import type { Block, BlockType } from '../content/blocks.ts';
import type { DealerContent } from '../content/dealer.ts';
import type { LayoutFlags } from '../site/cutoffs.ts';

/** A block type's component, as the registry holds it. */
export type BlockComponent = (props: never) => unknown;

/** Every block type's component (src/blocks/registry.ts). */
export type BlockComponents = Readonly<Record<BlockType, BlockComponent>>;

/** What every block component receives besides its own block. */
export interface BlockContext {
  dealer: DealerContent;
  page: { id: string | number; path: string; title: string; publishedAt: string };
  /** Layout revisions in force for this page (src/site/cutoffs.ts). */
  flags: LayoutFlags;
  /** The first block of a page: its images load eagerly. */
  aboveFold: boolean;
  /**
   * The block components, set by BlockList.astro (which assembles the page's blocks from the
   * registry) so that a block nesting block lists renders them through BlockItems.astro without
   * importing the registry that imports it.
   */
  components?: BlockComponents;
}

export interface BlockProps<T extends BlockType = BlockType> {
  block: Block<T>;
  ctx: BlockContext;
}
