import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  LEAVE_WAIT_MS,
  MANUFACTURER_FUNCTION,
  MANUFACTURER_MAX_POLLS,
  MANUFACTURER_POLL_MS,
  createManufacturerDataLayer,
  track,
  trackThenGo,
} from '../../../src/site/analytics.ts';

type Win = { dataLayer?: unknown[] } & Record<string, unknown>;

describe('tracking events', () => {
  it('pushes a form event with its spec id to the tag manager data layer', () => {
    const win: Win = {};
    track({ event: 'form_submit', id: 20, category: 'Service Booking' }, win);
    expect(win.dataLayer).toEqual([{ event: 'form_submit', event_id: 20, category: 'Service Booking' }]);
  });

  it('keeps events pushed before the tag manager loaded, in order', () => {
    const win: Win = { dataLayer: [{ 'gtm.start': 1 }] };
    track({ event: 'a', id: 31 }, win);
    track({ event: 'b' }, win);
    expect(win.dataLayer).toEqual([{ 'gtm.start': 1 }, { event: 'a', event_id: 31 }, { event: 'b' }]);
  });
});

describe('manufacturer data layer', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('delivers at once when the manufacturer function is already on the page', () => {
    const seen: unknown[] = [];
    const win: Win = { [MANUFACTURER_FUNCTION]: (e: unknown) => seen.push(e) };
    const layer = createManufacturerDataLayer({ win });
    layer.push({ event: 'thank_you', id: 13 });
    expect(seen).toEqual([{ event: 'thank_you', event_id: 13 }]);
    expect(layer.pending).toBe(0);
  });

  it('queues events and polls every 300 ms until the function appears, then flushes them in order', () => {
    const seen: unknown[] = [];
    const win: Win = {};
    const layer = createManufacturerDataLayer({ win });
    layer.push({ event: 'first' });
    layer.push({ event: 'second' });
    expect(layer.pending).toBe(2);
    vi.advanceTimersByTime(MANUFACTURER_POLL_MS * 3);
    expect(seen).toEqual([]);
    win[MANUFACTURER_FUNCTION] = (e: unknown) => seen.push(e);
    vi.advanceTimersByTime(MANUFACTURER_POLL_MS - 1);
    expect(seen).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(seen).toEqual([{ event: 'first' }, { event: 'second' }]);
    expect(layer.pending).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('polls every 300 ms (spec §7): nothing is delivered before the function exists, an event is delivered within one tick of it appearing, and the polling then stops', () => {
    expect(MANUFACTURER_POLL_MS).toBe(300);
    const seen: { event: unknown; at: number }[] = [];
    const win: Win = {};
    const start = Date.now();
    const layer = createManufacturerDataLayer({ win });
    layer.push({ event: 'page_view', page_type: 'service' });
    // 1 s with no function and no tag manager: nothing delivered, one interval timer running.
    vi.advanceTimersByTime(1000);
    expect(seen).toEqual([]);
    expect(layer.pending).toBe(1);
    expect(vi.getTimerCount()).toBe(1);
    // The function appears between two ticks (at 1000 ms; the ticks fall at 900 and 1200 ms).
    const appeared = Date.now() - start;
    win[MANUFACTURER_FUNCTION] = (e: { event: unknown }) => seen.push({ event: e.event, at: Date.now() - start });
    vi.advanceTimersByTime(300);
    expect(seen).toEqual([{ event: 'page_view', at: 1200 }]);
    expect(seen[0]!.at - appeared).toBeLessThanOrEqual(300);
    expect(seen[0]!.at % 300).toBe(0);
    // Polling stops once delivered; a later event goes straight to the function.
    expect(vi.getTimerCount()).toBe(0);
    layer.push({ event: 'later' });
    expect(seen.map((s) => s.event)).toEqual(['page_view', 'later']);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('falls back to the tag manager data layer once google_tag_manager has loaded', () => {
    const win: Win = {};
    const layer = createManufacturerDataLayer({ win });
    layer.push({ event: 'thank_you' });
    win.google_tag_manager = { 'GTM-X': {} };
    vi.advanceTimersByTime(MANUFACTURER_POLL_MS);
    expect(win.dataLayer).toEqual([{ event: 'manufacturer_thank_you' }]);
  });

  it('stops polling and drops the queue after the bound when nothing ever loads', () => {
    const win: Win = {};
    const layer = createManufacturerDataLayer({ win });
    layer.push({ event: 'lost' });
    vi.advanceTimersByTime(MANUFACTURER_POLL_MS * (MANUFACTURER_MAX_POLLS - 1));
    expect(layer.pending).toBe(1);
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(MANUFACTURER_POLL_MS);
    expect(layer.pending).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
    const seen: unknown[] = [];
    win[MANUFACTURER_FUNCTION] = (e: unknown) => seen.push(e);
    vi.advanceTimersByTime(MANUFACTURER_POLL_MS * 5);
    expect(seen).toEqual([]);
  });
});

describe('tracking before leaving the page', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('leaves at once when no tag manager runs', () => {
    const win: Win = {};
    const go = vi.fn();
    trackThenGo({ event: 'form_submit', id: 20 }, go, win);
    expect(go).toHaveBeenCalledOnce();
    expect(win.dataLayer).toEqual([{ event: 'form_submit', event_id: 20 }]);
  });

  it('waits for the tag manager to send the event, but never longer than the bound', () => {
    const win: Win = { google_tag_manager: {} };
    const go = vi.fn();
    trackThenGo({ event: 'form_submit' }, go, win);
    expect(go).not.toHaveBeenCalled();
    (win.dataLayer![0] as { eventCallback: () => void }).eventCallback();
    expect(go).toHaveBeenCalledOnce();
    vi.advanceTimersByTime(LEAVE_WAIT_MS);
    expect(go).toHaveBeenCalledOnce();

    const late = vi.fn();
    trackThenGo({ event: 'form_submit' }, late, win);
    vi.advanceTimersByTime(LEAVE_WAIT_MS - 1);
    expect(late).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(late).toHaveBeenCalledOnce();
  });
});
