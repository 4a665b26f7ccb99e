/**
 * Walking a page's block tree, kept free of rendering code (sanitising, block components) so the
 * route list, and the API that reads it, stay light.
 */
import type { Block } from '../content/blocks.ts';

/** Every block of a tree, depth first, in document order. */
export function* walkBlocks(blocks: Block[]): Generator<Block> {
  for (const b of blocks) {
    yield b;
    if (b.type === 'columns') for (const col of b.data.cols) yield* walkBlocks(col.blocks as Block[]);
    if (b.type === 'faq') for (const q of b.data.questions) yield* walkBlocks(q.answer as Block[]);
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

