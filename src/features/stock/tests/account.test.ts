/**
 * A new car that names no account takes the site's stock.default_account (import tests), else the
 * account most of the dealer's cars at its location carry (content format 1.3), so a cars block
 * filtered on an account lists the new arrivals of that yard.
 */
import { describe, expect, it } from 'vitest';
import { inferredAccount } from '../rules/account.ts';

const known = [
  { location_name: 'Tasman Pre-Owned', account: 'tasman-pre-owned' },
  { location_name: 'Tasman Pre-Owned', account: 'tasman-pre-owned' },
  { location_name: 'Tasman Pre-Owned', account: 'tasman-trade' },
  { location_name: 'Tasman Mitsubishi', account: 'tasman-mitsubishi' },
  { location_name: 'Tasman Mitsubishi' },
];

describe("a new car's account", () => {
  it('is the account most of the cars at its location carry', () => {
    expect(inferredAccount({ location_name: 'Tasman Pre-Owned' }, known)).toBe('tasman-pre-owned');
    expect(inferredAccount({ location_name: 'Tasman Mitsubishi' }, known)).toBe('tasman-mitsubishi');
  });
  it("falls back to the account most of the dealer's cars carry, and is none when no car has one", () => {
    expect(inferredAccount({ location_name: 'Elsewhere' }, known)).toBe('tasman-pre-owned');
    expect(inferredAccount({}, known)).toBe('tasman-pre-owned');
    expect(inferredAccount({ location_name: 'Tasman Pre-Owned' }, [])).toBeUndefined();
    expect(inferredAccount({ location_name: 'X' }, [{ location_name: 'X' }])).toBeUndefined();
  });
});
