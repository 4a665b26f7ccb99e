import { describe, expect, it } from 'vitest';
import { iconFor, normaliseIconName } from './icons.ts';

describe('icon names', () => {
  it('normalises the ways editors write icon names', () => {
    expect(normaliseIconName('usedCars')).toBe('used-cars');
    expect(normaliseIconName('FA-Car')).toBe('car');
    expect(normaliseIconName(' map_marker icon ')).toBe('map-marker');
  });

  it.each([
    ['car', 'car'],
    ['Cars', 'car'],
    ['service', 'service'],
    ['wrench', 'service'],
    ['finance', 'finance'],
    ['phone', 'phone'],
    ['location', 'location'],
    ['map-marker', 'location'],
    ['tag', 'tag'],
    ['offers', 'tag'],
    ['calendar', 'calendar'],
    ['steering-wheel', 'steering-wheel'],
    ['testDrive', 'steering-wheel'],
    ['parts', 'parts'],
    ['star', 'star'],
    ['reviews', 'star'],
    ['flux-capacitor', 'generic'],
    ['', 'generic'],
  ])('draws %j as the %s icon', (name, icon) => {
    expect(iconFor(name).name).toBe(icon);
  });
});
