/**
 * What a dealer receives for a completed lead: the JSON body of the webhook, and the source of
 * its ADF/XML. Built by the delivery from the lead row, which never changes once the lead is
 * complete, so every attempt sends what was committed.
 */
import type { DealerContent } from '../../content/load.ts';
import type { LeadStatus } from '../../forms/contract.ts';
import type { LeadRow } from '../leads/store.ts';
import { trimmedOrNumber } from '../../lib/text.ts';

export interface LeadVehicle {
  car_id?: string;
  year?: string;
  make?: string;
  model?: string;
  trim?: string;
  vin?: string;
  stock_number?: string;
  price?: number;
  condition?: 'new' | 'used';
}

export interface LeadPayload {
  event: 'lead.completed';
  lead_id: string;
  lead_status: LeadStatus;
  form_completed: boolean;
  site: { slug: string; id: number; name: string; url: string; country: string; email?: string; phone?: string };
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
}

function first(values: Record<string, unknown>, names: string[]): string | undefined {
  for (const n of names) {
    const t = trimmedOrNumber(values[n]);
    if (t) return t;
  }
  return undefined;
}

/** The vehicle of the enquiry: the stock car named by car_id, else the make/model/year fields. */
export function leadVehicle(values: Record<string, unknown>, dealer?: DealerContent): LeadVehicle | undefined {
  const carId = trimmedOrNumber(values.car_id);
  const car = carId ? dealer?.cars.find((c) => String(c.id) === carId) : undefined;
  if (car) {
    return {
      car_id: carId, year: String(car.year), make: car.make, model: car.model, trim: car.badge,
      vin: car.vin, stock_number: car.stock_number, price: car.price, condition: car.car_type === 'new' ? 'new' : 'used',
    };
  }
  const vehicle: LeadVehicle = {
    car_id: carId,
    year: first(values, ['Vehicle Year', 'Year', 'year']),
    make: first(values, ['Vehicle Make', 'Make', 'make']),
    model: first(values, ['Vehicle Model', 'Model', 'model', 'model_name']),
    stock_number: first(values, ['stock_number']),
  };
  const known = Object.fromEntries(Object.entries(vehicle).filter(([, v]) => v !== undefined)) as LeadVehicle;
  return Object.keys(known).length ? known : undefined;
}

export function leadPayload(lead: LeadRow, dealer?: DealerContent): LeadPayload {
  const site = dealer?.site;
  return {
    event: 'lead.completed',
    lead_id: lead.id,
    lead_status: lead.lead_status,
    form_completed: lead.form_completed,
    site: {
      slug: lead.site_slug, id: site?.id ?? 0, name: site?.name ?? lead.site_slug, url: site?.url ?? '', country: site?.country ?? 'AU',
      email: site?.contact?.email, phone: site?.contact?.phone,
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
    vehicle: leadVehicle(lead.values, dealer),
  };
}
