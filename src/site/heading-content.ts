/**
 * What a heading block shows, shared by its component and the page-level questions of
 * ./page-blocks.ts (whether a page has its <h1>).
 */
import type { BlockData } from '../content/blocks.ts';
import { plainText, sanitizeInline } from '../lib/sanitize.ts';

export type HeadingLevel = 1 | 2 | 3 | 4 | 5 | 6;

/**
 * What a heading block shows: its level and sanitised inline HTML, or undefined when it renders
 * nothing (a level outside 1-6, or text with nothing to read once sanitised).
 */
export function headingContent(data: BlockData<'heading'>): { level: HeadingLevel; html: string } | undefined {
  const { level, text } = data;
  if (!Number.isInteger(level) || level < 1 || level > 6) return undefined;
  const html = sanitizeInline(text).trim();
  if (!plainText(html)) return undefined;
  return { level: level as HeadingLevel, html };
}
