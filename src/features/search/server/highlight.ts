/**
 * `_highlightResult` as Algolia returns it: for each highlighted attribute, its value with the
 * matched part of every matching word between highlightPreTag and highlightPostTag (the start a
 * query word matched, or the whole word it matched with typos), matchLevel (none, partial when
 * some query words matched, full when all did), matchedWords (those query words) and
 * fullyHighlighted. No HTML escaping: InstantSearch escapes the value itself.
 */
import { setAt } from './retrieve.ts';
import { valueAt } from '../rules/settings.ts';
import type { TermMatch } from './typos.ts';

export interface HighlightValue {
  value: string;
  matchLevel: 'none' | 'partial' | 'full';
  matchedWords: string[];
  fullyHighlighted?: boolean;
}

/** How many letters (UTF-16 units) of `word` a query word matches, 0 for none. */
function matchedLength(word: string, lower: string, m: TermMatch): number {
  if (m.prefix ? lower.startsWith(m.term) : lower === m.term) {
    // Lowercasing keeps the length of the letters names use; cut on the original word.
    return Math.min(m.term.length, word.length);
  }
  const typo = m.typoWords.get(lower);
  if (!typo) return 0;
  return [...word].slice(0, typo.length).join('').length;
}

export function highlightValue(value: string, terms: TermMatch[], pre: string, post: string): HighlightValue {
  const matched = new Set<string>();
  let words = 0;
  let whole = 0;
  const out = value.replace(/[\p{L}\p{N}]+/gu, (word) => {
    words++;
    const lower = word.toLowerCase();
    let best = 0;
    for (const m of terms) {
      const n = matchedLength(word, lower, m);
      if (n) matched.add(m.term);
      best = Math.max(best, n);
    }
    if (!best) return word;
    if (best === word.length) whole++;
    return `${pre}${word.slice(0, best)}${post}${word.slice(best)}`;
  });
  const distinct = new Set(terms.map((m) => m.term)).size;
  const matchLevel = !matched.size ? 'none' : matched.size === distinct ? 'full' : 'partial';
  const result: HighlightValue = { value: out, matchLevel, matchedWords: [...matched] };
  if (matchLevel !== 'none') result.fullyHighlighted = words > 0 && whole === words;
  return result;
}

/** The `_highlightResult` of a record for the given attributes (paths), nested like the record. */
export function highlightResult(
  record: Record<string, unknown>,
  attrs: string[],
  terms: TermMatch[],
  pre: string,
  post: string,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const attr of attrs) {
    const value = valueAt(record, attr);
    if (typeof value === 'string') setAt(out, attr.split('.'), highlightValue(value, terms, pre, post));
  }
  return out;
}
