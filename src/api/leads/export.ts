/**
 * A dealer's leads for `npm run leads -- export`: JSON (an array of flat lead objects), CSV (a
 * header row, then one row per lead) or ADF/XML (one <adf> document per lead). Spam is left out
 * unless asked for.
 */
import type { DealerContent } from '../../content/load.ts';
import type { Db } from '../deps.ts';
import { adfXml } from '../outbox/adf.ts';
import { leadPayload } from '../outbox/payload.ts';
import type { LeadRow } from './store.ts';

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

/** One flat object per lead: its status and form fields first, then every stored value. */
export function leadRecord(lead: LeadRow, includeSpam = false): Record<string, unknown> {
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
    ...lead.tracking,
    ...lead.values,
  };
}

function csvCell(value: unknown): string {
  if (value === undefined || value === null) return '';
  const s = typeof value === 'string' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value);
  // Cells a spreadsheet would run as a formula get a leading quote; phone numbers ("+61 …") stay as they are.
  const safe = /^[=@\t\r]|^[+-](?![\d\s().]*$)/.test(s) ? `'${s}` : s;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

const FIRST_COLUMNS = ['lead_id', 'lead_status', 'form_completed', 'category', 'subcategory', 'page_id', 'PageTitle', 'created_at', 'completed_at'];

/** Columns: the lead's own fields, then every value name in order of first appearance. */
export function toCsv(records: Record<string, unknown>[]): string {
  const columns: string[] = [...FIRST_COLUMNS];
  const seen = new Set<string>(columns);
  for (const r of records) for (const k of Object.keys(r)) if (!seen.has(k)) seen.add(k), columns.push(k);
  const lines = [columns.map(csvCell).join(',')];
  for (const r of records) lines.push(columns.map((c) => csvCell(r[c])).join(','));
  return lines.join('\r\n') + '\r\n';
}

export function formatLeads(leads: LeadRow[], format: ExportFormat, dealer?: DealerContent, includeSpam = false): string {
  if (format === 'adf') return leads.map((l) => adfXml(leadPayload(l, dealer))).join('\n');
  const records = leads.map((l) => leadRecord(l, includeSpam));
  if (format === 'csv') return toCsv(records);
  return JSON.stringify(records, null, 2) + '\n';
}
