import { describe, expect, it } from 'vitest';
import { readableTextOn } from '../../../src/lib/contrast.ts';

describe('readable text colour', () => {
  it('is black on light colours and white on dark ones', () => {
    expect(readableTextOn('#ffee00')).toBe('#000');
    expect(readableTextOn('#fff')).toBe('#000');
    expect(readableTextOn('#003366')).toBe('#fff');
    expect(readableTextOn('rgb(200, 16, 46)')).toBe('#fff');
    expect(readableTextOn('white')).toBe('#000');
  });

  it('is undecided for colours it cannot read', () => {
    expect(readableTextOn('var(--x)')).toBeUndefined();
    expect(readableTextOn('rebeccapurple')).toBeUndefined();
    expect(readableTextOn(undefined)).toBeUndefined();
  });
});
