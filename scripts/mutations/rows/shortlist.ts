/**
 * Mutations of the rows of docs/spec-coverage.md for the shopper's shortlist: saved cars, compare,
 * recently viewed and the GA4 ecommerce events. Listed by ../list.ts.
 */
import { row, u, type Mutation } from '../kit.ts';

export const mutations: Mutation[] = [
  ...row(
    'Save a car (heart',
    [u('shortlist-rules'), u('shortlist-stores')],
    [
      {
        id: 'shortlist-saved-dedupe',
        find: 'return [car, ...withoutCar(list, car.id)].slice(0, MAX_SAVED);',
        replace: 'return [car, ...list].slice(0, MAX_SAVED);',
        why: 'a car saved twice is listed once, first',
      },
      {
        id: 'shortlist-stored-junk',
        find: '    if (!isSnapshot(s) || seen.has(s.id)) continue;',
        replace: '    if (seen.has((s as CarSnapshot).id)) continue;',
        why: 'what is stored but is no snapshot is dropped on reading',
      },
    ],
  ),
  ...row(
    'Compare up to three cars',
    [u('shortlist-rules'), u('shortlist-stores')],
    [
      {
        id: 'shortlist-compare-limit',
        find: "  if (list.length >= MAX_COMPARE) return { list: [...list], outcome: 'full' };",
        replace: '',
        why: 'a fourth car is refused',
      },
      {
        id: 'shortlist-compare-bad-ids',
        find: '    if (isCarId(id) && !ids.includes(id)) ids.push(id);',
        replace: '    if (id && !ids.includes(id)) ids.push(id);',
        why: 'bad ids in the compare address are left out',
      },
    ],
  ),
  ...row(
    'Recently viewed',
    [u('shortlist-rules'), u('shortlist-stores')],
    [
      {
        id: 'shortlist-recent-current',
        find: '  return list.filter((s) => s.id !== currentId).slice(0, RECENT_SHOWN);',
        replace: '  return list.slice(0, RECENT_SHOWN);',
        why: "the row never shows the page's own car",
      },
    ],
  ),
  ...row(
    'GA4 ecommerce events',
    [u('shortlist-events'), u('shortlist-stores')],
    [
      {
        id: 'shortlist-event-currency',
        find: "  return /-NZ$/i.test(lang ?? '') ? 'NZD' : 'AUD';",
        replace: "  return 'AUD';",
        why: 'a New Zealand site counts in NZD',
      },
      {
        id: 'shortlist-event-clear',
        find: '  target.dataLayer.push({ ecommerce: null });',
        replace: '',
        why: "the last event's ecommerce object is cleared first",
      },
    ],
  ),
];
