import { sanitizeRich } from '../../lib/sanitize.ts';

const BLOCK_TAG = /<(p|ul|ol|li|blockquote|h[2-6]|hr)[\s>/]/i;

/**
 * The sanitised paragraph and the element that holds it: usually a `<p>`, but a `<div>` when
 * the CMS text itself holds block tags (a `<p>` cannot contain them). Undefined when empty.
 */
export function paragraphContent(text: string): { tag: 'p' | 'div'; html: string } | undefined {
  const html = sanitizeRich(text).trim();
  if (!html) return undefined;
  return { tag: BLOCK_TAG.test(html) ? 'div' : 'p', html };
}
