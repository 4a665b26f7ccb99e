/**
 * Writing search rows (schema.ts SearchRow) of one site and kind: the records, their hits and
 * their typo words. Shared by the whole-site index (index-content.ts) and the update of a few
 * cars (index-update.ts), so both write exactly the same rows. A record's sort keys are generated
 * from its own columns (migration 0016); its codes come from the site's slot value lists.
 */
import type { Db } from '../../../api/core/deps.ts';
import { SLOTS, type RecordKind } from '../rules/indexes.ts';
import { fieldTag, SETTINGS } from '../rules/settings.ts';
import { CODES, codeOf, type SearchRow, type SlotValues } from './schema.ts';

/** A row and its place in the site's listing: every sort's last key but object_id. */
export interface PlacedRow {
  row: SearchRow;
  position: number;
}

/** Rows per INSERT: one jsonb parameter each, far below any message-size limit. */
const BATCH = 1_000;

const INSERT = `INSERT INTO search_records (site_slug, kind, object_id, position, ${SLOTS.join(', ')}, ${CODES.join(', ')}, facets, price, year, km, created_at, search)
  SELECT $1, $2, x.object_id, x.position, ${[...SLOTS, ...CODES].map((s) => `x.${s}`).join(', ')}, x.facets, x.price, x.year, x.km, x.created_at, to_tsvector('simple', x.text)
  FROM jsonb_to_recordset($3::jsonb) AS x(object_id text, position integer, ${SLOTS.map((s) => `${s} text`).join(', ')}, ${CODES.map((c) => `${c} integer`).join(', ')}, facets jsonb,
    price double precision, year integer, km double precision, created_at bigint, text text)
  ON CONFLICT (site_slug, kind, object_id) DO NOTHING`;

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

/** The value lists of a kind's rows, sorted: what a whole-site index stores in slot_values. */
export function slotValues(rows: SearchRow[]): SlotValues {
  const out: SlotValues = {};
  for (const slot of SLOTS) {
    const values = [...new Set(rows.flatMap((r) => (r.slots[slot] === undefined ? [] : [r.slots[slot]])))].sort();
    if (values.length) out[slot] = values;
  }
  return out;
}

/**
 * `values` with every slot value of `rows` it lacks appended, each at the end of its slot's
 * list: the codes already given stay as they are. The same object when nothing was added.
 */
export function grownSlotValues(values: SlotValues, rows: SearchRow[]): SlotValues {
  let out = values;
  for (const slot of SLOTS) {
    const known = new Set(values[slot] ?? []);
    const added: string[] = [];
    for (const r of rows) {
      const v = r.slots[slot];
      if (v !== undefined && !known.has(v)) {
        known.add(v);
        added.push(v);
      }
    }
    if (added.length) out = { ...out, [slot]: [...(values[slot] ?? []), ...added] };
  }
  return out;
}

/** A yield to the event loop, so requests waiting on it are served between pieces of long work. */
export const breathe = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Inserts `rows` (none of which the site's index holds) with their codes in `values`, which must
 * list every slot value they have; their typo words are added to the site's.
 */
export async function insertRows(
  tx: Db,
  site: string,
  kind: RecordKind,
  rows: PlacedRow[],
  values: SlotValues,
): Promise<void> {
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
        batch.map(({ row: { record: _, fields: __, slots, ...r }, position }) => ({
          ...r,
          ...slots,
          ...codesOf(slots),
          position,
        })),
      ),
    ]);
    await tx.query(INSERT_HITS, [
      site,
      kind,
      JSON.stringify(batch.map(({ row: r }) => ({ object_id: r.object_id, record: r.record, fields: r.fields }))),
    ]);
    await breathe();
  }
  const words = typoWords(
    kind,
    rows.map((r) => r.row),
  );
  if (words) await tx.query(INSERT_WORDS, [site, kind, words]);
}

/** Makes the site's index writers take turns: a whole-site index and a car update never mix. */
export const lockSiteIndex = (tx: Db, site: string) =>
  tx.query(`SELECT pg_advisory_xact_lock(hashtext('search:' || $1))`, [site]);
