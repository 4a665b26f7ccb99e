/**
 * npm start's rebuild after stock changes: the dealers changed within a quiet period are built
 * together once it has passed, one build at a time, and a change during a build is built by one
 * more build after it; each build is one log line with its dealers, seconds and result.
 */
import { describe, expect, it } from 'vitest';
import { stockRebuilds, type Clock, type RebuildResult } from '../../../src/engine/serve/stock-rebuild.ts';

/** A clock whose time moves only when the test says, firing the timers that fall due. */
function fakeClock(): Clock & { advance(ms: number): Promise<void> } {
  let now = 0;
  let next = 0;
  const timers = new Map<number, { at: number; fn: () => void }>();
  return {
    now: () => now,
    setTimeout(fn, ms) {
      const id = ++next;
      timers.set(id, { at: now + ms, fn });
      return id;
    },
    clearTimeout(id) {
      timers.delete(id as number);
    },
    async advance(ms) {
      const end = now + ms;
      for (;;) {
        const due = [...timers.entries()].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
        if (!due) break;
        timers.delete(due[0]);
        now = due[1].at;
        due[1].fn();
        await new Promise((r) => setImmediate(r));
      }
      now = end;
      await new Promise((r) => setImmediate(r));
    },
  };
}

/** A build runner whose builds end when the test ends them. */
function fakeRunner(clock: ReturnType<typeof fakeClock>) {
  const builds: { slugs: string[]; finish(r: RebuildResult): void }[] = [];
  return {
    builds,
    run: (slugs: string[]) => new Promise<RebuildResult>((resolve) => builds.push({ slugs, finish: resolve })),
    clock,
  };
}

describe('rebuilds after stock changes', () => {
  it('builds the dealers changed within the quiet period once, together, after it', async () => {
    const clock = fakeClock();
    const runner = fakeRunner(clock);
    const log: string[] = [];
    const after: string[][] = [];
    const r = stockRebuilds({
      run: runner.run,
      log: (l) => log.push(l),
      clock,
      quietMs: 20_000,
      afterBuild: async (slugs) => {
        after.push(slugs);
      },
    });
    r.changed('tasman-motors');
    await clock.advance(10_000);
    r.changed('mini-motors');
    r.changed('tasman-motors');
    await clock.advance(19_000);
    expect(runner.builds).toEqual([]);
    await clock.advance(1_000);
    expect(runner.builds.map((b) => b.slugs)).toEqual([['mini-motors', 'tasman-motors']]);
    await clock.advance(12_500);
    runner.builds[0]!.finish({ code: 0, output: '' });
    await r.idle();
    expect(log).toEqual(['Stock changed: rebuilt mini-motors, tasman-motors in 12.5 s: built']);
    expect(after).toEqual([['mini-motors', 'tasman-motors']]);
  });

  it('runs one build at a time, and builds what changed meanwhile right after', async () => {
    const clock = fakeClock();
    const runner = fakeRunner(clock);
    const log: string[] = [];
    const r = stockRebuilds({ run: runner.run, log: (l) => log.push(l), clock, quietMs: 20_000 });
    r.changed('mini-motors');
    await clock.advance(20_000);
    expect(runner.builds).toHaveLength(1);
    r.changed('group-motors');
    r.changed('mini-motors');
    await clock.advance(60_000);
    expect(runner.builds, 'no second build while the first runs').toHaveLength(1);
    runner.builds[0]!.finish({ code: 1, output: 'Error: dealers/mini-motors/site.json: not JSON' });
    await clock.advance(0);
    expect(runner.builds.map((b) => b.slugs)).toEqual([['mini-motors'], ['group-motors', 'mini-motors']]);
    expect(log[0]).toBe(
      'Stock changed: rebuilt mini-motors in 60.0 s: failed (exit 1); the last good sites are still served',
    );
    expect(log[1]).toContain('dealers/mini-motors/site.json: not JSON');
    runner.builds[1]!.finish({ code: 0, output: '' });
    await r.idle();
    expect(runner.builds).toHaveLength(2);
  });

  it('a change during a build waits for its own quiet period when that ends after the build', async () => {
    const clock = fakeClock();
    const runner = fakeRunner(clock);
    const r = stockRebuilds({ run: runner.run, log: () => {}, clock, quietMs: 20_000 });
    r.changed('mini-motors');
    await clock.advance(20_000);
    await clock.advance(5_000);
    r.changed('mini-motors');
    runner.builds[0]!.finish({ code: 0, output: '' });
    await clock.advance(10_000);
    expect(runner.builds).toHaveLength(1);
    await clock.advance(10_000);
    expect(runner.builds).toHaveLength(2);
    runner.builds[1]!.finish({ code: 0, output: '' });
    await r.close();
  });

  it('builds at the latest REBUILD_MAX_WAIT_MS after the first change, however often changes keep coming', async () => {
    const clock = fakeClock();
    const runner = fakeRunner(clock);
    const r = stockRebuilds({ run: runner.run, log: () => {}, clock, quietMs: 20_000, maxWaitMs: 120_000 });
    for (let t = 0; t < 110_000; t += 10_000) {
      r.changed('mini-motors');
      await clock.advance(10_000);
    }
    expect(runner.builds).toHaveLength(0);
    r.changed('mini-motors');
    await clock.advance(9_999);
    expect(runner.builds).toHaveLength(0);
    await clock.advance(1);
    expect(runner.builds).toHaveLength(1);
    runner.builds[0]!.finish({ code: 0, output: '' });
    await r.close();
  });
});
