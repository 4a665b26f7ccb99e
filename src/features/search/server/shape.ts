/**
 * One request's answer in Algolia's result shape, from its columns of the batch row: the hits
 * (projected and highlighted), counts, facets and the fields Algolia's clients read.
 */
import { randomBytes } from 'node:crypto';
import { facetResults } from './facet-values.ts';
import { highlightResult, highlightValue } from './highlight.ts';
import type { SearchRequest } from '../contract/search-params.ts';
import { highlightedAttributes, projectHit, type RetrievePlan } from './retrieve.ts';
import type { SlotValues } from './schema.ts';
import { queryTerms, type CompiledPart } from './sql.ts';
import type { TermMatch } from './typos.ts';

type Row = Record<string, unknown>;
type Hit = Record<string, unknown>;
type Column<T> = T[] | null | undefined;

/** A facet search: the values of its facet that start with facetQuery (or have a word that does). */
function facetHits(
  req: SearchRequest,
  facets: Record<string, Record<string, number>>,
  processingTimeMS: number,
): Record<string, unknown> {
  const q = req.facetQuery.trim().toLowerCase();
  const terms = queryTerms(q).map((term): TermMatch => ({ term, prefix: true, typoWords: new Map() }));
  const alpha = req.sortFacetValuesBy === 'alpha';
  const values = Object.entries(facets[req.facet!] ?? {})
    .filter(
      ([v]) =>
        !q ||
        v.toLowerCase().startsWith(q) ||
        v
          .toLowerCase()
          .split(/[^\p{L}\p{N}]+/u)
          .some((w) => w.startsWith(q)),
    )
    .sort((a, b) => (alpha ? 0 : b[1] - a[1]) || a[0].localeCompare(b[0]))
    .slice(0, req.maxFacetHits);
  return {
    facetHits: values.map(([value, count]) => ({
      value,
      count,
      highlighted: terms.length ? highlightValue(value, terms, req.highlightPreTag, req.highlightPostTag).value : value,
    })),
    exhaustiveFacetsCount: true,
    exhaustive: { facetsCount: true },
    processingTimeMS,
  };
}

/** The hit as answered: the attributes asked for, and `_highlightResult` unless highlighting is off. */
function hitOf(record: Hit, req: SearchRequest, plan: RetrievePlan, terms: TermMatch[]): Hit {
  const hit = projectHit(record, plan);
  if (plan.highlight !== '*' && !plan.highlight.length) return hit;
  const attrs = highlightedAttributes(record, plan);
  return { ...hit, _highlightResult: highlightResult(record, attrs, terms, req.highlightPreTag, req.highlightPostTag) };
}

/** A request's answer from its columns of the batch row (see CompiledPart). */
export function shape(
  req: SearchRequest,
  row: Row,
  i: number,
  part: CompiledPart,
  terms: TermMatch[],
  plan: RetrievePlan,
  processingTimeMS: number,
): Record<string, unknown> {
  const [bits, values, partners, counts] =
    (row[`agg${i}`] as [Column<number>, Column<string | null>, Column<string | null>, Column<number>] | undefined) ??
    [];
  const numeric = (attr: string) => req.index.attributes[attr]?.type === 'number';
  const slotValues = (row.slots ?? {}) as SlotValues;
  const decode = (k: number, stored: string) => {
    const slot = req.index.attributes[part.facets[k]!]?.slot;
    return slot ? slotValues[slot]?.[Number(stored) - 1] : stored;
  };
  // A facet search looks through all of its facet's values, not the first ones only.
  const results = facetResults(
    { bits: bits ?? [], values: values ?? [], partners: partners ?? [], counts: counts ?? [] },
    part.facets,
    part.sets,
    decode,
    numeric,
    req.type === 'facet' ? Infinity : req.maxValuesPerFacet,
    req.type === 'facet' ? 'count' : req.sortFacetValuesBy,
  );
  if (req.type === 'facet') return facetHits(req, results.facets, processingTimeMS);

  const nbHits = part.facets.length ? results.nbHits : (row[`nb${i}`] as number);
  const pagination =
    req.offset === undefined
      ? {
          page: req.page,
          nbPages: req.hitsPerPage ? Math.ceil(nbHits / req.hitsPerPage) : 0,
          hitsPerPage: req.hitsPerPage,
        }
      : { offset: req.offset, length: req.length };
  return {
    hits: ((row[`hits${i}`] as Hit[] | null | undefined) ?? []).map((record) => hitOf(record, req, plan, terms)),
    nbHits,
    ...pagination,
    facets: results.facets,
    facets_stats: results.stats,
    exhaustiveFacetsCount: true,
    exhaustiveNbHits: true,
    exhaustiveTypo: true,
    exhaustive: { facetsCount: true, nbHits: true, typo: true },
    processingTimeMS,
    query: req.query,
    params: req.params,
    index: req.indexName,
    // A query ID for click and conversion events (Algolia's Insights): 32 hexadecimal digits.
    ...(req.clickAnalytics ? { queryID: randomBytes(16).toString('hex') } : {}),
    renderingContent: {},
  };
}
