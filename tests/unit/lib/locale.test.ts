import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { COUNTRIES, LOCALES, isCountry, locale } from '../../../src/lib/locale.ts';

describe('the locale table', () => {
  it('has one entry per country, each naming its own country', () => {
    expect(Object.keys(LOCALES).sort()).toEqual([...COUNTRIES].sort());
    for (const c of COUNTRIES) expect(LOCALES[c].country).toBe(c);
  });

  it('reads anything but NZ as Australia', () => {
    expect(locale('NZ').language).toBe('en-NZ');
    expect(locale('AU').language).toBe('en-AU');
    expect(locale(undefined).country).toBe('AU');
    expect(locale('US').country).toBe('AU');
    expect(isCountry('NZ')).toBe(true);
    expect(isCountry('GB')).toBe(false);
  });

  it('writes the wording each country uses', () => {
    expect(locale('AU').legal.governingLaw('VIC')).toBe('VIC, Australia');
    expect(locale('AU').legal.governingLaw(undefined)).toBe('Australia');
    expect(locale('NZ').legal.governingLaw('Canterbury')).toBe('New Zealand');
    expect(locale('AU').address.placeLabel({ locality: 'Gosford', state: 'NSW', postcode: '2250' })).toBe(
      'Gosford NSW 2250',
    );
    expect(locale('NZ').address.placeLabel({ locality: 'Riccarton', state: 'Christchurch', postcode: '8041' })).toBe(
      'Riccarton, Christchurch 8041',
    );
    expect(locale('NZ').phone.nationalMobile.test('0211234567')).toBe(true);
    expect(locale('AU').phone.nationalMobile.test('0412345678')).toBe(true);
    expect(locale('AU').phone.nationalMobile.test('0298765432')).toBe(false);
    for (const c of COUNTRIES) expect(locale(c).postcode.pattern.test('2250')).toBe(true);
  });

  it('is the bottom layer: it imports nothing', () => {
    const source = readFileSync('src/lib/locale.ts', 'utf8');
    expect(source).not.toMatch(/^\s*import\s/m);
    expect(source).not.toMatch(/\bimport\(/);
  });
});
