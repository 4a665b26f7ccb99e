/**
 * Tracking events for the tag manager (window.dataLayer) and the manufacturer's dealer-analytics
 * data layer. Event ids are the spec's (§7); forms carry theirs in `FormDef.analyticsEvent`.
 *
 * Every push is `{ event, event_id?, ...details }` so tag-manager triggers can key on either the
 * name or the id.
 */

/** Event ids of spec §7. */
export const EVENT_IDS = {
  serviceBooking: 20,
  financeCalculator: 26,
  financeCompletion: 28,
  financeFirstStep: 31,
  tradeIn: 18,
  tradeInValuation: 40,
} as const;

export interface TrackEvent {
  /** The dataLayer `event` name, e.g. "form_submit". */
  event: string;
  /** The spec's numeric event id, when the event has one. */
  id?: number;
  [detail: string]: unknown;
}

type DataLayerWindow = { dataLayer?: unknown[] } & Record<string, unknown>;

function browserWindow(): DataLayerWindow | undefined {
  return typeof window === 'undefined' ? undefined : (window as unknown as DataLayerWindow);
}

/** The object pushed for an event: `id` travels as `event_id`. */
export function dataLayerEntry(event: TrackEvent): Record<string, unknown> {
  const { id, ...rest } = event;
  return id === undefined ? rest : { ...rest, event_id: id };
}

/** Pushes one event to window.dataLayer (created when the tag manager has not loaded yet). */
export function track(event: TrackEvent, win: DataLayerWindow | undefined = browserWindow()): void {
  if (!win) return;
  if (!Array.isArray(win.dataLayer)) win.dataLayer = [];
  win.dataLayer.push(dataLayerEntry(event));
}

/**
 * The manufacturer's analytics script is loaded by the tag manager, after the page. It delivers to
 * `window[MANUFACTURER_FUNCTION]` when it defines that function; otherwise, once the tag manager
 * itself is up (`window.google_tag_manager` exists), events go to window.dataLayer under the name
 * `manufacturer_<event>` for the manufacturer's tag to pick up.
 */
export const MANUFACTURER_FUNCTION = 'manufacturerDataLayer';
/** Spec §7: the data layer is polled every 300 ms. */
export const MANUFACTURER_POLL_MS = 300;
/** Polling stops after this many attempts (30 s); queued events are then dropped. */
export const MANUFACTURER_MAX_POLLS = 100;

type Deliver = (entry: Record<string, unknown>) => void;

function manufacturerTarget(win: DataLayerWindow): Deliver | undefined {
  const fn = win[MANUFACTURER_FUNCTION];
  if (typeof fn === 'function') return (entry) => (fn as Deliver)(entry);
  if (win.google_tag_manager) {
    return (entry) => track({ ...entry, event: `manufacturer_${String(entry.event)}` }, win);
  }
  return undefined;
}

export interface ManufacturerDataLayer {
  /** Delivers now when the target is ready, else queues and polls until it is (or gives up). */
  push(event: TrackEvent): void;
  /** Events waiting for the target. */
  readonly pending: number;
  /** Stops polling and drops the queue. */
  stop(): void;
}

export interface ManufacturerOptions {
  win?: DataLayerWindow;
  intervalMs?: number;
  maxPolls?: number;
}

export function createManufacturerDataLayer(options: ManufacturerOptions = {}): ManufacturerDataLayer {
  const intervalMs = options.intervalMs ?? MANUFACTURER_POLL_MS;
  const maxPolls = options.maxPolls ?? MANUFACTURER_MAX_POLLS;
  let queue: Record<string, unknown>[] = [];
  let timer: ReturnType<typeof setInterval> | undefined;
  let polls = 0;

  const stop = () => {
    if (timer !== undefined) clearInterval(timer);
    timer = undefined;
    queue = [];
  };
  const flush = (win: DataLayerWindow): boolean => {
    const deliver = manufacturerTarget(win);
    if (!deliver) return false;
    const ready = queue;
    queue = [];
    for (const entry of ready) deliver(entry);
    return true;
  };
  const poll = () => {
    const win = options.win ?? browserWindow();
    polls += 1;
    if (win && flush(win)) {
      clearInterval(timer);
      timer = undefined;
    } else if (polls >= maxPolls) {
      stop();
    }
  };

  return {
    push(event) {
      const win = options.win ?? browserWindow();
      if (!win) return;
      queue.push(dataLayerEntry(event));
      if (timer !== undefined) return;
      if (flush(win)) return;
      polls = 0;
      timer = setInterval(poll, intervalMs);
    },
    get pending() {
      return queue.length;
    },
    stop,
  };
}

let shared: ManufacturerDataLayer | undefined;

/** The page's one manufacturer data layer (islands share it so events keep their order). */
export function manufacturerDataLayer(): ManufacturerDataLayer {
  shared ??= createManufacturerDataLayer();
  return shared;
}

/** Longest wait for the tag manager's tags before leaving the page. */
export const LEAVE_WAIT_MS = 600;

/**
 * Tracks an event that is followed by leaving the page: `go` runs once the tag manager has sent
 * it (its `eventCallback`), after LEAVE_WAIT_MS at most, or at once when no tag manager runs.
 */
export function trackThenGo(
  event: TrackEvent,
  go: () => void,
  win: DataLayerWindow | undefined = browserWindow(),
): void {
  if (!win?.google_tag_manager) {
    track(event, win);
    go();
    return;
  }
  let gone = false;
  const once = () => {
    if (gone) return;
    gone = true;
    go();
  };
  track({ ...event, eventCallback: once, eventTimeout: LEAVE_WAIT_MS }, win);
  setTimeout(once, LEAVE_WAIT_MS);
}

/** Sends an event to the tag manager, and to the manufacturer's data layer when the site has one. */
export function trackEverywhere(event: TrackEvent, site: { manufacturerDataLayer?: boolean }): void {
  track(event);
  if (site.manufacturerDataLayer) manufacturerDataLayer().push(event);
}
