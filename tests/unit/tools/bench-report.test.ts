import { describe, expect, it } from 'vitest';
import { concurrentPeak } from '../../../scripts/bench/bench-report.ts';

describe("the bench's peak memory of a fleet build", () => {
  it("adds the largest worker peaks of as many workers as run at once, not every batch's", () => {
    // Ten batches run two at a time: at most the two largest are alive together.
    const tenBatches = [700, 810, 760, 790, 805, 720, 730, 740, 750, 800];
    expect(concurrentPeak(tenBatches, 2)).toBe(810 + 805);
    // As many workers as batches: all of them.
    expect(concurrentPeak([770, 790], 2)).toBe(1560);
    expect(concurrentPeak([770, 790], 4)).toBe(1560);
    // Rendered in the build's own process: no worker.
    expect(concurrentPeak([], 0)).toBe(0);
  });
});
