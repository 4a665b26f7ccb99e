/**
 * The tools of one dealer's MCP server. Each reads or writes that dealer only (the request's),
 * counts against the caller's address as the matching visitor route does (reads as searches;
 * bookings and reservations through the lead and reservation routes' own limits), and answers
 * only the dealer's public facts or what the call itself just made: no tool reads a lead, a
 * reservation or anything else a shopper sent before.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { DealerContent } from '../../content/load.ts';
import type { ApiDeps } from '../core/deps.ts';
import { ApiError, apiErrorOf } from '../core/errors.ts';
import { enforce, limitsOf } from '../core/guard.ts';
import { clientIp } from '../core/rate-limit.ts';
import { carDetails, compareTable, findCar, searchCars } from './cars.ts';
import { bookTestDrive, startReservation, testDriveSlots } from './booking.ts';
import { dealerInfo } from './dealer.ts';
import {
  bookTestDriveInput,
  compareCarsInput,
  getCarInput,
  searchCarsInput,
  startReservationInput,
  testDriveSlotsInput,
} from './schemas.ts';

export interface ToolContext {
  deps: ApiDeps;
  dealer: DealerContent;
  request: Request;
}

const TOO_MANY = 'Too many searches were sent from your network. Please wait a minute and try again.';

const ok = (value: unknown): CallToolResult => ({
  content: [{ type: 'text', text: JSON.stringify(value, null, 2) }],
  structuredContent: value as Record<string, unknown>,
});

/** A refusal the shopper's assistant can read and act on; anything unexpected is reported by the API's error handling words. */
function failure(error: unknown): CallToolResult {
  const known = apiErrorOf(error);
  if (!known) throw error;
  return { isError: true, content: [{ type: 'text', text: known.message }] };
}

export function registerTools(server: McpServer, ctx: ToolContext): void {
  const { deps, dealer, request } = ctx;
  const name = dealer.site.name;

  /** One read counted as one search from the caller's address. */
  const countRead = async () => {
    const ip = clientIp(request);
    if (ip === 'unknown') return;
    const key = `search:ip:${ip}`;
    await enforce(deps, [{ key, limit: limitsOf(deps).searchPerIp }], { [key]: TOO_MANY });
  };
  const run =
    <A>(work: (args: A) => Promise<unknown>, counted = true) =>
    async (args: A): Promise<CallToolResult> => {
      try {
        if (counted) await countRead();
        return ok(await work(args));
      } catch (error) {
        return failure(error);
      }
    };
  const carOrMissing = async (ref: string) => {
    const car = await findCar(deps.db, dealer, ref);
    if (!car) throw notFound(name, ref);
    return car;
  };

  server.registerTool(
    'search_cars',
    {
      title: 'Search cars',
      description: `Searches ${name}'s cars for sale with the site's own stock search: filters (make, model, body, fuel, transmission, location, new/used/demo, price, year and km ranges) and words, with the same typo tolerance. Answers each car's id, title, price as shown (with "Drive away" or "Excl. govt charges"), km and page address. Only ${name}'s cars.`,
      inputSchema: searchCarsInput,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    run((args) => searchCars(deps.db, dealer, args)),
  );

  server.registerTool(
    'get_car',
    {
      title: 'Get a car',
      description: `One of ${name}'s cars by id or page address, as its page shows it: prices with what they include (or "Price on application"), km, facts, features, location, page address and, in New Zealand, the Consumer Information Notice. A car not listed by ${name} is not found.`,
      inputSchema: getCarInput,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    run(async ({ car }) => carDetails(dealer, await carOrMissing(car))),
  );

  server.registerTool(
    'compare_cars',
    {
      title: 'Compare cars',
      description: `The site's compare table of 2 or 3 of ${name}'s cars: price, condition, year, odometer, body, fuel, transmission, drive, engine, seats and colour rows, and each car's features. Ids ${name} does not list are named in not_found.`,
      inputSchema: compareCarsInput,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    run(({ car_ids }) => compareTable(deps.db, dealer, car_ids)),
  );

  server.registerTool(
    'dealer_info',
    {
      title: 'Dealer locations, hours and contact',
      description: `${name}'s locations with their addresses, phones and opening hours, and the site's contact details.`,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    run(() => Promise.resolve(dealerInfo(dealer))),
  );

  server.registerTool(
    'test_drive_slots',
    {
      title: 'Free test-drive times',
      description: `The test-drive times ${name} takes bookings for, as its booking form offers them: half-hour slots in the sales hours of the car's (or a chosen) location, at least an hour ahead, over the next open days. Book one with book_test_drive.`,
      inputSchema: testDriveSlotsInput,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    run(async ({ car_id, location_id, days }) =>
      testDriveSlots(dealer, deps.now(), {
        car: car_id === undefined ? undefined : await carOrMissing(car_id),
        locationId: location_id,
        days,
      }),
    ),
  );

  server.registerTool(
    'book_test_drive',
    {
      title: 'Book a test drive',
      description: `Sends the shopper's test-drive request to ${name} exactly as the site's test-drive form does (same checks, consent and delivery to the dealer). Needs the shopper's own name, email and phone, a slot from test_drive_slots, and shopper_agreed: true only after the shopper explicitly agreed to send their details. Answers the booking just made and nothing else.`,
      inputSchema: bookTestDriveInput,
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    },
    run(
      async ({ car_id, ...rest }) =>
        bookTestDrive(deps, dealer, request, {
          ...rest,
          car: car_id === undefined ? undefined : await carOrMissing(car_id),
        }),
      false,
    ),
  );

  server.registerTool(
    'start_reservation',
    {
      title: 'Start a reservation',
      description: `Holds one of ${name}'s cars for the shopper, as the car page's Reserve form does, and answers the address of the secure hosted checkout where the shopper pays the deposit themselves. This tool never pays, never takes card details and cannot finish the payment. Needs shopper_agreed: true only after the shopper explicitly agreed to send their details and to the deposit terms.`,
      inputSchema: startReservationInput,
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
    },
    run((args) => startReservation(deps, dealer, request, args), false),
  );
}

function notFound(name: string, ref: string): ApiError {
  return new ApiError(404, `${name} has no car "${ref.slice(0, 100)}" for sale: search_cars lists the cars it has.`);
}
