/**
 * ADF/XML (Auto-lead Data Format 1.0), the lead format dealer CRMs ingest: one <adf> document per
 * lead with the prospect's contact details, the vehicle of interest, the dealer as vendor and the
 * remaining form values as comments.
 */
import type { LeadPayload } from './payload.ts';
import { trimmedOrNumber } from '../../lib/text.ts';

/** Escapes text for XML and drops the control characters XML 1.0 cannot hold. */
export function xmlText(value: string): string {
  return value
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

function el(name: string, value: string | number | undefined, attrs: Record<string, string> = {}): string {
  if (value === undefined || value === '') return '';
  const a = Object.entries(attrs).map(([k, v]) => ` ${k}="${xmlText(v)}"`).join('');
  return `<${name}${a}>${xmlText(String(value))}</${name}>`;
}

/** Values shown in the contact block rather than in the comments. */
const CONTACT_FIELDS = new Set(['name', 'first_name', 'last_name', 'email', 'phone', 'message', 'Comments', 'Additional Comments']);

function interest(category: string | null): string {
  const c = (category ?? '').toLowerCase();
  if (c.includes('trade')) return 'trade-in';
  if (c.includes('test drive')) return 'test-drive';
  if (c.includes('service')) return 'service';
  return 'buy';
}

function valueText(v: unknown): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'boolean') return v ? 'Yes' : 'No';
  return JSON.stringify(v);
}

export function adfXml(lead: LeadPayload): string {
  const v = lead.values;
  const first = trimmedOrNumber(v.first_name);
  const last = trimmedOrNumber(v.last_name);
  const full = trimmedOrNumber(v.name);
  const names = first || last
    ? el('name', first, { part: 'first' }) + el('name', last, { part: 'last' })
    : el('name', full, { part: 'full' });
  const vehicle = lead.vehicle;
  const vehicleXml = `<vehicle interest="${interest(lead.category)}" status="${vehicle?.condition ?? 'new'}">` +
    el('id', vehicle?.stock_number, { source: 'stock_number' }) + el('year', vehicle?.year) + el('make', vehicle?.make) +
    el('model', vehicle?.model) + el('vin', vehicle?.vin) + el('stock', vehicle?.stock_number) + el('trim', vehicle?.trim) +
    el('price', vehicle?.price, { type: 'asking', currency: lead.site.country === 'NZ' ? 'NZD' : 'AUD' }) + '</vehicle>';
  const notes = [
    trimmedOrNumber(v.message), trimmedOrNumber(v.Comments), trimmedOrNumber(v['Additional Comments']),
    lead.category && `Category: ${lead.category}`,
    lead.subcategory && `Subcategory: ${lead.subcategory}`,
    lead.PageTitle && `Page: ${lead.PageTitle}`,
    ...Object.entries(v)
      .filter(([k, value]) => !CONTACT_FIELDS.has(k) && value !== undefined && value !== null && value !== '')
      .map(([k, value]) => `${k}: ${valueText(value)}`),
    ...Object.entries(lead.tracking).map(([k, value]) => `${k}: ${value}`),
  ].filter(Boolean);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<?adf version="1.0"?>',
    '<adf>',
    '<prospect status="new">',
    el('id', lead.lead_id, { sequence: '1', source: 'dealer-sites' }),
    el('requestdate', lead.completed_at ?? lead.created_at),
    vehicleXml,
    '<customer><contact>' + names + el('email', trimmedOrNumber(v.email)) + el('phone', trimmedOrNumber(v.phone), { type: 'voice' }) + '</contact>' +
      el('comments', notes.join('\n')) + '</customer>',
    '<vendor>' + el('id', String(lead.site.id), { source: 'website' }) + el('vendorname', lead.site.name) +
      '<contact>' + el('name', lead.site.name, { part: 'full' }) + el('email', lead.site.email) + el('phone', lead.site.phone) + '</contact></vendor>',
    '<provider>' + el('name', 'Dealer Sites', { part: 'full' }) + el('service', lead.category ?? undefined) + el('url', lead.site.url || undefined) + '</provider>',
    '</prospect>',
    '</adf>',
    '',
  ].join('\n');
}
