import { describe, expect, it } from 'vitest';
import {
  BIO_PREVIEW_CHARS,
  MODEL_DESCRIPTION_CHARS,
  formatKm,
  formatPrice,
  shortTitle,
  trimmed,
  trimmedOrNumber,
  truncate,
} from '../../../src/lib/text.ts';

const letters = (n: number) => 'x'.repeat(n);

describe('truncate', () => {
  it('uses 60 characters for staff bios and 200 for model descriptions (spec §9)', () => {
    expect(BIO_PREVIEW_CHARS).toBe(60);
    expect(MODEL_DESCRIPTION_CHARS).toBe(200);
  });

  it.each([59, 60])('leaves a %i-character bio whole', (n) => {
    expect(truncate(letters(n), 60)).toBe(letters(n));
  });

  it('cuts a 61-character bio to 60 characters and an ellipsis', () => {
    expect(truncate(letters(61), 60)).toBe(`${letters(60)}…`);
  });

  it.each([199, 200])('leaves a %i-character model description whole', (n) => {
    expect(truncate(letters(n), 200)).toBe(letters(n));
  });

  it('cuts a 201-character model description to 200 characters and an ellipsis', () => {
    expect(truncate(letters(201), 200)).toBe(`${letters(200)}…`);
  });

  it('cuts at the last word boundary instead of inside a word', () => {
    const bio = 'Jane has worked with Mini Motors for twelve years and loves helping families find cars';
    const cut = truncate(bio, 60);
    expect(cut).toBe('Jane has worked with Mini Motors for twelve years and loves…');
    expect(cut.length - 1).toBeLessThanOrEqual(60);
  });

  it('drops punctuation left dangling at the cut', () => {
    expect(truncate('One two three, four five six seven eight nine ten eleven, twelve thirteen', 60)).toBe(
      'One two three, four five six seven eight nine ten eleven…',
    );
  });

  it('cuts inside a word when the last space is too far back', () => {
    const text = `Hi ${letters(80)}`;
    expect(truncate(text, 60)).toBe(`${text.slice(0, 60)}…`);
  });

  it('counts characters after trimming surrounding white space', () => {
    expect(truncate(`   ${letters(60)}   `, 60)).toBe(letters(60));
  });
});

describe('prices and kilometres', () => {
  it('shows whole dollars with thousands separators', () => {
    expect(formatPrice(27990)).toBe('$27,990');
    expect(formatPrice(1234567.6)).toBe('$1,234,568');
    expect(formatPrice(0)).toBe('$0');
  });

  it('shows kilometres rounded with separators', () => {
    expect(formatKm(35000)).toBe('35,000 km');
    expect(formatKm(999.6)).toBe('1,000 km');
  });

  it('shortens a page title at its separator', () => {
    expect(shortTitle('Service | Harbour City Toyota')).toBe('Service');
    expect(shortTitle('Pre-Owned Cars')).toBe('Pre-Owned Cars');
  });
});

describe('trimmed and trimmedOrNumber', () => {
  it('keep text with something in it, trimmed, and nothing else', () => {
    expect(trimmed('  Coastal Mazda ')).toBe('Coastal Mazda');
    for (const v of ['', '   ', undefined, null, 42, true, {}]) expect(trimmed(v)).toBeUndefined();
  });

  it('also take finite numbers as their digits', () => {
    expect(trimmedOrNumber(2024)).toBe('2024');
    expect(trimmedOrNumber(' 7 ')).toBe('7');
    for (const v of [Number.NaN, Infinity, '', null]) expect(trimmedOrNumber(v)).toBeUndefined();
  });
});
