/**
 * Typo tolerance as Algolia has it: a query word of minWordSizefor1Typo letters (4) or more may
 * match a word with one typo, of minWordSizefor2Typos (8) or more with two; a typo is a letter
 * left out, added, replaced, or two neighbouring letters swapped. A word that may be the start
 * of a record's word (queryType) may have its typos in that start ("corol" for "corolla",
 * "lancru" for "landcruiser").
 *
 * PostgreSQL narrows a site's vocabulary (search_words, the words of the typo-tolerant
 * attributes) to the words sharing enough trigrams with each query word (pg_trgm, migration
 * 0008); the typos of each candidate are then counted here, exactly.
 */
import type { Db } from '../../../api/core/deps.ts';
import type { RecordKind } from '../rules/indexes.ts';
import type { TextSettings } from '../contract/search-params.ts';
import { editDistance } from '../../../lib/edit-distance.ts';

export interface TypoWord {
  /** 1 or 2. */
  typos: number;
  /** How many letters of the word the query word stands for (all of them, or a start). */
  length: number;
}

/** One query word and the words of the site it matches with typos (lowercased lexemes). */
export interface TermMatch {
  term: string;
  /** Whether it matches the start of words (queryType), or whole words only. */
  prefix: boolean;
  typoWords: Map<string, TypoWord>;
}

/** The most typos a query word may have with these settings: 0, 1 or 2. */
export function typoBudget(term: string, s: TextSettings): number {
  if (s.typoTolerance === false) return 0;
  if (!s.allowTyposOnNumericTokens && /^\p{N}+$/u.test(term)) return 0;
  const n = [...term].length;
  return n >= s.minWordSizefor2Typos ? 2 : n >= s.minWordSizefor1Typo ? 1 : 0;
}

/**
 * How `term` matches `word` with typos, or undefined when it matches exactly (or not within
 * `budget`). A prefix term is measured against the word's starts of |term| ± budget letters; the
 * fewest typos win, and of those the longest start.
 */
export function typosOf(term: string, word: string, budget: number, prefix: boolean): TypoWord | undefined {
  const t = [...term];
  const w = [...word];
  const lengths = prefix
    ? Array.from({ length: 2 * budget + 1 }, (_, i) => t.length - budget + i).filter((n) => n >= 1 && n <= w.length)
    : [w.length];
  let best: TypoWord | undefined;
  for (const length of lengths) {
    const typos = editDistance(t, w.slice(0, length), budget);
    if (typos === 0) return undefined;
    if (typos <= budget && (!best || typos < best.typos || (typos === best.typos && length > best.length)))
      best = { typos, length };
  }
  return best;
}

/** Which query words match the start of words: all (the index's setting), the last, or none. */
export function prefixFlags(count: number, queryType: TextSettings['queryType']): boolean[] {
  return Array.from(
    { length: count },
    (_, i) => queryType === 'prefixAll' || (queryType === 'prefixLast' && i === count - 1),
  );
}

const CANDIDATES = 'SELECT term, word FROM search_typo_candidates($1, $2, $3)';

/**
 * The query words with the site's words each matches with typos. One statement looks up the
 * candidates of every word that may have typos; words too short (or numbers, unless allowed)
 * look up nothing, and a query of such words costs no statement at all.
 */
export async function matchTerms(
  db: Db,
  site: string,
  kind: RecordKind,
  terms: string[],
  settings: TextSettings,
): Promise<TermMatch[]> {
  const prefix = prefixFlags(terms.length, settings.queryType);
  const matches = terms.map((term, i): TermMatch => ({ term, prefix: prefix[i]!, typoWords: new Map() }));
  const tolerant = [...new Set(terms.filter((t) => typoBudget(t, settings) > 0))];
  if (!tolerant.length) return matches;
  const { rows } = await db.query<{ term: string; word: string }>(CANDIDATES, [site, kind, tolerant]);
  for (const m of matches) {
    const budget = typoBudget(m.term, settings);
    if (!budget) continue;
    for (const row of rows) {
      if (row.term !== m.term) continue;
      const found = typosOf(m.term, row.word, budget, m.prefix);
      if (found) m.typoWords.set(row.word, found);
    }
  }
  return matches;
}
