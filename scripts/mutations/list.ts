/**
 * The mutations of `npm run mutations` (run.ts): each breaks one rule of the product the way a slip
 * would (a constant off by one, a branch dropped, a message reworded) and names the row of
 * docs/spec-coverage.md whose tests must catch it. A mutation that survives means the row's tests
 * do not check its rule.
 *
 * `row` is text of the row's first cell, found in exactly one row of the map. `find` must occur
 * exactly once in the product source, which is how the mutation finds its file (resolve.ts; a
 * `symbol` picks the file where the text alone is not unique), and `tests` and `e2e` name test
 * files by name: tests/unit/spec-coverage.test.ts checks that each resolves to exactly one file,
 * so the list cannot rot and a file moved or renamed needs no edit here. `tests` are unit test
 * files the row cites, run with vitest; `e2e` are Playwright specs, run only with --e2e, for the
 * few rules no unit test can reach.
 *
 * The list is split by section of the map, one file of rows/ each.
 */
import type { Mutation } from './kit.ts';
import { mutations as blocks } from './rows/blocks.ts';
import { mutations as build } from './rows/build.ts';
import { mutations as constants } from './rows/constants.ts';
import { mutations as consent } from './rows/consent.ts';
import { mutations as entities } from './rows/entities.ts';
import { mutations as fleets } from './rows/fleets.ts';
import { mutations as query } from './rows/query.ts';
import { mutations as routes } from './rows/routes.ts';
import { mutations as rules } from './rows/rules.ts';
import { mutations as screens } from './rows/screens.ts';
import { mutations as statesErrors } from './rows/states-errors.ts';
import { mutations as stock } from './rows/stock.ts';
import { mutations as reservations } from './rows/reservations.ts';
import { mutations as shortlist } from './rows/shortlist.ts';
import { mutations as alerts } from './rows/alerts.ts';

export type { Mutation } from './kit.ts';

export const mutations: Mutation[] = [
  ...rules,
  ...fleets,
  ...stock,
  ...reservations,
  ...shortlist,
  ...alerts,
  ...consent,
  ...build,
  ...routes,
  ...query,
  ...blocks,
  ...screens,
  ...entities,
  ...statesErrors,
  ...constants,
];
