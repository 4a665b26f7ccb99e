/**
 * The query words as SQL: which rows match (full text on `search`: every query word as the
 * start of a word, or a whole word, or one of the words it matches with typos), how many typos
 * each row's match took (Algolia ranks fewer typos first), and, for restrictSearchableAttributes,
 * the same words tested on the restricted attributes only (search_hits.fields, whose lexemes carry
 * the attribute's tag: "fbtoyota").
 */
import type { TextSettings } from '../contract/search-params.ts';
import { fieldTag } from '../rules/settings.ts';
import type { TermMatch } from './typos.ts';
import { queryTerms } from '../rules/terms.ts';

export { queryTerms };

/** A lexeme quoted for to_tsquery; lexemes hold letters and digits, but quotes stay quoted. */
const quote = (lexeme: string) => `'${lexeme.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

/** One query word without typos: 'cor':* matches any word starting with "cor". */
const exact = (m: TermMatch, tag = '') => `${quote(tag + m.term)}${m.prefix ? ':*' : ''}`;

/** The words a query word matches with `typos` typos (1, 2, or any with undefined). */
const typoWords = (m: TermMatch, typos?: number) =>
  [...m.typoWords].filter(([, t]) => typos === undefined || t.typos === typos).map(([w]) => w);

/** One query word as a tsquery: the exact word or any of its typo words. */
function termQuery(m: TermMatch, tags: string[] = ['']): string {
  const words = typoWords(m);
  return `(${tags.flatMap((tag) => [exact(m, tag), ...words.map((w) => quote(tag + w))]).join(' | ')})`;
}

/** Every query word must match: "cor toy" → ('cor':*) & ('toy':*). */
export function tsQuery(terms: TermMatch[]): string {
  return terms.map((m) => termQuery(m)).join(' & ');
}

/** The same on search_hits.fields, each word in one of the restricted attributes. */
export function restrictedQuery(terms: TermMatch[], restrict: number[]): string {
  const tags = restrict.map(fieldTag);
  return terms.map((m) => termQuery(m, tags)).join(' & ');
}

export interface TextMatch {
  /** Conditions on search_records for the WHERE clause. */
  where: string[];
  /** ts_rank of a row, for relevance. */
  rank: string;
  /** The typos of a row's match (0 when no query word has typo words). */
  typos?: string;
}

/**
 * The SQL of the query words, their tsqueries as parameters (pushed on `params`); undefined for
 * a query without words, which matches every row.
 */
export function textMatch(terms: TermMatch[], settings: TextSettings, params: unknown[]): TextMatch | undefined {
  if (!terms.length) return undefined;
  const param = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  const q = `to_tsquery('simple', ${param(tsQuery(terms))})`;
  const where = [`search @@ ${q}`];
  if (settings.restrict) {
    where.push(`EXISTS (SELECT 1 FROM search_hits h WHERE h.site_slug = $1 AND h.kind = $2 AND h.object_id = search_records.object_id
      AND h.fields @@ to_tsquery('simple', ${param(restrictedQuery(terms, settings.restrict))}))`);
  }
  // Each query word with typo words adds its typos: none when the row has the word itself, else
  // one when it has a one-typo word, else two.
  const cases = terms
    .filter((m) => m.typoWords.size)
    .map((m) => {
      const one = typoWords(m, 1);
      const two = typoWords(m, 2);
      const exactly = `search @@ to_tsquery('simple', ${param(exact(m))})`;
      if (!one.length) return `CASE WHEN ${exactly} THEN 0 ELSE 2 END`;
      if (!two.length) return `CASE WHEN ${exactly} THEN 0 ELSE 1 END`;
      return `CASE WHEN ${exactly} THEN 0 WHEN search @@ to_tsquery('simple', ${param(one.map(quote).join(' | '))}) THEN 1 ELSE 2 END`;
    });
  return { where, rank: `ts_rank(search, ${q})`, typos: cases.length ? cases.join(' + ') : undefined };
}

/** The condition keeping the rows with the fewest typos ("min") or the two fewest ("strict"). */
export function typoLimit(settings: TextSettings, from: string): string | undefined {
  if (settings.typoTolerance === 'min') return `typos = (SELECT min(typos) FROM ${from})`;
  if (settings.typoTolerance === 'strict') {
    return `typos <= (SELECT max(t) FROM (SELECT DISTINCT typos AS t FROM ${from} ORDER BY 1 LIMIT 2) f)`;
  }
  return undefined;
}
