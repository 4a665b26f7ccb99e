/** schema.org FAQPage data for an faq block, from the plain text of its answers. */
import { nestedBlockLists, type Block, type BlockData } from '../../content/blocks.ts';
import { plainText } from '../../lib/sanitize.ts';

/**
 * The words a visitor reads in a list of blocks, in order, as one line of plain text: headings,
 * paragraphs, list items, tags, and the blocks that blocks nest (columns, nested faqs). Media and
 * buttons carry no answer text and are skipped.
 */
export function blocksText(blocks: readonly Block[]): string {
  const parts: string[] = [];
  for (const block of blocks) {
    switch (block.type) {
      case 'heading':
      case 'paragraph':
      case 'tag':
        parts.push(plainText(block.data.text));
        break;
      case 'list':
        parts.push(...block.data.items.map(plainText));
        break;
      case 'faq':
        for (const q of block.data.questions) parts.push(q.question, blocksText(q.answer as Block[]));
        break;
      default:
        // Blocks that nest blocks (columns) say so in their definitions.
        for (const list of nestedBlockLists(block.type, block.data)) parts.push(blocksText(list.blocks as Block[]));
    }
  }
  return parts
    .map((p) => p.trim())
    .filter(Boolean)
    .join(' ');
}

/**
 * The FAQPage JSON-LD object, or undefined when no question has both a question and an answer
 * with text (search engines reject empty ones).
 */
export function faqJsonLd(questions: BlockData<'faq'>['questions']): Record<string, unknown> | undefined {
  const mainEntity = questions.flatMap((q) => {
    const name = q.question.trim();
    const text = blocksText(q.answer as Block[]);
    if (!name || !text) return [];
    return [{ '@type': 'Question', name, acceptedAnswer: { '@type': 'Answer', text } }];
  });
  if (!mainEntity.length) return undefined;
  return { '@context': 'https://schema.org', '@type': 'FAQPage', mainEntity };
}
