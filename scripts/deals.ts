/**
 * npm run deals -- list --site SLUG [--status open|draft|submitted|cancelled|completed] [--data DIR]
 * npm run deals -- show DEAL_ID [--site SLUG] [--data DIR]
 * npm run deals -- complete DEAL_ID [--site SLUG] [--data DIR]
 * npm run deals -- cancel DEAL_ID [--site SLUG] [--data DIR]
 *
 * A dealer's side of online deals (src/features/online-deal/server/):
 *   list      the dealer's deals, the latest changed first ("open": not sent yet, or sent)
 *   show      one deal: its car, parts, contact, lead and the webhook events queued for it
 *   complete  the dealer completes an open deal (the sale went ahead, deposit or not)
 *   cancel    the dealer cancels an open deal
 * complete and cancel change the deal and queue its "deal.completed" (completed_by "dealer") or
 * "deal.cancelled" webhook event in one transaction, so the event is queued once; the API's outbox
 * worker sends it. The shopper's link then shows the deal closed.
 *
 * Reads DATABASE_URL when set, else PGlite in the data folder; the dealers' content from
 * DEALERS_DIR (default dealers/), their deal webhooks from DEAL_WEBHOOK_URL[_<SLUG>].
 *
 * Exit codes: 0 done, 1 usage, no such deal, or a database error, 2 the deal is already closed:
 * nothing changed.
 */
import { parseArgs } from 'node:util';
import { dataDirFrom, dbConfigFrom } from '../src/api/db/index.ts';
import { migrate } from '../src/api/db/migrate.ts';
import type { Db } from '../src/api/core/deps.ts';
import { loadDealers, type DealerContent } from '../src/content/load.ts';
import { processEnv, readEnv } from '../src/config/env.ts';
import { openForCommand } from '../src/features/leads/server/local-admin-client.ts';
import { timeInZone } from '../src/features/reservations/rules/reservations.ts';
import { timeZoneFor } from '../src/domain/booking-hours.ts';
import { carTitle } from '../src/domain/pages.ts';
import { plural } from '../src/lib/text.ts';
import type { DealStatus } from '../src/features/online-deal/contract/deal.ts';
import { closeDealForDealer } from '../src/features/online-deal/server/service.ts';
import { dealById, dealEvents, dealsOfSite, type DealRow } from '../src/features/online-deal/server/store.ts';
import { dealWebhookFor } from '../src/features/online-deal/server/webhook-config.ts';

const USAGE = [
  'Usage: npm run deals -- list --site SLUG [--status open|draft|submitted|cancelled|completed] [--data DIR]',
  '       npm run deals -- show|complete|cancel DEAL_ID [--site SLUG] [--data DIR]',
].join('\n');
const STATUSES: Record<string, DealStatus[]> = {
  open: ['draft', 'submitted'],
  draft: ['draft'],
  submitted: ['submitted'],
  cancelled: ['cancelled'],
  completed: ['completed'],
};

function fail(message: string, code = 1): never {
  console.error(`${message}\n${USAGE}`);
  process.exit(code);
}

let parsed;
try {
  parsed = parseArgs({
    allowPositionals: true,
    options: { site: { type: 'string' }, status: { type: 'string' }, data: { type: 'string' } },
  });
} catch (e) {
  fail((e as Error).message);
}
const { values, positionals } = parsed;
const [action, id, ...rest] = positionals;
if (action !== 'list' && action !== 'show' && action !== 'complete' && action !== 'cancel')
  fail(action ? `Unknown command "${action}".` : 'Name a command: list, show, complete or cancel.');
if (rest.length) fail(`Unexpected "${rest.join(' ')}" after the command.`);
if (action === 'list') {
  if (!values.site) fail('--site SLUG is required.');
  if (id) fail(`list takes no deal id ("${id}"): use show ${id}.`);
  if (values.status !== undefined && !STATUSES[values.status])
    fail(`--status must be one of ${Object.keys(STATUSES).join(', ')}, not "${values.status}".`);
} else {
  if (!id) fail(`${action} needs the deal's id (deal_…, as list prints it).`);
  if (!/^deal_[0-9a-f]{24}$/.test(id)) fail(`"${id}" is not a deal id: ids look like deal_ and 24 hex digits.`);
  if (values.status !== undefined) fail('--status belongs to list.');
}
const dataDir = dataDirFrom(values.data);
const dealersDir = readEnv(processEnv(), 'DEALERS_DIR') || 'dealers';

async function dealerOf(slug: string): Promise<DealerContent> {
  const { dealers, errors } = await loadDealers(dealersDir, { only: [slug] });
  const dealer = dealers.find((d) => d.slug === slug);
  if (!dealer) {
    const why = errors.length ? `: ${errors.map((e) => JSON.stringify(e)).join('; ')}` : '';
    throw new Error(`There is no dealer "${slug}" in ${dealersDir} (DEALERS_DIR)${why}.`);
  }
  return dealer;
}

const money = (n: number) => `$${n.toLocaleString('en-AU')}`;

function who(row: DealRow): string {
  const c = row.parts.contact;
  if (!c) return 'not sent yet, no contact details';
  return `${c.first_name} ${c.last_name} <${c.email}> ${c.phone}`;
}

function carOf(dealer: DealerContent | undefined, row: DealRow): string {
  const car = dealer?.cars.find((c) => String(c.id) === row.car_id);
  return car ? `car ${row.car_id} (${carTitle(car)})` : `car ${row.car_id}`;
}

function line(row: DealRow, dealer: DealerContent | undefined): string {
  const zone = dealer ? timeZoneFor(dealer.site) : 'UTC';
  const by = row.completed_by ? ` by the ${row.completed_by === 'deposit' ? 'deposit' : 'dealer'}` : '';
  return `  ${row.id}: ${row.status}${by}, ${carOf(dealer, row)}, ${who(row)}, changed ${timeInZone(new Date(row.updated_at), zone)}`;
}

function details(row: DealRow, dealer: DealerContent, events: Awaited<ReturnType<typeof dealEvents>>): string {
  const zone = timeZoneFor(dealer.site);
  const at = (d: Date | string | null) => (d ? timeInZone(new Date(d), zone) : '');
  const { trade_in: trade, finance, handover, contact } = row.parts;
  const out = [`${row.id} of ${row.site_slug}: ${row.status}`, `  ${carOf(dealer, row)}`];
  if (trade) {
    const offer = trade.offer ? `, offer ${money(trade.offer.amount)} until ${trade.offer.validUntil}` : '';
    out.push(`  trade-in: ${trade.year} ${trade.make} ${trade.model}, ${trade.km.toLocaleString('en-AU')} km${offer}`);
  }
  if (finance)
    out.push(
      `  finance: ${money(finance.deposit)} deposit, ${finance.term} years, about ${money(finance.payment)} a ${finance.per} at ${finance.rate}% p.a.`,
    );
  if (handover) {
    const where = handover.kind === 'delivery' ? `${handover.address} ${handover.postcode}` : handover.locationName;
    out.push(`  handover: ${handover.kind}${where ? ` (${where})` : ''} on ${handover.date}`);
  }
  out.push(`  contact: ${who(row)}${contact?.message ? `: "${contact.message}"` : ''}`);
  out.push(`  created ${at(row.created_at)}${row.submitted_at ? `, sent ${at(row.submitted_at)}` : ''}`);
  if (row.closed_at)
    out.push(
      `  ${row.status} ${at(row.closed_at)}${row.completed_by ? ` by the ${row.completed_by === 'deposit' ? 'deposit paid' : 'dealer'}` : ''}`,
    );
  if (row.lead_id) out.push(`  lead ${row.lead_id}`);
  if (row.reservation_id) out.push(`  reservation ${row.reservation_id}`);
  out.push(
    events.length
      ? `  webhook events:\n${events.map((e) => `    ${e.event} ${e.id}: ${e.status}, ${plural(e.attempts, 'attempt')}`).join('\n')}`
      : '  webhook events: none',
  );
  return out.join('\n');
}

async function work(db: Db): Promise<number> {
  if (action === 'list') {
    const site = values.site!;
    const dealer = await dealerOf(site).catch(() => undefined);
    const rows = await dealsOfSite(db, site, values.status ? STATUSES[values.status] : undefined);
    const which = values.status ? ` ${values.status}` : '';
    console.log(
      rows.length
        ? `${site}: ${plural(rows.length, `${values.status ? `${values.status} ` : ''}deal`)}\n${rows.map((r) => line(r, dealer)).join('\n')}`
        : `${site}: no${which} deals.`,
    );
    return 0;
  }
  const row = await dealById(db, id!);
  if (!row || (values.site && row.site_slug !== values.site))
    throw new Error(`There is no deal ${id}${values.site ? ` of ${values.site}` : ''} in the database.`);
  const dealer = await dealerOf(row.site_slug);
  if (action === 'show') {
    console.log(details(row, dealer, await dealEvents(db, row.id)));
    return 0;
  }
  const status = action === 'complete' ? 'completed' : 'cancelled';
  const webhook = dealWebhookFor(dealer.slug, processEnv());
  const closed = await closeDealForDealer(
    { db, dealWebhook: () => webhook, now: () => new Date() },
    dealer,
    row,
    status,
  );
  if (!closed) {
    console.error(`${row.site_slug}: deal ${row.id} is already ${row.status}: nothing changed.`);
    return 2;
  }
  const event = !closed.lead_id
    ? 'It was never sent, so no webhook event is due.'
    : webhook
      ? `Its deal.${status} webhook event is queued for ${webhook.url}; the API's outbox worker sends it.`
      : 'No deal webhook is set for this dealer (DEAL_WEBHOOK_URL), so no event is sent.';
  console.log(`${row.site_slug}: deal ${row.id} is ${status}. ${event}\n${line(closed, dealer)}`);
  return 0;
}

try {
  const opened = await openForCommand(dbConfigFrom(dataDir), dataDir, 'deals commands');
  if (!opened.db)
    throw new Error(
      `The database in ${dataDir} is open in ${opened.server.server} (pid ${opened.server.pid}), which does not take ` +
        'deals commands yet. Stop it, run the command, and start it again.',
    );
  const { db } = opened;
  let code: number;
  try {
    await migrate(db);
    code = await work(db);
  } finally {
    await db.close();
  }
  process.exitCode = code;
} catch (e) {
  console.error(`Deals: ${(e as Error).message}`);
  process.exit(1);
}
