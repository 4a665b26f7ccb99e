/**
 * A dealer's stock for the search tests, and the real API on a local HTTP port in front of a test
 * database holding it (PGlite, or a PostgreSQL schema with TEST_DATABASE_URL): what Algolia's own
 * clients are pointed at in the conformance tests.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp } from '../../src/api/app.ts';
import { serveFetch } from '../../src/api/node-adapter.ts';
import { indexContent } from '../../src/features/search/server/index-content.ts';
import type { Car, Offer } from '../../src/content/entities.ts';
import type { DealerContent } from '../../src/content/load.ts';
import { fixtureDealers, testDeps, type TestDatabase, type TestDb } from './db.ts';

export const SITE = 'mini-motors';
export const SITE_HOST = `${SITE}.localhost`;

type Extra = Partial<Car> & Record<string, unknown>;

let created = 1_700_000_000;
function car(id: number, make: string, model: string, extra: Extra = {}): Car {
  const year = extra.year ?? 2020;
  return {
    id,
    name: `${year} ${make} ${model}${extra.badge ? ` ${extra.badge}` : ''}`,
    slug: `car-${id}`,
    make,
    model,
    year,
    km: 20_000,
    price: 25_000,
    photos: [`https://cdn.example.com/${id}-1.jpg`, `https://cdn.example.com/${id}-2.jpg`],
    photos_count: 2,
    car_type: 'used',
    status: 'available',
    created_at_timestamp: created++,
    vin: `VIN${id}XYZ`,
    rego: `REG${id}`,
    stock_number: `S${id}`,
    dealercomments: 'Serviced and ready to go.',
    ...extra,
  } as Car;
}

/** 16 listed cars (ids 1-16, newest last), one sold and one hidden. */
export const STOCK: Car[] = [
  car(1, 'Toyota', 'Corolla', {
    badge: 'Ascent',
    year: 2021,
    price: 27_990,
    km: 35_000,
    simple_body: 'Hatch',
    simple_fuel: 'Petrol',
    seats: 5,
    certified: true,
    location_name: 'Parramatta',
    colour: 'White',
  }),
  car(2, 'Toyota', 'Corolla Cross', {
    badge: 'GXL',
    year: 2022,
    price: 36_990,
    km: 12_000,
    simple_body: 'SUV',
    simple_fuel: 'Hybrid',
    seats: 5,
    certified: false,
    location_name: 'Parramatta',
    colour: 'Silver',
  }),
  car(3, 'Toyota', 'HiLux', {
    badge: 'SR5',
    year: 2019,
    price: 45_990,
    km: 80_000,
    simple_body: 'Ute',
    simple_fuel: 'Diesel',
    seats: 5,
    certified: true,
    location_name: 'Penrith',
    colour: 'white',
  }),
  car(4, 'Toyota', 'LandCruiser', {
    badge: 'GXL',
    year: 2018,
    price: 69_990,
    km: 120_000,
    simple_body: 'SUV',
    simple_fuel: 'Diesel',
    seats: 7,
    location_name: 'Penrith',
  }),
  car(5, 'Mazda', 'CX-5', {
    badge: 'Touring',
    year: 2020,
    price: 31_990,
    km: 40_000,
    simple_body: 'SUV',
    simple_fuel: 'Petrol',
    seats: 5,
    certified: true,
    location_name: 'Penrith',
  }),
  car(6, 'Mazda', '3', {
    badge: 'G20',
    year: 2018,
    price: 18_990,
    km: 70_000,
    simple_body: 'Hatch',
    simple_fuel: 'Petrol',
    seats: 5,
    location_name: 'Parramatta',
  }),
  car(7, 'Kia', 'Carnival', {
    badge: 'S',
    year: 2021,
    price: 49_990,
    km: 30_000,
    simple_body: 'People Mover',
    simple_fuel: 'Diesel',
    seats: 8,
    certified: false,
    location_name: 'Penrith',
    dealercomments: 'One owner, full service history.',
  }),
  car(8, 'Ford', 'Ranger', {
    badge: 'XLT',
    year: 2023,
    price: 59_990,
    km: 5_000,
    simple_body: 'Ute',
    simple_fuel: 'Diesel',
    seats: 5,
    certified: true,
    location_name: 'Parramatta',
  }),
  car(9, 'Hyundai', 'Tucson', {
    badge: 'Elite',
    year: 2022,
    price: 38_990,
    km: 15_000,
    simple_body: 'SUV',
    simple_fuel: 'Petrol',
    seats: 5,
    location_name: 'Liverpool',
  }),
  car(10, 'Hyundai', 'i30', {
    badge: 'Active',
    year: 2017,
    price: 14_990,
    km: 95_000,
    simple_body: 'Hatch',
    simple_fuel: 'Petrol',
    seats: 5,
    location_name: 'Liverpool',
  }),
  car(11, 'Nissan', 'Navara', {
    badge: 'ST-X',
    year: 2020,
    price: 42_990,
    km: 60_000,
    simple_body: 'Ute',
    simple_fuel: 'Diesel',
    seats: 5,
    location_name: 'Liverpool',
  }),
  car(12, 'Subaru', 'Forester', {
    badge: '2.5i',
    year: 2019,
    price: 29_990,
    km: 55_000,
    simple_body: 'SUV',
    simple_fuel: 'Petrol',
    seats: 5,
    certified: true,
    location_name: 'Penrith',
  }),
  car(13, 'Mitsubishi', 'Triton', {
    badge: 'GLX',
    year: 2021,
    price: 36_990,
    km: 41_000,
    simple_body: 'Ute',
    simple_fuel: 'Diesel',
    seats: 5,
    location_name: 'Parramatta',
  }),
  car(14, 'Mitsubishi', 'Outlander', {
    badge: 'ES',
    year: 2023,
    price: 39_990,
    km: 9_000,
    simple_body: 'SUV',
    simple_fuel: 'Petrol',
    seats: 7,
    location_name: 'Liverpool',
  }),
  car(15, 'Tesla', 'Model 3', {
    year: 2022,
    price: 52_990,
    km: 20_000,
    simple_body: 'Sedan',
    simple_fuel: 'Electric',
    seats: 5,
    location_name: 'Parramatta',
  }),
  car(16, 'Volkswagen', 'Amarok', {
    badge: 'Core',
    year: 2021,
    price: 54_990,
    km: 25_000,
    simple_body: 'Ute',
    simple_fuel: 'Diesel',
    seats: 5,
    location_name: 'Penrith',
    tag: 'Price drop',
  }),
  car(17, 'Toyota', 'Camry', {
    year: 2016,
    price: 12_990,
    simple_body: 'Sedan',
    status: 'sold',
    location_name: 'Penrith',
  }),
  car(18, 'Toyota', 'Yaris', {
    year: 2020,
    price: 16_990,
    simple_body: 'Hatch',
    status: 'hidden',
    location_name: 'Penrith',
  }),
];

export const LISTED = STOCK.filter((c) => c.status === 'available');

/** Ids of the listed cars a test predicate holds for, in id order. */
export const idsWhere = (test: (c: Car) => boolean) => LISTED.filter(test).map((c) => String(c.id));

export const OFFERS: Offer[] = [
  {
    id: 'o1',
    name: 'Corolla finance offer',
    category: 'Finance',
    manufacturer: 'Toyota',
    model: { slug: 'corolla', name: 'Corolla' },
    price: 199,
  },
  {
    id: 'o2',
    name: 'HiLux service special',
    category: 'Service',
    manufacturer: 'Toyota',
    model: { slug: 'hilux', name: 'HiLux' },
  },
  {
    id: 'o3',
    name: 'Free tinting',
    category: 'Accessories',
    manufacturer: 'Toyota',
    description: 'Window tinting on any new vehicle.',
  },
].map((o) => ({ excluded_website_ids: [], ...o }) as unknown as Offer);

export interface SearchServer {
  port: number;
  origin: string;
  t: TestDb;
  dealers: DealerContent[];
  close(): Promise<void>;
}

/** The API on 127.0.0.1 (a free port) over a fresh database with STOCK and OFFERS indexed for SITE. */
export async function startSearchServer(database: TestDatabase): Promise<SearchServer> {
  const t = await database.open();
  const dealers = (await fixtureDealers()).map((d) => ({
    ...d,
    cars: d.slug === SITE ? STOCK : [],
    offers: d.slug === SITE ? OFFERS : [],
  }));
  await indexContent(t.db, dealers);
  const app = createApp(await testDeps(t.db, { dealers }));
  const server: Server = createServer(
    (req, res) => void serveFetch(req, res, app.fetch, `http://${req.headers.host ?? '127.0.0.1'}`),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    origin: `http://127.0.0.1:${port}`,
    t,
    dealers,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await t.cleanup();
    },
  };
}
