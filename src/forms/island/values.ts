/**
 * The values of a form session, pure: the starting values of every field, what the landing URL
 * adds (prefills, overrides, utm_* tracking), the lead values the dealer expects besides the
 * visitor's answers (spec §3), and the thank-you route.
 */
import type { FieldDef, FormDef, StepDef } from '../types.ts';
import { HONEYPOT_FIELD } from '../contract.ts';
import { normaliseLeadValues } from '../schema.ts';
import { categorySlug } from '../events.ts';

export type Values = Record<string, unknown>;

/** The empty answer of a field: false for a checkbox, '' for everything else. */
export function emptyValue(field: FieldDef): unknown {
  return field.type === 'check' ? false : '';
}

/** Every field of every step at its default (fields repeated across steps keep the first). */
export function initialValues(def: FormDef): Values {
  const values: Values = { [HONEYPOT_FIELD]: '' };
  for (const step of def.steps) {
    for (const f of step.fields) {
      if (f.name in values) continue;
      values[f.name] = f.defaultValue ?? emptyValue(f);
    }
  }
  return values;
}

/** What a control of the server-rendered form holds: its value, and for a checkbox or radio whether it is ticked. */
export interface DomControl {
  value: string;
  checked?: boolean;
}

/**
 * What the visitor typed or chose in the server-rendered first step before the island took over,
 * by field name, so that nothing typed while the page loaded is lost. `read` returns the controls
 * of one name. A date keeps only its date (the time control has no name of its own); an amount is
 * read as the currency field reads it.
 */
export function typedBeforeHydration(
  step: StepDef,
  read: (name: string) => DomControl[],
  parseAmount: (text: string) => number | '',
): Values {
  const out: Values = {};
  for (const field of step.fields) {
    if (field.type === 'hidden' || field.type === 'captcha') continue;
    const controls = read(field.name);
    if (!controls.length) continue;
    if (field.type === 'check') {
      if (controls.some((c) => c.checked)) out[field.name] = true;
      continue;
    }
    const picked =
      field.type === 'radio' || field.type === 'radioCard'
        ? controls.find((c) => c.checked)?.value
        : controls[0]!.value;
    const text = picked?.trim();
    if (!text) continue;
    if (field.type === 'currency') {
      const amount = parseAmount(text);
      if (amount !== '') out[field.name] = amount;
    } else out[field.name] = picked;
  }
  return out;
}

export const TRACKING_PARAMS = [
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
  'gclid',
  'fbclid',
];

/** utm_* (and ad click ids) of the current query, else of the visit's first page. */
export function trackingFrom(search: string, firstPageQuery?: string): Record<string, string> {
  const pick = (query: string) => {
    const q = new URLSearchParams(query);
    const out: Record<string, string> = {};
    for (const name of TRACKING_PARAMS) {
      const v = q.get(name)?.trim();
      if (v) out[name] = v.slice(0, 200);
    }
    return out;
  };
  const here = pick(search);
  return Object.keys(here).length || !firstPageQuery ? here : pick(firstPageQuery);
}

function fieldNames(def: FormDef): Set<string> {
  return new Set(def.steps.flatMap((s) => s.fields.map((f) => f.name)));
}

/** "$32,500" → 32500; undefined for anything that is not an amount. */
export function amountOf(text: string | null | undefined): number | undefined {
  if (!text) return undefined;
  const n = Number(text.replace(/[$,\s]/g, ''));
  return Number.isFinite(n) && n >= 0 ? n : undefined;
}

/**
 * What the page query adds to `values` (spec §2 query parameters): stock_number and selected_car
 * prefill (only empty answers; a message field gets a sentence naming the car), vehiclePriceBudget
 * and car_id override. Form-specific parameters fill their hidden or empty fields: make (test
 * drive) and model_id, model_name, vehicle (order now).
 */
export function applyQuery(def: FormDef, values: Values, search: string): Values {
  const q = new URLSearchParams(search);
  const names = fieldNames(def);
  const next = { ...values };
  const empty = (name: string) => next[name] === undefined || next[name] === '' || next[name] === null;
  const prefill = (name: string, value: string | null, onlyFields = false) => {
    const v = value?.trim();
    if (!v || (onlyFields && !names.has(name)) || !empty(name)) return;
    next[name] = v;
  };
  prefill('stock_number', q.get('stock_number'));
  prefill('selected_car', q.get('selected_car'));
  const car = typeof next.selected_car === 'string' ? next.selected_car : undefined;
  if (car && names.has('message') && empty('message')) {
    const stock = typeof next.stock_number === 'string' ? ` (stock number ${next.stock_number})` : '';
    next.message = `I am interested in the ${car}${stock}.`;
  }
  for (const name of ['make', 'model_id', 'model_name', 'vehicle']) prefill(name, q.get(name), true);

  const budget = amountOf(q.get('vehiclePriceBudget'));
  if (budget !== undefined) next.vehiclePriceBudget = budget;
  const carId = q.get('car_id')?.trim();
  if (carId) next.car_id = carId;
  return next;
}

export interface DealerLeadFields {
  dealership_name: string;
  dealership_id?: string;
  dealershipId?: string;
  dealerCompanyId?: string;
  dealership_slug?: string;
}

export interface LocationFacts {
  id: string;
  name: string;
  dealership_id?: string;
  dealership_slug?: string;
}

export interface LeadContext {
  def: FormDef;
  page: { id: string; title: string };
  dealer: DealerLeadFields;
  locations: LocationFacts[];
}

/**
 * The dealer values of a lead (spec §3): dealership_name, dealershipId and dealerCompanyId of the
 * site; dealership_id and dealership_slug of the location chosen in location_id, else the
 * dealer's. Only a form's own dealership_slug field (the quick service booking's choice of
 * dealership) sets a dealer value, when the visitor has chosen one. The lead route computes the
 * same values (src/features/leads/server/server-values.ts), so they are the dealer's whatever a request says.
 */
export function dealerLeadValues(
  values: Values,
  ctx: { def?: FormDef; dealer: DealerLeadFields; locations: LocationFacts[] },
): Values {
  const location = ctx.locations.find((l) => l.id === String(values.location_id ?? ''));
  const dealer: Values = { ...ctx.dealer };
  if (location?.dealership_id) dealer.dealership_id = location.dealership_id;
  if (location?.dealership_slug) dealer.dealership_slug = location.dealership_slug;
  const chosen = values.dealership_slug;
  if (ctx.def && fieldNames(ctx.def).has('dealership_slug') && chosen !== undefined && chosen !== null && chosen !== '')
    dealer.dealership_slug = chosen;
  return Object.fromEntries(Object.entries(dealer).filter(([, v]) => v !== undefined));
}

/**
 * The values a save sends: the visitor's answers plus the lead values of spec §3 (category,
 * subcategory, page_id, PageTitle, dealership fields, RegoOrVin, send_customer_email). A chosen
 * location names the dealership it belongs to. Phone numbers are sent in E.164.
 */
export function leadValues(values: Values, ctx: LeadContext): Values {
  const out: Values = { ...values, ...dealerLeadValues(values, ctx) };
  out.category = leadCategory(ctx.def, values);
  if (ctx.def.subcategory) out.subcategory = ctx.def.subcategory;
  out.page_id = ctx.page.id;
  out.PageTitle = ctx.page.title;
  const rego = values.rego ?? values.RegoOrVin;
  if (typeof rego === 'string' && rego.trim()) out.RegoOrVin = rego.trim();
  out.send_customer_email = true;
  // Phone numbers leave in E.164, as the API stores them and the finance provider expects.
  return normaliseLeadValues(ctx.def, out);
}

/** The lead's category: the visitor's choice in a lead category select, else the form's. */
export function leadCategory(def: FormDef, values: Values): string {
  const select = def.steps.flatMap((s) => s.fields).find((f) => f.type === 'leadCategorySelect');
  const chosen = select ? values[select.name] : undefined;
  return typeof chosen === 'string' && chosen.trim() ? chosen.trim() : def.category;
}

/** Whether a partial save may be sent: a name (name or first_name) and an email or phone. */
export function hasContact(values: Values): boolean {
  const has = (k: string) => typeof values[k] === 'string' && values[k].trim() !== '';
  return (has('name') || has('first_name')) && (has('email') || has('phone'));
}

/**
 * The thank-you URL: the success page with ?category=&subcategory= (slugs), user for team-member
 * enquiries and selectedLocations for test drives.
 */
export function successUrl(successPath: string, def: FormDef, values: Values): string {
  const q = new URLSearchParams({ category: categorySlug(leadCategory(def, values)) });
  if (def.subcategory) q.set('subcategory', categorySlug(def.subcategory));
  const category = q.get('category');
  const user = typeof values.user === 'string' ? values.user.trim() : '';
  if (category === 'team-member-enquiry' && user) q.set('user', user);
  if (category === 'test-drive-booking' && values.location_id) q.set('selectedLocations', String(values.location_id));
  return `${successPath}?${q}`;
}
