/**
 * Inline SVG icons for icon buttons, drawn on a 24×24 grid with `currentColor` strokes. The CMS
 * names icons freely ("car", "Car", "fa-car", "usedCars", "map-marker"), so names are normalised
 * and common synonyms resolve to one icon; anything unknown gets the generic arrow.
 */

const ICONS = {
  car: '<path d="M5 17H3v-5l2-5h14l2 5v5h-2"/><path d="M3 12h18M9.5 17h5"/><circle cx="7.5" cy="17" r="2"/><circle cx="16.5" cy="17" r="2"/>',
  service: '<path d="M15 3.5a5 5 0 0 0-4.6 6.9L3.5 17.3l3.2 3.2 6.9-6.9A5 5 0 0 0 20.5 9l-3 3-3.2-.8-.8-3.2z"/>',
  finance:
    '<circle cx="12" cy="12" r="9"/><path d="M15 9.5c-.5-1-1.6-1.5-3-1.5-1.7 0-3 .8-3 2s1.3 1.7 3 2 3 .8 3 2-1.3 2-3 2c-1.4 0-2.5-.5-3-1.5M12 6v12"/>',
  phone: '<path d="M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2z"/>',
  location: '<path d="M12 21s-7-6.2-7-11.5a7 7 0 0 1 14 0C19 14.8 12 21 12 21z"/><circle cx="12" cy="9.5" r="2.5"/>',
  tag: '<path d="M3 12V4a1 1 0 0 1 1-1h8l9 9-9 9z"/><circle cx="7.5" cy="7.5" r="1.5"/>',
  calendar: '<rect x="3" y="5" width="18" height="16" rx="2"/><path d="M3 10h18M8 3v4M16 3v4"/>',
  'steering-wheel':
    '<circle cx="12" cy="12" r="9"/><circle cx="12" cy="12" r="2.5"/><path d="M3.3 10.5l6.3 1M20.7 10.5l-6.3 1M12 14.5V21"/>',
  parts:
    '<circle cx="12" cy="12" r="3"/><circle cx="12" cy="12" r="7"/><path d="M12 2v3M12 19v3M2 12h3M19 12h3M4.9 4.9 7 7M17 17l2.1 2.1M4.9 19.1 7 17M17 7l2.1-2.1"/>',
  star: '<path d="M12 3l2.8 5.7 6.2.9-4.5 4.4 1.1 6.2L12 17.3l-5.6 2.9 1.1-6.2L3 9.6l6.2-.9z"/>',
  mail: '<rect x="3" y="5" width="18" height="14" rx="2"/><path d="M3 7l9 6 9-6"/>',
  clock: '<circle cx="12" cy="12" r="9"/><path d="M12 7v5l3 2"/>',
  search: '<circle cx="11" cy="11" r="7"/><path d="M20 20l-4-4"/>',
  'trade-in': '<path d="M4 8h15l-3.5-3.5M20 16H5l3.5 3.5"/>',
  generic: '<circle cx="12" cy="12" r="9"/><path d="M10 8l4 4-4 4"/>',
} as const;

export type IconName = keyof typeof ICONS;

const SYNONYMS: Record<string, IconName> = {
  vehicle: 'car',
  'new-car': 'car',
  'used-car': 'car',
  stock: 'car',
  'car-side': 'car',
  wrench: 'service',
  tool: 'service',
  tools: 'service',
  servicing: 'service',
  'book-service': 'service',
  dollar: 'finance',
  money: 'finance',
  loan: 'finance',
  calculator: 'finance',
  call: 'phone',
  telephone: 'phone',
  contact: 'phone',
  map: 'location',
  pin: 'location',
  marker: 'location',
  'map-marker': 'location',
  directions: 'location',
  address: 'location',
  'price-tag': 'tag',
  offer: 'tag',
  special: 'tag',
  deal: 'tag',
  booking: 'calendar',
  book: 'calendar',
  date: 'calendar',
  event: 'calendar',
  steering: 'steering-wheel',
  'test-drive': 'steering-wheel',
  drive: 'steering-wheel',
  part: 'parts',
  gear: 'parts',
  cog: 'parts',
  accessories: 'parts',
  review: 'star',
  rating: 'star',
  email: 'mail',
  envelope: 'mail',
  enquiry: 'mail',
  hours: 'clock',
  time: 'clock',
  'opening-hours': 'clock',
  trade: 'trade-in',
  swap: 'trade-in',
  sell: 'trade-in',
  'sell-my-car': 'trade-in',
  valuation: 'trade-in',
};

function lookup(key: string): IconName | undefined {
  if (Object.hasOwn(ICONS, key)) return key as IconName;
  if (Object.hasOwn(SYNONYMS, key)) return SYNONYMS[key];
  return undefined;
}

/** "usedCars" → "used-cars", "FA-Car" → "car", "map_marker icon" → "map-marker". */
export function normaliseIconName(name: string): string {
  return name
    .trim()
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .replace(/^(fa|fas|icon|mdi)-/, '')
    .replace(/-icon$/, '');
}

/** The icon for a CMS icon name (a plural finds its singular), or the generic one. */
export function iconFor(name: string): { name: IconName; svg: string } {
  const key = normaliseIconName(name);
  const found = lookup(key) ?? (key.endsWith('s') ? lookup(key.slice(0, -1)) : undefined) ?? 'generic';
  return { name: found, svg: ICONS[found] };
}
