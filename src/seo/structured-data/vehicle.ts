/** Facts about a car that the snapshot carries only as text, shared by the JSON-LD and the feeds. */
import type { Car } from '../../content/entities.ts';
import { plainText } from '../../lib/sanitize.ts';

export type Drive = 'awd' | '4wd' | 'fwd' | 'rwd';

const DRIVES: [Drive, RegExp][] = [
  ['awd', /\bawd\b|\ball[- ]wheel[- ]drive\b/i],
  ['4wd', /\b4wd\b|\b4x4\b|\bfour[- ]wheel[- ]drive\b/i],
  ['fwd', /\bfwd\b|\bfront[- ]wheel[- ]drive\b/i],
  ['rwd', /\brwd\b|\brear[- ]wheel[- ]drive\b/i],
];

/**
 * The driven wheels: from the stock's own `drive` (1.2) when it has one, else when the badge or
 * name says so ("GXL AWD", "SR5 4x4", "Rear-Wheel Drive"). "2WD" and "4x2" are left out: they do
 * not say which axle is driven. A `drive` that names none of the four is not overridden by the name.
 */
export function driveOf(car: Pick<Car, 'drive' | 'badge' | 'name'>): Drive | undefined {
  const text = car.drive?.trim() || `${car.badge ?? ''} ${car.name}`;
  return DRIVES.find(([, re]) => re.test(text))?.[0];
}

/**
 * The dealer comments as one line of plain text. They may hold CMS markup: a line break or the
 * end of a paragraph becomes a space, so "out.<br>Finance" does not run together.
 */
export function commentsText(car: Car): string {
  return plainText(car.dealercomments?.replace(/<(?:br|\/p|\/li|\/div|\/h[1-6])\b[^>]*>/gi, ' $&'));
}

/** "2019 Toyota HiLux SR5": the heading of the car page. */
export function carTitle(car: Car): string {
  return `${car.year} ${car.make} ${car.model}${car.badge ? ' ' + car.badge : ''}`;
}

/** Photo URLs made absolute on the dealer's origin; a car without photos has none. */
export function photoUrls(siteUrl: string, car: Car): string[] {
  return car.photos.filter((p) => p.trim()).map((p) => new URL(p, siteUrl).href);
}
