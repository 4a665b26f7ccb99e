/**
 * The <vehicle> elements of a lead. ADF requires at least one, each with year, make and model
 * (empty text is valid where a lead does not know them):
 *
 * - the car the visitor asks about: the stock car (car_id), else the make and model the form
 *   names, else the model of the model page, else the dealer's franchise make alone;
 * - the visitor's own car: the only vehicle of a service or parts request (status "used", no
 *   interest: ADF has none for them) and of a valuation (interest "sell"); the trade-in of a
 *   trade-in form, or of any form that asks for one, as interest "trade-in".
 *
 * A plate has no ADF element: it goes in <id source="rego"> and in the vehicle's comments, where
 * CRMs that drop vehicle ids still show it.
 */
import { parseAmount } from '../../../finance/rules/finance.ts';
import { PRICE_ON_APPLICATION } from '../../../../domain/car-prices.ts';
import { priceQualifierLabel } from '../../../../lib/text.ts';
import { el, optEl, textEl, type XmlElement } from './adf-xml.ts';
import { saidYes, wantedCondition, type LeadKind, type LeadValues } from './adf-lead.ts';
import type { LeadPayload, LeadVehicle } from './payload.ts';
import { placeTradeOffer } from './adf-trade-offer.ts';

import { onlineDeal, reservation, type Interest, type VehicleFacts } from './adf-finance.ts';

/** Value names of a visitor's car, by what they hold: the plain ones, and a trade-in's own. */
interface CarNames {
  year: string[];
  make: string[];
  model: string[];
  variant: string[];
  rego: string[];
  km: string[];
  miles: string[];
  price: string[];
  condition: string[];
}

const OWN: CarNames = {
  year: ['year', 'Year', 'Vehicle Year'],
  make: ['make', 'Make', 'Vehicle Make'],
  model: ['model', 'Model', 'Vehicle Model'],
  variant: ['variant'],
  rego: ['RegoOrVin', 'rego', 'Rego'],
  km: ['kms', 'Kms', 'odometer', 'Vehicle Kilometers'],
  miles: ['odometer_miles'],
  price: ['expected_price'],
  condition: ['condition'],
};
const TRADE: CarNames = {
  year: ['trade_year'],
  make: ['trade_make'],
  model: ['trade_model'],
  variant: ['trade_variant'],
  rego: ['trade_rego'],
  km: ['trade_kms', 'trade_odometer'],
  miles: ['trade_odometer_miles'],
  price: ['trade_expected_price', 'trade_price'],
  condition: ['trade_condition'],
};
const allNames = (n: CarNames): string[] => Object.values(n).flat() as string[];

/** 17 letters and digits without I, O or Q: a VIN; anything else in a rego field is a plate. */
const VIN = /^[A-HJ-NPR-Z0-9]{17}$/i;

/** "145,000", "145 000 km", 145000 → "145000"; undefined for anything else (it stays in the comments). */
function odometerValue(text: string): string | undefined {
  const digits = text.replace(/\s*(km|kms|kilomet(er|re)s?|mi|miles)\.?$/i, '').replace(/[,\s]/g, '');
  return /^\d+(\.\d+)?$/.test(digits) ? String(Math.round(Number(digits))) : undefined;
}

/** The visitor's car; its price (the one they hope for) only when they offer the car to the dealer. */
function ownCar(r: LeadValues, n: CarNames, interest: Interest | undefined): VehicleFacts {
  const f: VehicleFacts = {
    interest,
    status: 'used',
    ids: [],
    comments: [],
    year: r.take(...n.year),
    make: r.take(...n.make),
    model: r.take(...n.model),
    trim: r.take(...n.variant),
  };
  const plate = r.peek(...n.rego);
  if (plate) {
    // rego and RegoOrVin carry the same plate (src/forms/island/values.ts): both are placed.
    r.place(...n.rego.filter((name) => r.peek(name)?.text === plate.text));
    const compact = plate.text.replace(/[\s-]/g, '');
    if (VIN.test(compact)) f.vin = compact.toUpperCase();
    else {
      f.ids.push(['rego', plate.text]);
      const state = r.take('vehicle_state');
      f.comments.push(`Rego: ${plate.text}${state ? ` (${state})` : ''}`);
    }
  }
  const km = r.peek(...n.km);
  const miles = km ? undefined : r.peek(...n.miles);
  const reading = km ?? miles;
  const value = reading && odometerValue(reading.text);
  if (reading && value) {
    f.odometer = { value, units: miles || /\bmi(les)?\.?$/i.test(reading.text) ? 'mi' : 'km' };
    r.place(reading.name);
  }
  const price = interest === 'sell' || interest === 'trade-in' ? r.peek(...n.price) : undefined;
  const amount = price ? parseAmount(price.text) : NaN;
  if (price && !Number.isNaN(amount)) {
    f.price = { type: 'appraisal', value: amount };
    r.place(price.name);
  }
  const condition = r.take(...n.condition);
  if (condition) f.comments.push(`Condition: ${condition}`);
  if (interest === 'sell' || interest === 'trade-in') placeTradeOffer(f, r);
  return f;
}

/**
 * A stock car as the payload carries it; payloads of earlier versions had no source, and a
 * condition only for stock cars. Its price is the headline price, with what it includes in
 * <pricecomments> ("Drive away"), nothing there when the stock does not say.
 */
function stockCar(v: LeadVehicle | undefined, r: LeadValues): VehicleFacts | undefined {
  if (!v || !(v.source === 'stock' || (v.source === undefined && v.condition !== undefined))) return undefined;
  r.place('car_id', 'stock_number', 'selected_car');
  return {
    interest: 'buy',
    status: v.condition,
    ids: [
      ...(v.car_id ? [['dealer-sites-car', v.car_id] as [string, string]] : []),
      ...(v.rego ? [['rego', v.rego] as [string, string]] : []),
    ],
    year: v.year,
    make: v.make,
    model: v.model,
    vin: v.vin,
    stock: v.stock_number,
    trim: v.trim,
    bodystyle: v.body,
    transmission: v.transmission,
    odometer: v.km === undefined ? undefined : { value: String(Math.round(v.km)), units: 'km' },
    colour: v.colour,
    // A price on application car has no <price>; its <pricecomments> says so.
    price: v.price === undefined || v.price_on_application ? undefined : { type: 'asking', value: v.price },
    priceComments: v.price_on_application ? PRICE_ON_APPLICATION : priceQualifierLabel(v.price_qualifier),
    comments: [],
  };
}

/** The make the dealer sells where the lead goes: the location's only make, else the site's. */
function franchiseMake(lead: LeadPayload): string | undefined {
  const makes = lead.location?.manufacturers;
  if (!lead.location) return lead.site?.manufacturer;
  if (makes?.length === 1) return makes[0];
  return makes?.find((m) => m === lead.site?.manufacturer);
}

/**
 * The car asked about when it is not a stock car. When the form asks about the visitor's own car
 * (a plate, or whether they trade it in), its make and model are that car's, not the wanted one's.
 */
function wantedCar(lead: LeadPayload, kind: LeadKind, r: LeadValues, ownCarAsked: boolean): VehicleFacts {
  const f: VehicleFacts = { interest: kind === 'test-drive' ? 'test-drive' : 'buy', ids: [], comments: [] };
  if (!ownCarAsked) {
    f.year = r.take(...OWN.year);
    f.make = r.take(...OWN.make);
    f.model = r.take(...OWN.model);
  }
  f.model ??= r.take('model_name');
  f.stock = r.take('stock_number');
  const page = lead.vehicle?.source === 'page' ? lead.vehicle : undefined;
  if (page && !f.make && !f.model) {
    f.make = page.make;
    f.model = page.model;
  }
  f.status = page || kind === 'test-drive' ? 'new' : wantedCondition(lead);
  if (!f.make && f.status !== 'used') f.make = franchiseMake(lead);
  return f;
}

function tradeIn(r: LeadValues, ownCarAsked: boolean): VehicleFacts | undefined {
  if (allNames(TRADE).some((n) => r.peek(n))) return ownCar(r, TRADE, 'trade-in');
  const trading = saidYes(r.values.has_trade_in) || r.peek(...OWN.price) !== undefined;
  if (!ownCarAsked || !trading || !allNames(OWN).some((n) => r.peek(n))) return undefined;
  r.place('has_trade_in');
  return ownCar(r, OWN, 'trade-in');
}

export function vehicleFacts(lead: LeadPayload, kind: LeadKind, r: LeadValues): VehicleFacts[] {
  const stock = stockCar(lead.vehicle, r);
  if (kind === 'service' || kind === 'parts') return [ownCar(r, OWN, undefined)];
  if (kind === 'sell') return [ownCar(r, OWN, 'sell')];
  if (kind === 'trade-in') return [...(stock ? [stock] : []), ownCar(r, OWN, 'trade-in')];
  const ownCarAsked = r.peek('has_trade_in', ...OWN.rego) !== undefined;
  const wanted = stock ?? wantedCar(lead, kind, r, ownCarAsked);
  if (kind === 'test-drive') wanted.interest = 'test-drive';
  const budget = kind === 'finance' ? r.peek('vehiclePriceBudget') : undefined;
  if (budget && !Number.isNaN(parseAmount(budget.text))) {
    wanted.financeBudget = parseAmount(budget.text);
    r.place(budget.name);
  }
  reservation(wanted, r);
  onlineDeal(wanted, r);
  const trade = tradeIn(r, ownCarAsked);
  return trade ? [wanted, trade] : [wanted];
}

/** One <vehicle>, its children in the order of the DTD. */
export function vehicleElement(f: VehicleFacts, currency: string): XmlElement {
  return el(
    'vehicle',
    { interest: f.interest, status: f.status },
    ...f.ids.map(([source, value]) => textEl('id', value, { source })),
    textEl('year', f.year),
    textEl('make', f.make),
    textEl('model', f.model),
    optEl('vin', f.vin),
    optEl('stock', f.stock),
    optEl('trim', f.trim),
    optEl('bodystyle', f.bodystyle),
    optEl('transmission', f.transmission),
    f.odometer && textEl('odometer', f.odometer.value, { units: f.odometer.units }),
    f.colour ? el('colorcombination', {}, textEl('exteriorcolor', f.colour), textEl('preference', '1')) : undefined,
    f.price && textEl('price', f.price.value, { type: f.price.type, currency }),
    optEl('pricecomments', f.priceComments),
    f.financeBudget !== undefined &&
      el(
        'finance',
        {},
        textEl('method', 'finance'),
        textEl('amount', f.financeBudget, { type: 'total', limit: 'maximum', currency }),
      ),
    f.financeBudget === undefined &&
      f.dealFinance !== undefined &&
      el(
        'finance',
        {},
        textEl('method', 'finance'),
        textEl('amount', f.dealFinance.downpayment, { type: 'downpayment', limit: 'exact', currency }),
        f.dealFinance.monthly !== undefined &&
          textEl('amount', f.dealFinance.monthly, { type: 'monthly', limit: 'exact', currency }),
        textEl('amount', f.dealFinance.total, { type: 'total', limit: 'exact', currency }),
      ),
    f.financeBudget === undefined &&
      f.dealFinance === undefined &&
      f.deposit !== undefined &&
      el(
        'finance',
        {},
        textEl('method', 'deposit'),
        textEl('amount', f.deposit, { type: 'downpayment', limit: 'exact', currency }),
      ),
    optEl('comments', f.comments.join('\n')),
  );
}
