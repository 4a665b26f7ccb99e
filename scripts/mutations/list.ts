/**
 * The hand list of `npm run mutations -- --hand` (hand.ts): the few rules StrykerJS cannot reach,
 * each broken the way a slip would and named with the row of docs/spec-coverage.md whose tests
 * must catch it. Everything else is mutated by StrykerJS (run.ts, scope.ts), and the spec's
 * constants and messages are held by plain assertions (tests/unit/spec/).
 *
 * `row` is text of the row's first cell, found in exactly one row of the map. `find` must occur
 * exactly once in the product source, which is how the mutation finds its file (resolve.ts; a
 * `symbol` picks the file where the text alone is not unique), and `tests` and `e2e` name test
 * files by name: tests/unit/project/spec-coverage.test.ts checks that each resolves to exactly one
 * file that the row cites, so the list cannot rot and a file moved or renamed needs no edit here.
 *
 *   rows/templates.ts, rows/templates-catalogue.ts  the blocks' Astro templates (Stryker reads
 *                      no .astro file)
 *   rows/browser.ts    shared components, styles and island code only a browser runs
 */
import type { Mutation } from './kit.ts';
import { mutations as browser } from './rows/browser.ts';
import { mutations as catalogue } from './rows/templates-catalogue.ts';
import { mutations as templates } from './rows/templates.ts';

export type { Mutation } from './kit.ts';

export const mutations: Mutation[] = [...templates, ...catalogue, ...browser];
