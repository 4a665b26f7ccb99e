/**
 * Fills the search index from the dealers' content: each site's cars and offers replace its
 * previous records in one transaction, so a search sees the old index or the new one, never half.
 * Sold and hidden cars are not indexed; offers the site may not show (isOfferShown) neither.
 * Run when the API starts (startRuntime) and by `npm run index`: stock changes need no rebuild.
 * A site whose rows would be the same as those already written (same hash in search_sources) is
 * left alone, so an API start with unchanged stock costs one hash and one lookup per site.
 */
import { createHash } from 'node:crypto';
import type { DealerContent } from '../../content/load.ts';
import { isOfferShown } from '../../domain/offers.ts';
import type { Db } from '../deps.ts';
import { ORDER_COLUMNS, SLOTS, type RecordKind } from '../../domain/search/indexes.ts';
import { fieldTag, SETTINGS } from '../../domain/search/settings.ts';
import { carRow, CODES, codeOf, offerRow, ordinals, type SearchRow, type SlotValues } from './schema.ts';

export interface IndexReport {
  site: string;
  cars: number;
  offers: number;
  /** Sold or hidden cars and offers excluded from the site. */
  skipped: number;
  /** False when the site's records were already those of this content and were left as they were. */
  changed: boolean;
}

export interface IndexOptions {
  /** Rewrite every site's records even when they match the content. */
  force?: boolean;
}

/** Rows per INSERT: one jsonb parameter each, far below any message-size limit. */
const BATCH = 2_000;

const INSERT = `INSERT INTO search_records (site_slug, kind, object_id, position, ${SLOTS.join(', ')}, ${CODES.join(', ')}, facets, price, year, km, created_at, ${ORDER_COLUMNS.join(', ')}, search)
  SELECT $1, $2, x.object_id, x.position, ${[...SLOTS, ...CODES].map((s) => `x.${s}`).join(', ')}, x.facets, x.price, x.year, x.km, x.created_at, ${ORDER_COLUMNS.map((o) => `x.${o}`).join(', ')}, to_tsvector('simple', x.text)
  FROM jsonb_to_recordset($3::jsonb) AS x(object_id text, position integer, ${SLOTS.map((s) => `${s} text`).join(', ')}, ${CODES.map((c) => `${c} integer`).join(', ')}, facets jsonb,
    price double precision, year integer, km double precision, created_at bigint, ${ORDER_COLUMNS.map((o) => `${o} integer`).join(', ')}, text text)
  ON CONFLICT (site_slug, kind, object_id) DO NOTHING`;

/** The value lists of a kind's rows, stored in search_sources.slot_values with them. */
export function slotValues(rows: SearchRow[]): SlotValues {
  const out: SlotValues = {};
  for (const slot of SLOTS) {
    const values = [...new Set(rows.flatMap((r) => (r.slots[slot] === undefined ? [] : [r.slots[slot]])))].sort();
    if (values.length) out[slot] = values;
  }
  return out;
}

/** `fields`: each searchable attribute's lexemes behind its tag, "fbtoyota" (settings.ts fieldTag). */
const INSERT_HITS = `INSERT INTO search_hits (site_slug, kind, object_id, record, fields)
  SELECT $1, $2, x.object_id, x.record,
    (SELECT array_to_tsvector(coalesce(array_agg(DISTINCT f.key || l.lexeme), '{}'))
      FROM jsonb_each_text(x.fields) f, unnest(to_tsvector('simple', f.value)) l)
  FROM jsonb_to_recordset($3::jsonb) AS x(object_id text, record jsonb, fields jsonb)
  ON CONFLICT (site_slug, kind, object_id) DO NOTHING`;

/** The distinct lexemes of the words given, as the records' own tsvectors hold them. */
const INSERT_WORDS = `INSERT INTO search_words (site_slug, kind, word)
  SELECT DISTINCT $1, $2, l.lexeme FROM unnest(to_tsvector('simple', $3)) l
  ON CONFLICT DO NOTHING`;

/** The words of a kind's typo-tolerant attributes (settings.ts), each once. */
export function typoWords(kind: RecordKind, rows: SearchRow[]): string {
  const { searchable, typoTolerant } = SETTINGS[kind];
  const tags = typoTolerant.map((a) => fieldTag(searchable.indexOf(a)));
  const seen = new Set<string>();
  for (const r of rows) for (const tag of tags) for (const w of (r.fields[tag] ?? '').split(' ')) if (w) seen.add(w);
  return [...seen].join(' ');
}

async function insertRows(
  tx: Db,
  site: string,
  kind: RecordKind,
  rows: SearchRow[],
  values: SlotValues,
): Promise<void> {
  const places = ordinals(rows);
  const codes = Object.fromEntries(
    SLOTS.map((slot) => [slot, new Map((values[slot] ?? []).map((v, i) => [v, i + 1]))]),
  );
  const codesOf = (slots: SearchRow['slots']) =>
    Object.fromEntries(
      SLOTS.filter((slot) => slots[slot] !== undefined).map((slot) => [codeOf(slot), codes[slot]!.get(slots[slot]!)]),
    );
  for (let from = 0; from < rows.length; from += BATCH) {
    const batch = rows.slice(from, from + BATCH);
    await tx.query(INSERT, [
      site,
      kind,
      JSON.stringify(
        batch.map(({ record: _, fields: __, slots, ...r }, i) => ({
          ...r,
          ...slots,
          ...codesOf(slots),
          ...places[from + i],
          position: from + i,
        })),
      ),
    ]);
    await tx.query(INSERT_HITS, [
      site,
      kind,
      JSON.stringify(batch.map((r) => ({ object_id: r.object_id, record: r.record, fields: r.fields }))),
    ]);
  }
  const words = typoWords(kind, rows);
  if (words) await tx.query(INSERT_WORDS, [site, kind, words]);
}

/** A hash of exactly what would be written for a site. */
function contentHash(cars: SearchRow[], offers: SearchRow[]): string {
  return createHash('sha256')
    .update(JSON.stringify([cars, offers]))
    .digest('hex');
}

/** Replaces one site's records unless they already hold this content; the report counts what is searchable. */
export async function indexDealer(db: Db, dealer: DealerContent, options: IndexOptions = {}): Promise<IndexReport> {
  const cars = dealer.cars.map(carRow).filter((r): r is SearchRow => !!r);
  const offers = dealer.offers.filter((o) => isOfferShown(o, dealer.site)).map(offerRow);
  const skipped = dealer.cars.length + dealer.offers.length - cars.length - offers.length;
  const hash = contentHash(cars, offers);
  if (!options.force) {
    const {
      rows: [known],
    } = await db.query<{ content_hash: string; cars: number; offers: number }>(
      'SELECT content_hash, cars, offers FROM search_sources WHERE site_slug = $1',
      [dealer.slug],
    );
    if (known?.content_hash === hash)
      return { site: dealer.slug, cars: known.cars, offers: known.offers, skipped, changed: false };
  }
  return db.transaction(async (tx) => {
    await tx.query('DELETE FROM search_records WHERE site_slug = $1', [dealer.slug]);
    await tx.query('DELETE FROM search_hits WHERE site_slug = $1', [dealer.slug]);
    await tx.query('DELETE FROM search_words WHERE site_slug = $1', [dealer.slug]);
    const values = { car: slotValues(cars), offer: slotValues(offers) };
    await insertRows(tx, dealer.slug, 'car', cars, values.car);
    await insertRows(tx, dealer.slug, 'offer', offers, values.offer);
    // Duplicate ids keep the first: count what was stored.
    const { rows } = await tx.query<{ kind: RecordKind; n: number }>(
      'SELECT kind, count(*)::int AS n FROM search_records WHERE site_slug = $1 GROUP BY kind',
      [dealer.slug],
    );
    const count = (k: RecordKind) => rows.find((r) => r.kind === k)?.n ?? 0;
    await tx.query(
      `INSERT INTO search_sources (site_slug, content_hash, cars, offers, slot_values, indexed_at) VALUES ($1, $2, $3, $4, $5, now())
      ON CONFLICT (site_slug) DO UPDATE SET content_hash = $2, cars = $3, offers = $4, slot_values = $5, indexed_at = now()`,
      [dealer.slug, hash, count('car'), count('offer'), JSON.stringify(values)],
    );
    return { site: dealer.slug, cars: count('car'), offers: count('offer'), skipped, changed: true };
  });
}

/**
 * Indexes every given dealer (other sites' records are left alone: a database may serve several
 * deployments). After a change, VACUUM ANALYZE clears the replaced rows (PGlite runs no
 * autovacuum), marks the pages all-visible, so a search's scan skips the per-row visibility
 * check (a third off the median search on PGlite), and keeps the planner's estimates right.
 */
export async function indexContent(
  db: Db,
  dealers: DealerContent[],
  options: IndexOptions = {},
): Promise<IndexReport[]> {
  const reports: IndexReport[] = [];
  for (const dealer of dealers) reports.push(await indexDealer(db, dealer, options));
  if (reports.some((r) => r.changed)) {
    await db.query('VACUUM ANALYZE search_records');
    await db.query('VACUUM ANALYZE search_hits');
    await db.query('VACUUM ANALYZE search_words');
  }
  return reports;
}
