/**
 * What a mutation of `npm run mutations` is, and the helpers the mutation lists
 * (mutation-list.ts, mutation-list-rules.ts) declare theirs with.
 */
export interface Mutation {
  /** Short and unique: what `--only` matches besides the row and the file. */
  id: string;
  /** Text of the first cell of the coverage-map row the mutation proves. */
  row: string;
  /** Repository-relative source file. */
  file: string;
  find: string;
  replace: string;
  /** Unit test files (tests/unit/..., or a block's own in src/blocks/<type>/) that must fail once the file is mutated. */
  tests: string[];
  /** Playwright specs (tests/e2e/...) for rules only a browser shows; run with --e2e. */
  e2e?: string[];
  /** The rule the mutation breaks. */
  why: string;
}

/** How many times `find` occurs in `text` (overlapping occurrences count). */
export function occurrences(text: string, find: string): number {
  if (!find) return 0;
  let n = 0;
  for (let i = text.indexOf(find); i !== -1; i = text.indexOf(find, i + 1)) n++;
  return n;
}

export type Change = Omit<Mutation, 'row' | 'tests'> & { tests?: string[] };

/** The mutations of one row; each runs the row's `tests` unless it names its own. */
export function row(item: string, tests: string[], changes: Change[]): Mutation[] {
  return changes.map((c) => ({ ...c, row: item, tests: c.tests ?? tests }));
}

/** A unit test file by name: u('forms-rules') → tests/unit/forms-rules.test.ts. */
export const u = (name: string) => `tests/unit/${name}.test.ts`;
/** A block's own test by its folder and name: b('faq', 'faq') → src/blocks/faq/faq.test.ts. */
export const b = (block: string, name: string) => `src/blocks/${block}/${name}.test.ts`;
/** A Playwright spec by name. */
export const e = (name: string) => `tests/e2e/${name}.spec.ts`;
