/**
 * Test drives and reservations for an assistant. The free times are the booking step's own
 * (src/forms/custom-steps/test-drive-slots.ts: half-hour slots within the location's sales hours,
 * an hour's notice, a fortnight of open days); the product keeps no diary of booked drives, so
 * every time within the hours is free. A booking is the dealer's test-drive form sent to the lead
 * route, exactly as the form sends it (forward.ts): the same validation, consent, storage and
 * delivery; a car whose model that form does not list is booked through its own page's enquiry
 * form, the slot named in the message. A reservation is the reserve form sent to the reservation
 * route, which answers the hosted checkout's address.
 */
import { randomUUID } from 'node:crypto';
import type { Car } from '../../content/entities.ts';
import type { DealerContent } from '../../content/load.ts';
import { walkBlocks } from '../../content/block-tree.ts';
import type { ApiDeps } from '../core/deps.ts';
import { ApiError } from '../core/errors.ts';
import type { BookingHours } from '../../domain/booking-hours.ts';
import { carPageId, generatedPage } from '../../domain/pages.ts';
import { carLocation } from '../../seo/structured-data/places.ts';
import type { FieldDef } from '../../forms/types.ts';
import {
  clockText,
  dayText,
  offeredDays,
  offeredSlots,
  zoneCity,
  DATE_FIELD,
  LOCATION_FIELD,
} from '../../forms/custom-steps/test-drive-slots.ts';
import { findForm, type FoundForm } from '../../features/leads/server/validate.ts';
import { postToRoute, refusalText } from './forward.ts';

/** How many open days test_drive_slots lists when not told. */
export const DEFAULT_SLOT_DAYS = 5;

/** The answer to a booking or reservation without the shopper's agreement. */
export const agreementNeeded = (dealer: DealerContent) =>
  `${dealer.site.name} needs the shopper's explicit agreement before their details are sent: ask them whether they agree to send their name, email and phone to ${dealer.site.name} under its privacy policy, and call again with shopper_agreed: true only once they have said yes.`;

/** The dealer's test-drive form (a form block of type testDrive), resolved as the site renders it. */
export function testDriveForm(dealer: DealerContent, now: Date): FoundForm | undefined {
  for (const page of dealer.pages) {
    for (const b of walkBlocks(page.blocks)) {
      if (b.type === 'form' && b.data.formType === 'testDrive') {
        const found = findForm(dealer, String(page.id), b.id, now);
        if (found) return found;
      }
    }
  }
  return undefined;
}

const fieldsOf = (found: FoundForm): FieldDef[] => found.def.steps.flatMap((s) => s.fields);

/** The booking date field of a form and its location hours. */
function dateFieldOf(found: FoundForm): FieldDef | undefined {
  return fieldsOf(found).find((f) => f.name === DATE_FIELD && f.type === 'dateTime');
}

export interface SlotsRequest {
  car?: Car;
  locationId?: string;
  days?: number;
}

/** The locations whose times are asked: the car's, the one named, else every one with hours. */
function hoursAsked(dealer: DealerContent, rule: Record<string, BookingHours>, ask: SlotsRequest) {
  const carPlace = ask.car ? carLocation(dealer, ask.car.location_name) : undefined;
  const wanted = ask.locationId ?? (carPlace ? String(carPlace.id) : undefined);
  const entries = Object.entries(rule).filter(([id]) => wanted === undefined || id === wanted);
  if (wanted !== undefined && !entries.length) {
    const name = dealer.locations.find((l) => String(l.id) === wanted)?.name;
    throw new ApiError(
      404,
      name
        ? `${name} takes no test-drive bookings online: call it (dealer_info has its phone).`
        : `${dealer.site.name} has no location "${wanted}"; dealer_info lists them.`,
    );
  }
  return entries;
}

/** The free test-drive times, per location, for the next open days. */
export function testDriveSlots(dealer: DealerContent, now: Date, ask: SlotsRequest) {
  const found = testDriveForm(dealer, now);
  const booking = found && dateFieldOf(found)?.booking;
  if (!booking) throw new ApiError(404, `${dealer.site.name} takes no test-drive bookings online.`);
  const days = ask.days ?? DEFAULT_SLOT_DAYS;
  return {
    locations: hoursAsked(dealer, booking.hours, ask).map(([id, hours]) => ({
      location_id: id,
      name: dealer.locations.find((l) => String(l.id) === id)?.name ?? hours.name ?? id,
      time_zone: hours.timeZone,
      note: `Times are local to ${zoneCity(hours.timeZone)}; each drive is half an hour.`,
      days: offeredDays(hours, now)
        .slice(0, days)
        .map((day) => ({
          day,
          label: dayText(day).long,
          slots: offeredSlots(hours, day, now).map((t) => ({ slot: `${day}T${t}`, label: clockText(t) })),
        })),
    })),
  };
}

export interface Shopper {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  shopper_agreed: boolean;
}

export interface BookingRequest extends Shopper {
  slot: string;
  car?: Car;
  location_id?: string;
  make?: string;
  model?: string;
  message?: string;
}

/** Whether a choice field takes `value` (a select lists it; a text field takes any). */
function takes(field: FieldDef | undefined, value: string): boolean {
  if (!field) return false;
  if (!field.options?.length) return true;
  return field.options.some((o) => o.value === value);
}

/** The last step's key and the form's identity, as the island sends them with its final save. */
function formOf(found: FoundForm) {
  return { pageId: found.page.id, blockId: found.blockId, step: found.def.steps.at(-1)!.key };
}

/** Consent fields a form asks (terms, privacy), ticked: the shopper agreed to exactly these. */
function agreedValues(found: FoundForm): Record<string, boolean> {
  const out: Record<string, boolean> = {};
  for (const f of fieldsOf(found)) if (f.name === 'terms_agreed' || f.name === 'privacy_consent') out[f.name] = true;
  return out;
}

/** Sends the test-drive booking through the lead route; the lead's id, or the route's refusal as an error. */
export async function bookTestDrive(deps: ApiDeps, dealer: DealerContent, from: Request, req: BookingRequest) {
  if (req.shopper_agreed !== true) throw new ApiError(400, agreementNeeded(dealer));
  const now = deps.now();
  const slots = testDriveSlots(dealer, now, { car: req.car, locationId: req.location_id, days: 14 });
  const [day, time] = req.slot.split('T') as [string, string];
  const place = slots.locations.find((l) => l.days.some((d) => d.slots.some((s) => s.slot === req.slot)));
  if (!place)
    throw new ApiError(
      400,
      `${req.slot.replace('T', ' ')} is not a free test-drive time${req.location_id || req.car ? ' at that location' : ''}: choose one that test_drive_slots lists.`,
    );
  const form = testDriveForm(dealer, now)!;
  const fields = fieldsOf(form);
  const make = req.car?.make ?? req.make ?? '';
  const model = req.car?.model ?? req.model ?? '';
  const contact = {
    name: `${req.first_name.trim()} ${req.last_name.trim()}`.trim(),
    first_name: req.first_name,
    last_name: req.last_name,
    email: req.email,
    phone: req.phone,
  };
  const carValues = req.car ? { car_id: String(req.car.id), stock_number: req.car.stock_number ?? '' } : {};
  const slotText = `${dayText(day).long} at ${clockText(time)} (${place.name})`;
  const viaTestDriveForm =
    takes(
      fields.find((f) => f.name === 'make'),
      make,
    ) &&
    takes(
      fields.find((f) => f.name === 'model'),
      model,
    );
  let found: FoundForm | undefined = form;
  let values: Record<string, unknown>;
  if (viaTestDriveForm) {
    values = {
      make,
      model,
      [LOCATION_FIELD]: place.location_id,
      [DATE_FIELD]: req.slot,
      ...contact,
      message: req.message ?? '',
      ...carValues,
      ...agreedValues(form),
    };
  } else if (req.car) {
    // The car page's own enquiry form: the site's way to ask about this car; the slot is in the message.
    const page = generatedPage(dealer, carPageId(req.car), now.toISOString().slice(0, 10));
    found = page && findForm(dealer, page.page.id, page.blocks[0]!.id, now);
    if (!found) throw new ApiError(404, 'This car can no longer be booked.');
    values = {
      ...contact,
      message: [`Test drive request: ${slotText}.`, req.message ?? ''].filter(Boolean).join('\n'),
      [LOCATION_FIELD]: place.location_id,
      [DATE_FIELD]: req.slot,
      ...carValues,
      ...agreedValues(found),
    };
  } else {
    const listed = fields.find((f) => f.name === 'model')?.options?.map((o) => o.value) ?? [];
    throw new ApiError(
      400,
      `Name a car (car_id) or one of the models the test-drive form lists: ${listed.join(', ') || 'none'}.`,
    );
  }
  const answer = await postToRoute(deps, from, 'leads', {
    site: dealer.slug,
    idempotencyKey: `mcp-${randomUUID()}`,
    isLastStep: true,
    form: formOf(found),
    values,
    tracking: { utm_source: 'assistant', utm_medium: 'mcp' },
  });
  if (answer.status !== 200) throw new ApiError(answer.status, refusalText(answer));
  return {
    booked: true,
    lead_id: String(answer.body.lead_id),
    slot: req.slot,
    when: slotText,
    ...(req.car ? { car_id: String(req.car.id) } : {}),
    note: `${dealer.site.name} has the request and will confirm the time with the shopper.`,
  };
}

/** Holds the car through the reservation route: the hosted checkout's address, which the shopper opens to pay. */
export async function startReservation(
  deps: ApiDeps,
  dealer: DealerContent,
  from: Request,
  req: Shopper & { car_id: string },
) {
  if (req.shopper_agreed !== true) throw new ApiError(400, agreementNeeded(dealer));
  const answer = await postToRoute(deps, from, 'reservations', {
    site: dealer.slug,
    car_id: req.car_id,
    first_name: req.first_name,
    last_name: req.last_name,
    email: req.email,
    phone: req.phone,
    accept_terms: true,
  });
  if (answer.status !== 201) throw new ApiError(answer.status, refusalText(answer));
  return {
    reservation_id: String(answer.body.reservation_id),
    checkout_url: String(answer.body.checkout_url),
    note: 'Give the shopper this address: they pay the deposit there themselves. The car is held while the checkout is open.',
  };
}
