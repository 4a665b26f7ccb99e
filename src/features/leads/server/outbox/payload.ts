/**
 * What a dealer receives for a completed lead: the JSON body of the webhook, and the source of
 * its ADF/XML. Built by the delivery from the lead row, which never changes once the lead is
 * complete, so every attempt sends what was committed.
 */
import type { DealerContent } from '../../../../content/load.ts';
import type { LeadStatus } from '../../contract/leads.ts';
import type { LeadRow } from '../store.ts';
import { modelPageId } from '../../../../domain/pages.ts';
import { trimmedOrNumber } from '../../../../lib/text.ts';
import { headlinePrice, isPriceOnApplication, type PriceKind } from '../../../../domain/car-prices.ts';

export interface LeadVehicle {
  /** stock: a car of the dealer's stock (car_id); form: the form's make, model and year; page: the model of a model page. */
  source?: 'stock' | 'form' | 'page';
  car_id?: string;
  year?: string;
  make?: string;
  model?: string;
  trim?: string;
  vin?: string;
  stock_number?: string;
  /** A stock car's headline price, the one its page shows first (src/domain/car-prices.ts). */
  price?: number;
  /** What `price` includes, when the stock says. */
  price_qualifier?: PriceKind;
  /** The stock car is price on application: it has no `price`. */
  price_on_application?: true;
  condition?: 'new' | 'used';
  /** Stock cars only: odometer (km), plate, transmission, body and colour as the stock lists them. */
  km?: number;
  rego?: string;
  transmission?: string;
  body?: string;
  colour?: string;
}

/** The dealer location a lead is for: the one the visitor chose, else the stock car's. */
export interface LeadLocation {
  id: string;
  name: string;
  phone?: string;
  /** One line, as the content holds it: "200 Mann Street, Gosford NSW 2250". */
  address?: string;
  manufacturers?: string[];
}

export interface LeadPayload {
  event: 'lead.completed';
  lead_id: string;
  lead_status: LeadStatus;
  form_completed: boolean;
  site: {
    slug: string;
    id: number;
    name: string;
    url: string;
    country: string;
    email?: string;
    phone?: string;
    state?: string;
    manufacturer?: string;
  };
  category: string | null;
  subcategory: string | null;
  page_id: string | null;
  PageTitle: string | null;
  form: { block_id: string | null; type: string | null };
  created_at: string;
  completed_at: string | null;
  /** Every value the form sent, by field name. */
  values: Record<string, unknown>;
  /** Each step's values, by step key. */
  steps: Record<string, Record<string, unknown>>;
  /** utm_* and other landing-page values. */
  tracking: Record<string, string>;
  vehicle?: LeadVehicle;
  location?: LeadLocation;
  /** A car reserved online with a deposit (category vehicle-reservation). */
  reservation?: LeadReservation;
}

export interface LeadReservation {
  id: string;
  /** The deposit paid, e.g. { amount: "500.00", currency: "AUD" }. */
  deposit: { amount: string; currency: string };
  /** The payment provider's reference of the deposit (Stripe's payment intent). */
  payment_reference: string;
  /** When the hold ends unless the dealer confirms the sale (ISO 8601 with the dealer's UTC offset); '' once refunded. */
  hold_until: string;
  /** "reserved", or "refunded": the deposit went back (the car was sold or taken first, or the amount was wrong). */
  status: 'reserved' | 'refunded';
  /** For a refunded deposit: the provider's refund reference, and why, as the shopper was told. */
  refund_reference?: string;
  refund_reason?: string;
}

/** The reservation a vehicle-reservation lead's values record, if any. */
export function leadReservation(values: Record<string, unknown>): LeadReservation | undefined {
  const id = trimmedOrNumber(values.reservation_id);
  const amount = trimmedOrNumber(values.deposit_amount);
  if (!id || !amount) return undefined;
  return {
    id,
    deposit: { amount, currency: trimmedOrNumber(values.deposit_currency) ?? '' },
    payment_reference: trimmedOrNumber(values.payment_reference) ?? '',
    hold_until: trimmedOrNumber(values.hold_until) ?? '',
    status: trimmedOrNumber(values.reservation_status) === 'refunded' ? 'refunded' : 'reserved',
    ...(trimmedOrNumber(values.refund_reference) ? { refund_reference: trimmedOrNumber(values.refund_reference) } : {}),
    ...(trimmedOrNumber(values.refund_reason) ? { refund_reason: trimmedOrNumber(values.refund_reason) } : {}),
  };
}

function first(values: Record<string, unknown>, names: string[]): string | undefined {
  for (const n of names) {
    const t = trimmedOrNumber(values[n]);
    if (t) return t;
  }
  return undefined;
}

/** The model of a model page: a snapshot page at the model's path, or a generated `model-<slug>` page. */
function pageModel(dealer: DealerContent, pageId: string | null) {
  if (!pageId) return undefined;
  const path = dealer.pages.find((p) => String(p.id) === pageId)?.path;
  return dealer.models.find(
    (m) => modelPageId(m) === pageId || (path !== undefined && `/${m.new_slug || m.slug}` === path),
  );
}

/**
 * The vehicle of the enquiry: the stock car named by car_id, else the make/model/year fields,
 * else the model of the model page the form is on.
 */
export function leadVehicle(
  values: Record<string, unknown>,
  dealer?: DealerContent,
  pageId: string | null = null,
): LeadVehicle | undefined {
  const carId = trimmedOrNumber(values.car_id);
  const car = carId ? dealer?.cars.find((c) => String(c.id) === carId) : undefined;
  if (car) {
    const head = headlinePrice(car);
    const stock: LeadVehicle = {
      source: 'stock',
      car_id: carId,
      year: String(car.year),
      make: car.make,
      model: car.model,
      trim: car.badge,
      vin: car.vin,
      stock_number: car.stock_number,
      price: head?.amount,
      price_qualifier: head?.kind,
      price_on_application: isPriceOnApplication(car) ? true : undefined,
      condition: car.car_type === 'new' ? 'new' : 'used',
      km: car.km,
      rego: car.rego,
      transmission: car.transmission,
      body: car.simple_body,
      colour: car.colour,
    };
    return Object.fromEntries(Object.entries(stock).filter(([, v]) => v !== undefined));
  }
  const vehicle: LeadVehicle = {
    car_id: carId,
    year: first(values, ['Vehicle Year', 'Year', 'year']),
    make: first(values, ['Vehicle Make', 'Make', 'make']),
    model: first(values, ['Vehicle Model', 'Model', 'model', 'model_name']),
    stock_number: first(values, ['stock_number']),
  };
  const known = Object.fromEntries(Object.entries(vehicle).filter(([, v]) => v !== undefined)) as LeadVehicle;
  if (Object.keys(known).length) return { source: 'form', ...known };
  const model = dealer && pageModel(dealer, pageId);
  if (!model) return undefined;
  const make = model.manufacturer_name ?? dealer.site.manufacturer;
  return { source: 'page', ...(make ? { make } : {}), model: model.name, condition: 'new' };
}

/** The location named by location_id, dealership_slug or preferredDealership (finance), else the stock car's. */
export function leadLocation(values: Record<string, unknown>, dealer?: DealerContent): LeadLocation | undefined {
  if (!dealer) return undefined;
  const id = trimmedOrNumber(values.location_id);
  const slug = trimmedOrNumber(values.dealership_slug);
  const name = trimmedOrNumber(values.preferredDealership);
  const carId = trimmedOrNumber(values.car_id);
  const carLocation = carId ? dealer.cars.find((c) => String(c.id) === carId)?.location_name : undefined;
  const found =
    (id && dealer.locations.find((l) => String(l.id) === id)) ||
    (slug && dealer.locations.find((l) => l.dealership?.slug === slug)) ||
    (name && dealer.locations.find((l) => l.name === name)) ||
    (carLocation && dealer.locations.find((l) => l.name === carLocation)) ||
    undefined;
  if (!found) return undefined;
  return {
    id: String(found.id),
    name: found.name,
    ...(found.contact_detail?.phone ? { phone: found.contact_detail.phone } : {}),
    ...(found.address.address ? { address: found.address.address } : {}),
    ...(found.manufacturers.length ? { manufacturers: [...found.manufacturers] } : {}),
  };
}

export function leadPayload(lead: LeadRow, dealer?: DealerContent): LeadPayload {
  const site = dealer?.site;
  return {
    event: 'lead.completed',
    lead_id: lead.id,
    lead_status: lead.lead_status,
    form_completed: lead.form_completed,
    site: {
      slug: lead.site_slug,
      id: site?.id ?? 0,
      name: site?.name ?? lead.site_slug,
      url: site?.url ?? '',
      country: site?.country ?? 'AU',
      email: site?.contact?.email,
      phone: site?.contact?.phone,
      state: site?.state,
      manufacturer: site?.manufacturer,
    },
    category: lead.category,
    subcategory: lead.subcategory,
    page_id: lead.page_id,
    PageTitle: lead.page_title,
    form: { block_id: lead.form_block_id, type: lead.form_type },
    created_at: new Date(lead.created_at).toISOString(),
    completed_at: lead.completed_at ? new Date(lead.completed_at).toISOString() : null,
    values: lead.values,
    steps: lead.step_values,
    tracking: lead.tracking,
    vehicle: leadVehicle(lead.values, dealer, lead.page_id),
    location: leadLocation(lead.values, dealer),
    ...(leadReservation(lead.values) ? { reservation: leadReservation(lead.values) } : {}),
  };
}
