/**
 * Mutations of the rows of docs/spec-coverage.md for live stock: the feed import, the signed push,
 * the sold notice and the build from imported stock. Listed by ../list.ts.
 */
import { row, u, type Mutation } from '../kit.ts';

export const mutations: Mutation[] = [
  ...row(
    'Full feed withdraws the cars it no longer lists',
    [u('stock-import')],
    [
      {
        id: 'stock-cut-off-feed',
        find: '  const takenOff = before - after;',
        replace: '  const takenOff = 0;',
        why: 'a feed that would take most of the stock off the site is refused unless forced',
      },
      {
        id: 'stock-withdraw',
        find: "        car: { ...e.car, status: 'sold', sold_at: e.car.sold_at ?? now.toISOString() },",
        replace: '        car: e.car,',
        why: 'a car a full feed no longer lists shows as sold',
      },
    ],
  ),
  ...row(
    "A car's identity is its stock number",
    [u('stock-import')],
    [
      {
        id: 'stock-keeps-id',
        find: '            id: before.car.id,\n            slug: before.car.slug,\n',
        replace: '',
        why: 'a known car keeps its id and slug (its page address) across feeds',
      },
    ],
  ),
  ...row(
    '`POST /api/stock`: HMAC-SHA256 per dealer',
    [u('stock-route')],
    [
      {
        id: 'stock-signature-skew',
        find: 'if (Math.abs(Number(timestamp) - now.getTime() / 1000) > MAX_SKEW_S)',
        replace: 'if (false)',
        why: 'a request signed more than five minutes ago is refused',
      },
      {
        id: 'stock-signature-compare',
        find: 'return actual.length === expected.length && timingSafeEqual(actual, expected);',
        replace: 'return actual.length === expected.length;',
        why: "a signature that does not match the body under the dealer's key is refused",
      },
      {
        id: 'stock-feed-id-once',
        find: "'SELECT added, updated, unchanged, withdrawn, skipped, mode FROM stock_imports WHERE site_slug = $1 AND feed_id = $2',",
        replace:
          "'SELECT added, updated, unchanged, withdrawn, skipped, mode FROM stock_imports WHERE false AND site_slug = $1 AND feed_id = $2',",
        why: 'a repeated feed_id is applied once',
      },
    ],
  ),
  ...row(
    'An import is searchable at once',
    [u('stock-import')],
    [
      {
        id: 'stock-reindex',
        find: '    await updateDealerIndex(tx, dealer.slug, {',
        replace: '    if (false) await updateDealerIndex(tx, dealer.slug, {',
        why: 'the search records change with the stock, in the same transaction',
      },
      {
        id: 'stock-refresh-other-instance',
        find: '        if (moved.length) await useImportedStock(db, moved);',
        replace: '',
        why: 'an instance that did not take an import reloads it',
        tests: [u('stock-runtime')],
      },
    ],
  ),
  ...row(
    'A built car page shows "Sold"',
    [u('sold-banner')],
    [
      {
        id: 'stock-sold-notice',
        find: '    if (isSold(status)) markSold(root);',
        replace: '',
        why: 'the page marks itself sold once the API says its car left stock',
      },
    ],
  ),
  ...row(
    'A stock card built with a page marks its car "Sold"',
    [u('sold-banner'), u('reservation-flow')],
    [
      {
        id: 'stock-card-status',
        find: '            status={statuses[hit.objectID]}',
        replace: '',
        why: "the results' cards show the state the status API gives for each car shown",
      },
    ],
  ),
  ...row(
    "The build reads imported stock from the API's store",
    [u('stock-build')],
    [
      {
        id: 'stock-build-cars',
        find: '      if (imported) d.cars = imported;',
        replace: '',
        why: 'an importing dealer is built with its imported cars',
      },
      {
        id: 'stock-changed',
        find: '      entry.stock === stockVersions[slug] &&',
        replace: '',
        why: '--changed rebuilds a dealer whose stock moved',
      },
    ],
  ),
  ...row(
    '(1.3) A delta row changes only the columns it gives',
    [u('stock-feeds-real')],
    [
      {
        id: 'stock-delta-partial',
        find: "  const decided = new Set<Column>(o.mode === 'full' ? (o.columns ?? ALL) : []);",
        replace: '  const decided = new Set<Column>(o.columns ?? ALL);',
        why: 'a delta row leaves every value it does not give as it was',
      },
    ],
  ),
  ...row(
    '(1.3) A skipped row of a full feed leaves its car exactly as it was',
    [u('stock-feeds-real')],
    [
      {
        id: 'stock-skipped-row-kept',
        find: '    const kept = new Set(feed.skippedStock?.map((s) => s.trim()));',
        replace: '    const kept = new Set<string>();',
        why: 'an unreadable row of a full feed never withdraws its car',
      },
    ],
  ),
  ...row(
    '(1.3) `POA`: listed and searchable as "Price on application"',
    [u('feed-formats'), u('stock-feeds-real')],
    [
      {
        id: 'stock-poa',
        find: '      if (t.toUpperCase() === POA) return ok(POA);',
        replace: '',
        why: 'a price of POA lists the car as price on application',
      },
    ],
  ),
  ...row(
    '(1.3) A new car never takes an id or page address another car of the dealer has',
    [u('stock-feeds-real')],
    [
      {
        id: 'stock-unique-identity',
        find: '    for (let n = 2; this.ids.has(id); n++) id = `${car.id}~x${n}`;',
        replace: '',
        why: "a new car's id never collides with another car's",
      },
    ],
  ),
];
