/**
 * A feed does not carry a car's listing account: a known car keeps its own, and a new one takes the
 * account its yard's cars agree on, so a cars block filtered on an account lists new arrivals.
 */
import { describe, expect, it } from 'vitest';
import { inferredAccount } from '../../../src/domain/stock/account.ts';

const known = [
  { car_type: 'used' as const, location_name: 'Tasman Pre-Owned', account: 'tasman-pre-owned' },
  { car_type: 'demo' as const, location_name: 'Tasman Pre-Owned', account: 'tasman-pre-owned' },
  { car_type: 'new' as const, location_name: 'Tasman Mitsubishi', account: 'tasman-mitsubishi' },
  { car_type: 'used' as const, location_name: 'Tasman Mitsubishi', account: 'tasman-mitsubishi' },
];

describe("a new car's account", () => {
  it('is the account of the cars of the same kind at its location', () => {
    expect(inferredAccount({ car_type: 'used', location_name: 'Tasman Pre-Owned' }, known)).toBe('tasman-pre-owned');
    expect(inferredAccount({ car_type: 'new', location_name: 'Tasman Mitsubishi' }, known)).toBe('tasman-mitsubishi');
  });
  it('falls back to the one account of its kind across locations, and is none when they disagree', () => {
    expect(inferredAccount({ car_type: 'new', location_name: 'Elsewhere' }, known)).toBe('tasman-mitsubishi');
    expect(inferredAccount({ car_type: 'used', location_name: 'Elsewhere' }, known)).toBeUndefined();
    expect(inferredAccount({ car_type: 'used', location_name: 'Tasman Pre-Owned' }, [])).toBeUndefined();
  });
});
