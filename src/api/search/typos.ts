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
import type { Db } from '../deps.ts';
import type { RecordKind } from '../../domain/search/indexes.ts';
import type { TextSettings } from '../../domain/search/params.ts';

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
 * Typos between two words (optimal string alignment: insertions, deletions, substitutions and
 * swaps of neighbours count one each), or max + 1 when there are more than `max`.
 */
export function typoDistance(a: readonly string[], b: readonly string[], max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let before = new Array<number>(b.length + 1).fill(0);
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = new Array<number>(b.length + 1);
    row[0] = i;
    let least = row[0];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, before[j - 2]! + 1);
      row[j] = d;
      least = Math.min(least, d);
    }
    if (least > max) return max + 1;
    before = previous;
    previous = row;
  }
  return Math.min(previous[b.length]!, max + 1);
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
    const typos = typoDistance(t, w.slice(0, length), budget);
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
