/** Answers worked out once per dealer (src/lib/memo.ts) and the chrome that uses them. */
import { describe, expect, it } from 'vitest';
import { oncePer } from '../../../src/lib/memo.ts';

describe('oncePer', () => {
  it('works an answer out once per object, an undefined answer included, and apart for each object', () => {
    const calls: object[] = [];
    const f = oncePer((o: { n?: number }) => {
      calls.push(o);
      return o.n;
    });
    const a = { n: 1 };
    const b = {};
    expect([f(a), f(a), f(b), f(b), f({ n: 1 })]).toEqual([1, 1, undefined, undefined, 1]);
    expect(calls).toHaveLength(3);
  });
});
