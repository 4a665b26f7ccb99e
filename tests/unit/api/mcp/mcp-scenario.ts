/**
 * What every MCP test runs against a dealer's /api/mcp over HTTP with the official client:
 * the tools listed with their schemas, a natural query's filters, a typo, a car with its price
 * qualifier, another dealer's car never found, free slots within the hours, a booking refused
 * without the shopper's agreement and made with it, and a reservation's hosted checkout.
 */
import { expect } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import {
  StreamableHTTPClientTransport,
  type StreamableHTTPClientTransportOptions,
} from '@modelcontextprotocol/sdk/client/streamableHttp.js';

export const DEALER = 'coastal-motor-group';
/** A used Toyota of another dealer (ridgeline-mazda) that matches the same query. */
export const OTHER_DEALERS_CAR = '20020';
export const TOOLS = [
  'book_test_drive',
  'compare_cars',
  'dealer_info',
  'get_car',
  'search_cars',
  'start_reservation',
  'test_drive_slots',
];

export const SHOPPER = { first_name: 'Mia', last_name: 'Nguyen', email: 'mia@example.com', phone: '0412 345 678' };

export type Result = { isError?: boolean; content: { type: string; text?: string }[]; structuredContent?: unknown };

/** The official client connected to `url`; `options` give it another fetch or headers. */
export async function connect(url: string, options?: StreamableHTTPClientTransportOptions): Promise<Client> {
  const client = new Client({ name: 'mcp-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url), options));
  return client;
}

export async function call(client: Client, name: string, args: Record<string, unknown> = {}): Promise<Result> {
  return (await client.callTool({ name, arguments: args })) as Result;
}

const data = <T>(r: Result): T => {
  expect(r.isError, r.content[0]?.text).toBeFalsy();
  return r.structuredContent as T;
};

interface Found {
  total: number;
  cars: { id: string; title: string; price: string; price_qualifier?: string; condition: string; url: string }[];
}

/** Runs the whole visit; answers the booking's lead id and the reservation's checkout address. */
export async function shopperVisit(url: string): Promise<{ leadId: string; checkoutUrl: string }> {
  const client = await connect(url);
  try {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(TOOLS);
    for (const t of tools) {
      expect(t.description!.length).toBeGreaterThan(40);
      expect(t.inputSchema.type).toBe('object');
    }
    const search = tools.find((t) => t.name === 'search_cars')!;
    expect(Object.keys(search.inputSchema.properties ?? {})).toEqual(
      expect.arrayContaining(['make', 'condition', 'price_max', 'km_max', 'query']),
    );
    expect(tools.find((t) => t.name === 'start_reservation')!.description).toMatch(/never pays/);

    // "A used Toyota under $40,000 with under 100,000 km".
    const found = data<Found>(
      await call(client, 'search_cars', {
        make: 'toyota',
        condition: 'used',
        price_max: 40000,
        km_max: 100000,
        limit: 50,
      }),
    );
    const ids = found.cars.map((c) => c.id).sort();
    // The C-HR (10040) matches too, but is hidden from the site.
    expect(ids).toEqual(['10010', '10012']);
    expect(found.cars.every((c) => c.condition === 'Used' && c.title.includes('Toyota'))).toBe(true);
    const camry = found.cars.find((c) => c.id === '10010')!;
    // Its page shows the drive-away price first (the stock also gives the price excluding charges).
    expect(camry).toMatchObject({ price: '$30,950', price_qualifier: 'Drive away' });
    expect(camry.url).toBe('https://www.coastalmotorgroup.com.au/cars/2020-toyota-camry-ascent-hybrid-10010');

    const typo = data<Found>(await call(client, 'search_cars', { query: 'Toyta Camry' }));
    expect(typo.cars.map((c) => c.id)).toContain('10010');
    const everyToyota = data<Found>(await call(client, 'search_cars', { query: 'Toyota', limit: 100 }));
    expect(everyToyota.cars.map((c) => c.id)).not.toContain(OTHER_DEALERS_CAR);

    const car = data<{ price: { text: string; qualifier?: string; all_prices?: unknown[] }; location: { id: string } }>(
      await call(client, 'get_car', { car: '10010' }),
    );
    expect(car.price).toMatchObject({ text: '$30,950', qualifier: 'Drive away' });
    expect(car.price.all_prices).toEqual([
      { amount: 30950, text: '$30,950', qualifier: 'Drive away' },
      { amount: 27990, text: '$27,990', qualifier: expect.stringMatching(/^Excl\. gov/) },
    ]);
    const yaris = data<{ price: { text: string; qualifier?: string } }>(
      await call(client, 'get_car', { car: '10012' }),
    );
    expect(yaris.price).toMatchObject({ text: '$29,990', qualifier: expect.stringMatching(/^Excl\. gov/) });
    const bySlug = data<{ id: string }>(
      await call(client, 'get_car', { car: '/cars/2020-toyota-camry-ascent-hybrid-10010' }),
    );
    expect(bySlug.id).toBe('10010');

    const other = await call(client, 'get_car', { car: OTHER_DEALERS_CAR });
    expect(other.isError).toBe(true);
    expect(other.content[0]!.text).toMatch(/has no car "20020"/);
    const otherCompare = data<{ not_found: string[]; cars: unknown[] }>(
      await call(client, 'compare_cars', { car_ids: ['10010', OTHER_DEALERS_CAR] }),
    );
    expect(otherCompare.not_found).toEqual([OTHER_DEALERS_CAR]);
    expect(otherCompare.cars).toHaveLength(1);

    const info = data<{ locations: { id: string; name: string; opening_hours: unknown[] }[] }>(
      await call(client, 'dealer_info'),
    );
    expect(info.locations.length).toBeGreaterThan(1);

    const slots = data<{
      locations: { location_id: string; days: { day: string; slots: { slot: string }[] }[] }[];
    }>(await call(client, 'test_drive_slots', { car_id: '10010', days: 3 }));
    expect(slots.locations).toHaveLength(1);
    const [place] = slots.locations;
    expect(place!.location_id).toBe(car.location.id);
    expect(place!.days).toHaveLength(3);
    const times = place!.days.flatMap((d) => d.slots.map((s) => s.slot.slice(11)));
    expect(times.length).toBeGreaterThan(0);
    // Within the hours: nothing before the earliest opening or ending after the latest closing.
    expect(times.every((t) => t >= '07:00' && t <= '18:30')).toBe(true);
    const slot = place!.days[0]!.slots[0]!.slot;

    const refused = await call(client, 'book_test_drive', { ...SHOPPER, slot, car_id: '10010', shopper_agreed: false });
    expect(refused.isError).toBe(true);
    expect(refused.content[0]!.text).toMatch(/explicit agreement/);

    const badEmail = await call(client, 'book_test_drive', {
      ...SHOPPER,
      email: 'not-an-email',
      slot,
      car_id: '10010',
      shopper_agreed: true,
    });
    expect(badEmail.isError).toBe(true);
    expect(badEmail.content[0]!.text).toMatch(/\*Please enter a valid email address/);

    const booked = data<{ lead_id: string; slot: string }>(
      await call(client, 'book_test_drive', { ...SHOPPER, slot, car_id: '10010', shopper_agreed: true }),
    );
    expect(booked.slot).toBe(slot);

    const reserved = data<{ checkout_url: string; reservation_id: string }>(
      await call(client, 'start_reservation', { ...SHOPPER, car_id: '10010', shopper_agreed: true }),
    );
    return { leadId: booked.lead_id, checkoutUrl: reserved.checkout_url };
  } finally {
    await client.close();
  }
}
