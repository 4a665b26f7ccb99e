/**
 * What a hand mutation of `npm run mutations -- --hand` is, and the helpers the lists of rows/ declare
 * theirs with. A mutation names no path: it is located by its code (resolve.ts) and names its tests
 * by file name, so that moving or renaming a file needs no edit here.
 */
export interface Mutation {
  /** Short and unique: what `--only` matches besides the row and the resolved file. */
  id: string;
  /** Text of the first cell of the coverage-map row the mutation proves. */
  row: string;
  /** The code to break: it occurs exactly once in the product source (resolve.ts), which locates it. */
  find: string;
  /**
   * For a find text that occurs in more than one file: a function, const, class, type or component
   * declared in the file to mutate, which picks it among them.
   */
  symbol?: string;
  replace: string;
  /** Unit test files by name ('faq.test.ts', anywhere under tests/ or src/) that must fail once mutated. */
  tests: string[];
  /** Playwright specs by name ('csp.spec.ts') for rules only a browser shows; run with --e2e. */
  e2e?: string[];
  /** The rule the mutation breaks. */
  why: string;
}

export type Change = Omit<Mutation, 'row' | 'tests'> & { tests?: string[] };

/** The mutations of one row; each runs the row's `tests` unless it names its own. */
export function row(item: string, tests: string[], changes: Change[]): Mutation[] {
  return changes.map((c) => ({ ...c, row: item, tests: c.tests ?? tests }));
}

/** A unit test by name: u('forms-rules') is the one file forms-rules.test.ts under tests/ or src/. */
export const u = (name: string) => `${name}.test.ts`;
/** A block's own unit test, kept in its folder, by name: b('faq') is faq.test.ts. */
export const b = (name: string) => `${name}.test.ts`;
/** A Playwright spec by name: e('csp') is csp.spec.ts. */
export const e = (name: string) => `${name}.spec.ts`;
