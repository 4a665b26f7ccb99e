/**
 * A local stand-in for a vehicle history service (a PPSR-style check by VIN): it speaks the wire
 * format documented in src/features/vehicle-history/server/history-provider.ts, so the real
 * client runs against it in tests (and by hand: `HISTORY_PROVIDER_URL=<its url> HISTORY_API_KEY=any`
 * with `npm run stock -- import`). No network, no key to obtain.
 *
 * POST /checks answers:
 *   - a VIN of DEMO_CHECKS        → 200 its check, dated `checkedOn` (the request's day when unset)
 *   - another well-formed VIN     → 404 { code: "no_record" }
 *   - no VIN, or not 17 characters → 422 { code: "invalid_vin" }
 * Paths under /hang/ never answer; under /broken/ answer 500 with HTML (standin-server.ts).
 */
import { startJsonStandIn, type StandIn, type StandInOptions } from './standin-server.ts';

export type { StandIn };

export const HISTORY_SOURCE = 'Stand-in PPSR';

/** The VINs the stand-in has checks for. */
export const DEMO_CHECKS: Record<
  string,
  { financeOwing: boolean; stolen: boolean; writtenOff: boolean; writeOffType?: string }
> = {
  JTNKB3BE00J012345: { financeOwing: false, stolen: false, writtenOff: false },
  JM0KF4W1A00123456: { financeOwing: true, stolen: false, writtenOff: false },
  MR0FZ29G001234567: { financeOwing: false, stolen: false, writtenOff: true, writeOffType: 'repairable' },
};

type Json = Record<string, unknown>;

export function answerCheck(request: Json, checkedOn: string): { status: number; body: Json } {
  const vin = typeof request.vin === 'string' ? request.vin.replace(/[\s-]+/g, '').toUpperCase() : '';
  if (!/^[A-HJ-NPR-Z0-9]{17}$/.test(vin))
    return { status: 422, body: { code: 'invalid_vin', message: 'A VIN is 17 letters and digits.' } };
  const found = DEMO_CHECKS[vin];
  if (!found) return { status: 404, body: { code: 'no_record', message: 'No record of this VIN.' } };
  return { status: 200, body: { checkedOn, source: HISTORY_SOURCE, ...found } };
}

export function startHistoryStandIn(options: StandInOptions & { checkedOn?: string } = {}): Promise<StandIn> {
  return startJsonStandIn(
    '/checks',
    (body) => answerCheck(body, options.checkedOn ?? new Date().toISOString().slice(0, 10)),
    options,
  );
}
