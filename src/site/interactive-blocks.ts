/**
 * Which block types can ship JavaScript: those whose definition (src/content/blocks/<group>/<type>.ts)
 * says `island: true`, for a React island (a `client:` directive somewhere in the block's own
 * component tree) or a bundled `<script>` (the reviews block's refresh from GET /api/reviews). So
 * a page's JavaScript can be predicted from its content alone: a page none of whose blocks is
 * listed here must load no script of its own. A block listed here may still render without its
 * script for some content (a team grid without tabs, cards without a carousel, reviews of "All
 * Reviews"); the list is the types that *can*, kept in step with the components by
 * tests/unit/engine/page-scripts.test.ts.
 */
import { blockDefinition, blockTypes, type Block, type BlockType } from '../content/blocks.ts';
import { walkBlocks } from '../content/block-tree.ts';

export const ISLAND_BLOCK_TYPES: ReadonlySet<BlockType> = new Set(
  blockTypes.filter((type) => blockDefinition(type).island),
);

/** Whether a block of this type can hydrate in the browser. */
export function canShipIsland(type: BlockType): boolean {
  return ISLAND_BLOCK_TYPES.has(type);
}

/** The block types of a block tree (nested columns and FAQ answers included) that can ship an island. */
export function islandBlockTypes(blocks: Block[]): BlockType[] {
  const found = new Set<BlockType>();
  for (const b of walkBlocks(blocks)) if (canShipIsland(b.type)) found.add(b.type);
  return [...found].sort();
}
