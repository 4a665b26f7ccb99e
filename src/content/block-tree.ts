/**
 * Walking a page's block tree, kept free of rendering code (sanitising, block components) so the
 * API that reads it stays light. Which lists of child blocks a block nests comes from the block
 * definitions (src/content/blocks.ts), which hold the zod schemas: browser code must not import
 * this module (./routes.ts, whose path constants forms import, does not).
 */
import { nestedBlockLists, type Block } from './blocks.ts';

/**
 * Every block of a tree, depth first, in document order: each block, then the blocks of each child
 * list its definition declares (a column's blocks, an faq answer), in the order declared.
 */
export function* walkBlocks(blocks: Block[]): Generator<Block> {
  for (const b of blocks) {
    yield b;
    for (const list of nestedBlockLists(b.type, b.data)) yield* walkBlocks(list.blocks as Block[]);
  }
}

/**
 * Whether this is a thank-you page (it holds the thank-you block): reached only after sending a
 * form, showing that visitor's own answers, so it is kept out of search results and the sitemap.
 */
export function isThankYouPage(blocks: Block[]): boolean {
  for (const b of walkBlocks(blocks)) if (b.type === 'success') return true;
  return false;
}
