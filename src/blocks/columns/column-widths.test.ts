import { describe, expect, it } from 'vitest';
import { columnSpans } from './widths.ts';

describe('column widths', () => {
  it('keeps given widths and splits 12 equally between columns without one', () => {
    expect(columnSpans([{ width: 8 }, { width: 4 }])).toEqual([8, 4]);
    expect(columnSpans([{}, {}])).toEqual([6, 6]);
    expect(columnSpans([{}, {}, {}])).toEqual([4, 4, 4]);
    expect(columnSpans([{ width: 6 }, {}, {}])).toEqual([6, 3, 3]);
  });

  it('gives any remainder to the first columns', () => {
    expect(columnSpans([{}, {}, {}, {}, {}])).toEqual([3, 3, 2, 2, 2]);
    expect(columnSpans([{ width: 5 }, {}, {}])).toEqual([5, 4, 3]);
  });

  it('gives columns a row of their own when the given widths leave too little', () => {
    expect(columnSpans([{ width: 12 }, {}])).toEqual([12, 12]);
    expect(columnSpans([{ width: 11 }, {}, {}])).toEqual([11, 6, 6]);
    expect(columnSpans([{ width: 11 }, {}])).toEqual([11, 1]);
  });

  it('gives 12 single columns one each, and 13 columns at least one each', () => {
    expect(columnSpans(Array.from({ length: 12 }, () => ({})))).toEqual(Array(12).fill(1));
    expect(columnSpans(Array.from({ length: 13 }, () => ({})))).toEqual(Array(13).fill(1));
  });
});
