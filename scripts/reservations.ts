/**
 * npm run reservations -- list --site SLUG [--data DIR]
 * npm run reservations -- confirm --site SLUG --car ID [--data DIR]
 * npm run reservations -- release --site SLUG --car ID [--data DIR]
 *
 * A dealer's word on online reservations (src/features/reservations/server/):
 *   list      the reservations holding a car now, and those of the last 30 days
 *   confirm   the sale of a reserved car goes ahead: its hold no longer ends, and the car shows as
 *             sold (the stock feed selling the car does the same when the hold ends)
 *   release   frees a reserved car at once (the deposit's refund is the dealer's, in Stripe)
 *
 * Reads DATABASE_URL when set, else PGlite in the data folder; while npm start or npm run dev has
 * that folder open, through it, as the leads and stock commands do.
 *
 * Exit codes: 0 done, 1 usage or a database error, 2 the car has no paid reservation to settle.
 */
import { parseArgs } from 'node:util';
import { dataDirFrom, dbConfigFrom } from '../src/api/db/index.ts';
import { migrate } from '../src/api/db/migrate.ts';
import { openForCommand } from '../src/features/leads/server/local-admin-client.ts';
import { reservationCommand, type ReservationRow } from '../src/features/reservations/server/rows.ts';
import { timeInZone } from '../src/features/reservations/rules/reservations.ts';

const USAGE =
  'Usage: npm run reservations -- list --site SLUG | confirm --site SLUG --car ID | release --site SLUG --car ID [--data DIR]';

function fail(message: string, code = 1): never {
  console.error(`${message}\n${USAGE}`);
  process.exit(code);
}

let parsed;
try {
  parsed = parseArgs({
    allowPositionals: true,
    options: { site: { type: 'string' }, car: { type: 'string' }, data: { type: 'string' } },
  });
} catch (e) {
  fail((e as Error).message);
}
const { values, positionals } = parsed;
const action = positionals[0];
if (action !== 'list' && action !== 'confirm' && action !== 'release')
  fail(action ? `Unknown command "${action}".` : 'Name a command: list, confirm or release.');
if (!values.site) fail('--site SLUG is required.');
if (action !== 'list' && !values.car) fail('--car ID is required.');
const site = values.site;
const command =
  action === 'list'
    ? ({ action: 'list' } as const)
    : ({ action: action === 'confirm' ? 'sold' : 'release', carId: values.car! } as const);
const dataDir = dataDirFrom(values.data);

/** A time as the dealer's staff read it: in the dealer's time zone (kept on the reservation), with its name. */
const local = (at: Date | string, r: ReservationRow) => timeInZone(new Date(at), r.time_zone);

function line(r: ReservationRow): string {
  const ended =
    r.status === 'released' || r.status === 'refunded'
      ? ` (${r.released_reason ?? 'ended'} ${local(r.updated_at, r)})`
      : '';
  const deposit =
    r.status === 'released' && r.payment_id && !r.refund_id
      ? ': the deposit is still held, confirm the sale or refund it in Stripe'
      : '';
  const until = r.hold_until && r.status !== 'refunded' ? ` until ${local(r.hold_until, r)}` : '';
  const who = [r.contact.first_name, r.contact.last_name].filter(Boolean).join(' ') || '(details erased)';
  return `  car ${r.car_id}: ${r.status}${ended}${until}${deposit}, ${(r.amount / 100).toFixed(2)} ${r.currency.toUpperCase()}, ${who}${r.contact.email ? ` <${r.contact.email}>` : ''}${r.payment_id ? `, payment ${r.payment_id}` : ''} (${r.id})`;
}

try {
  const { db, server } = await openForCommand(dbConfigFrom(dataDir), dataDir, 'reservation commands');
  let rows: ReservationRow[];
  if (server) {
    console.error(`The database in ${dataDir} is open in ${server.server} (pid ${server.pid}): working through it.`);
    rows = await server.reservations(site, command);
  } else {
    try {
      await migrate(db);
      rows = await reservationCommand(db, site, command, new Date());
    } finally {
      await db.close();
    }
  }
  if (command.action === 'list') {
    console.log(
      rows.length
        ? `${site}: ${rows.length} reservation(s)\n${rows.map(line).join('\n')}`
        : `${site}: no reservations.`,
    );
  } else if (!rows.length) {
    console.error(`${site}: car ${command.carId} has no paid reservation holding it: nothing changed.`);
    process.exit(2);
  } else {
    console.log(
      command.action === 'sold'
        ? `${site}: the sale of car ${command.carId} is confirmed; its reservation no longer ends.\n${line(rows[0]!)}`
        : `${site}: car ${command.carId} is released and can be reserved again.\n${line(rows[0]!)}`,
    );
  }
} catch (e) {
  console.error(`Reservations: ${(e as Error).message}`);
  process.exit(1);
}
