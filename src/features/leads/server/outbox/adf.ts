/**
 * ADF/XML (Auto-lead Data Format 1.0), the lead format dealer CRMs ingest. Each lead is one
 * <prospect>: its id and date, its vehicles (adf-vehicles.ts), the visitor as customer, the
 * dealer as vendor and this platform as provider (adf-parties.ts). The delivery sends one
 * document per lead; the export may put many prospects in one document. Every document is valid
 * against the ADF 1.0 DTD (tests/fixtures/adf/adf-1.0.dtd, checked by the unit tests).
 */
import { leadKind, LeadValues, type LeadKind } from './adf-lead.ts';
import { customerContact, providerElement, vendorElement } from './adf-parties.ts';
import { vehicleElement, vehicleFacts } from './adf-vehicles.ts';
import { el, serialize, textEl, optEl, type XmlElement } from './adf-xml.ts';
import type { LeadPayload } from './payload.ts';
import { currencyOf } from '../../../../lib/text.ts';
import { locale } from '../../../../lib/locale.ts';

export { xmlText } from './adf-xml.ts';

const HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n<?adf version="1.0"?>';

/** Values the client repeats from the lead's own fields, which the document shows once. */
const SHOWN_ELSEWHERE = ['category', 'subcategory', 'page_id', 'PageTitle'];
/** The visitor's own words, first in the comments after the lead type. */
const MESSAGES = ['message', 'Comments', 'Additional Comments'];

/**
 * The dealer's time zone, where a lead's date is written in the dealer's own time: one zone in New
 * Zealand, by state in Australia; undefined when the site does not say where it is.
 */
export function dealerZone(site: Pick<LeadPayload['site'], 'country' | 'state'>): string | undefined {
  const { timeZone, regionZones } = locale(site.country);
  if (timeZone) return timeZone;
  return site.state ? regionZones[site.state.trim().toUpperCase()] : undefined;
}

/** ISO 8601 with the UTC offset of `zone` (UTC when none): 2025-03-01T20:00:00+11:00. */
export function isoWithOffset(date: Date, zone?: string): string {
  const at = new Date(Math.floor(date.getTime() / 1000) * 1000);
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: zone ?? 'UTC',
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  const local = `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}`;
  const minutes = Math.round((Date.parse(`${local}Z`) - at.getTime()) / 60_000);
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${local}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

function requestDate(lead: LeadPayload): string {
  const raw = lead.completed_at ?? lead.created_at;
  const date = new Date(raw);
  return Number.isNaN(date.getTime()) ? String(raw ?? '') : isoWithOffset(date, dealerZone(lead.site));
}

function valueText(v: unknown): string {
  if (typeof v === 'string') return v.trim();
  if (typeof v === 'boolean') return v ? 'Yes' : 'No';
  if (typeof v === 'number') return String(v);
  return JSON.stringify(v);
}

/** The lead's type as CRMs show it: the category, with the subcategory in brackets. */
export function leadType(lead: LeadPayload, kind: LeadKind): string {
  const base =
    lead.category || (kind === 'service' ? 'Service Booking' : kind === 'parts' ? 'Parts Enquiry' : 'General Enquiry');
  return lead.subcategory ? `${base} (${lead.subcategory})` : base;
}

/**
 * The customer comments: the lead type first (for service and parts requests the only place a
 * CRM reads what is asked), the visitor's message, the page, then every answer no element holds
 * (name: value) and the landing page's tracking values.
 */
function customerComments(lead: LeadPayload, type: string, r: LeadValues): string {
  const answers = Object.entries(r.values)
    .filter(
      ([k, v]) => !r.isPlaced(k) && !SHOWN_ELSEWHERE.includes(k) && !MESSAGES.includes(k) && valueText(v ?? '') !== '',
    )
    .map(([k, v]) => `${k}: ${valueText(v)}`);
  return [
    `Lead type: ${type}`,
    ...MESSAGES.map((k) => r.take(k)),
    lead.PageTitle && `Page: ${lead.PageTitle}`,
    ...answers,
    ...Object.entries(lead.tracking ?? {}).map(([k, v]) => `${k}: ${v}`),
  ]
    .filter(Boolean)
    .join('\n');
}

/** One lead as a <prospect>. */
export function adfProspect(lead: LeadPayload): XmlElement {
  const kind = leadKind(lead);
  const type = leadType(lead, kind);
  const r = new LeadValues(lead.values ?? {});
  const country = locale(lead.site.country).country;
  const currency = currencyOf(country);
  if (lead.location) r.place('location_id', 'dealership_slug', 'preferredDealership');
  // Vehicles, contact and vendor first: the comments then hold only what they left.
  const vehicles = vehicleFacts(lead, kind, r).map((f) => vehicleElement(f, currency));
  const contact = customerContact(r, country);
  const vendor = vendorElement(lead, r);
  return el(
    'prospect',
    { status: 'new' },
    textEl('id', lead.lead_id, { sequence: '1', source: 'dealer-sites' }),
    textEl('requestdate', requestDate(lead)),
    ...vehicles,
    el('customer', {}, contact, optEl('comments', customerComments(lead, type, r))),
    vendor,
    providerElement(lead, type),
  );
}

/** One ADF document holding a prospect per lead (ADF needs at least one). */
export function adfDocument(leads: LeadPayload[]): string {
  if (!leads.length) throw new Error('An ADF document holds at least one lead.');
  return `${HEAD}\n${serialize(el('adf', {}, ...leads.map(adfProspect)))}\n`;
}

/** The ADF document of one lead, as the delivery sends it. */
export function adfXml(lead: LeadPayload): string {
  return adfDocument([lead]);
}
