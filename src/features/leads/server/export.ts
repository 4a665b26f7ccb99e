/**
 * A dealer's leads for `npm run leads -- export`: JSON (an array of lead objects), CSV (a header
 * row, then one row per lead) or ADF/XML (one document, one <prospect> per lead), printed or
 * written to a file, or one file per lead in a folder. Spam is left out unless asked for.
 */
import { mkdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { DealerContent } from '../../../content/load.ts';
import type { Db } from '../../../api/core/deps.ts';
import { adfDocument } from './outbox/adf.ts';
import { leadPayload } from './outbox/payload.ts';
import { writeAtomically } from './outbox/send.ts';
import type { LeadRow } from './store.ts';
import { neutraliseFormula } from '../../../lib/spreadsheet.ts';

export type ExportFormat = 'json' | 'csv' | 'adf';
export const EXPORT_FORMATS: ExportFormat[] = ['json', 'csv', 'adf'];

export async function listLeads(db: Db, siteSlug: string, options: { includeSpam?: boolean } = {}): Promise<LeadRow[]> {
  const { rows } = await db.query<LeadRow>(
    `SELECT * FROM leads WHERE site_slug = $1 AND ($2 OR NOT spam) ORDER BY created_at, id`,
    [siteSlug, !!options.includeSpam],
  );
  return rows;
}

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

/**
 * One object per lead: the lead's own fields at the top, the visitor's data below under
 * `tracking` and `values`, so nothing a visitor sends can stand in for an own field.
 */
export interface LeadRecord {
  lead_id: string;
  lead_status: string;
  form_completed: boolean;
  category: string | null;
  subcategory: string | null;
  page_id: string | null;
  PageTitle: string | null;
  created_at: string | null;
  completed_at: string | null;
  spam?: boolean;
  tracking: Record<string, unknown>;
  values: Record<string, unknown>;
}

export function leadRecord(lead: LeadRow, includeSpam = false): LeadRecord {
  return {
    lead_id: lead.id,
    lead_status: lead.lead_status,
    form_completed: lead.form_completed,
    category: lead.category,
    subcategory: lead.subcategory,
    page_id: lead.page_id,
    PageTitle: lead.page_title,
    created_at: iso(lead.created_at),
    completed_at: iso(lead.completed_at),
    ...(includeSpam ? { spam: lead.spam } : {}),
    tracking: { ...lead.tracking },
    values: { ...lead.values },
  };
}

function csvCell(value: unknown): string {
  if (value === undefined || value === null) return '';
  const s =
    typeof value === 'string'
      ? value
      : typeof value === 'object'
        ? JSON.stringify(value)
        : `${value as number | boolean | bigint}`;
  const safe = neutraliseFormula(s);
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

const OWN_COLUMNS = [
  'lead_id',
  'lead_status',
  'form_completed',
  'category',
  'subcategory',
  'page_id',
  'PageTitle',
  'created_at',
  'completed_at',
] as const;

/**
 * Columns: the lead's own fields (and `spam` when the records carry it), then `tracking.<name>`
 * and `values.<name>` for every tracking key and value name, in order of first appearance.
 */
export function toCsv(records: LeadRecord[]): string {
  const own: string[] = [...OWN_COLUMNS];
  if (records.some((r) => r.spam !== undefined)) own.push('spam');
  const columns = own.map((name) => ({ header: name, group: undefined as 'tracking' | 'values' | undefined, name }));
  for (const group of ['tracking', 'values'] as const) {
    const names = new Set<string>();
    for (const r of records) for (const name of Object.keys(r[group])) names.add(name);
    for (const name of names) columns.push({ header: `${group}.${name}`, group, name });
  }
  const cell = (r: LeadRecord, c: (typeof columns)[number]) => {
    const from: Record<string, unknown> = c.group ? r[c.group] : (r as unknown as Record<string, unknown>);
    // Own properties only: a value named "constructor" must not read Object's.
    return Object.hasOwn(from, c.name) ? from[c.name] : undefined;
  };
  const lines = [columns.map((c) => csvCell(c.header)).join(',')];
  for (const r of records) lines.push(columns.map((c) => csvCell(cell(r, c))).join(','));
  return lines.join('\r\n') + '\r\n';
}

/**
 * The leads in one text. ADF is one document with a <prospect> per lead; ADF has no document
 * without a prospect, so no leads give an empty text.
 */
export function formatLeads(
  leads: LeadRow[],
  format: ExportFormat,
  dealer?: DealerContent,
  includeSpam = false,
): string {
  if (format === 'adf') return leads.length ? adfDocument(leads.map((l) => leadPayload(l, dealer))) : '';
  const records = leads.map((l) => leadRecord(l, includeSpam));
  if (format === 'csv') return toCsv(records);
  return JSON.stringify(records, null, 2) + '\n';
}

/** File name endings by format; the ADF one is the delivery files' (src/features/leads/server/outbox/send.ts). */
export const EXTENSIONS: Record<ExportFormat, string> = { json: '.json', csv: '.csv', adf: '.adf.xml' };

/** `--out` names a folder: it ends with a slash (or "/." or "/..") or is a folder already. */
export async function isFolderTarget(out: string): Promise<boolean> {
  if (/(?:^|[\\/])\.{1,2}$|[\\/]$/.test(out)) return true;
  return (await stat(path.resolve(out)).catch(() => undefined))?.isDirectory() ?? false;
}

/** Why a path cannot be written, in words, for the few reasons a person can act on. */
function cannotWrite(target: string, error: unknown): Error {
  const code = (error as NodeJS.ErrnoException).code;
  const why =
    code === 'EACCES' || code === 'EPERM'
      ? 'permission denied'
      : code === 'ENOTDIR' || code === 'EEXIST'
        ? 'a file stands where a folder of the path should be'
        : code === 'EISDIR'
          ? 'it is a folder'
          : code === 'EROFS'
            ? 'the file system is read-only'
            : code === 'ENOSPC'
              ? 'the disk is full'
              : (error as Error).message;
  return new Error(`Cannot write ${target}: ${why}.`, { cause: error });
}

/**
 * Writes the leads to `out`: one file holding them all, or, when `out` is a folder, one file per
 * lead named by its id (a JSON array of one, a CSV header and row, an ADF document of one
 * prospect). `out` is read as the shell passed it and resolved by its text against the working
 * directory ("a/../b/x.csv" is "b/x.csv" whether or not "a" exists); the folders it names are
 * created. Each file is written whole or not at all; a path that cannot be written throws an
 * error naming it and why. Answers the files written (absolute paths): none for an ADF export
 * without leads, as an ADF document needs one.
 */
export async function writeLeads(
  out: string,
  leads: LeadRow[],
  format: ExportFormat,
  dealer?: DealerContent,
  includeSpam = false,
): Promise<string[]> {
  const target = path.resolve(out);
  const written: string[] = [];
  if (await isFolderTarget(out)) {
    await mkdir(target, { recursive: true }).catch((e: unknown) => {
      throw cannotWrite(target, e);
    });
    for (const lead of leads) {
      const file = path.join(target, `${lead.id}${EXTENSIONS[format]}`);
      await writeAtomically(file, formatLeads([lead], format, dealer, includeSpam)).catch((e: unknown) => {
        throw cannotWrite(file, e);
      });
      written.push(file);
    }
    return written;
  }
  const text = formatLeads(leads, format, dealer, includeSpam);
  if (!text) return written;
  try {
    await mkdir(path.dirname(target), { recursive: true });
    await writeAtomically(target, text);
  } catch (e) {
    throw cannotWrite(target, e);
  }
  return [target];
}
