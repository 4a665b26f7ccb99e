import { describe, expect, it } from 'vitest';
import { columnSpans } from '../../src/blocks/columns/widths.ts';
import { safeHref } from '../../src/lib/links.ts';
import { readableTextOn } from '../../src/lib/contrast.ts';
import { tagColours } from '../../src/blocks/tag/colours.ts';
import { bannerLayout } from '../../src/blocks/imageBanner/layout.ts';
import { iconFor, normaliseIconName } from '../../src/blocks/iconButtonsTool/icons.ts';
import { brandsForHeading, descriptionButtons, fillWebsiteName } from '../../src/blocks/brandDescription/buttons.ts';
import { locationHours, splitHours } from '../../src/blocks/customComponent/hours.ts';
import { primaryContact } from '../../src/blocks/customComponent/contact.ts';
import type { Brand } from '../../src/content/entities.ts';
import { fixtureDealer } from '../helpers/render.ts';

describe('column widths', () => {
  it('keeps given widths and splits 12 equally between columns without one', () => {
    expect(columnSpans([{ width: 8 }, { width: 4 }])).toEqual([8, 4]);
    expect(columnSpans([{}, {}])).toEqual([6, 6]);
    expect(columnSpans([{}, {}, {}])).toEqual([4, 4, 4]);
    expect(columnSpans([{ width: 6 }, {}, {}])).toEqual([6, 3, 3]);
  });

  it('gives any remainder to the first columns', () => {
    expect(columnSpans([{}, {}, {}, {}, {}])).toEqual([3, 3, 2, 2, 2]);
    expect(columnSpans([{ width: 5 }, {}, {}])).toEqual([5, 4, 3]);
  });

  it('gives columns a row of their own when the given widths leave too little', () => {
    expect(columnSpans([{ width: 12 }, {}])).toEqual([12, 12]);
    expect(columnSpans([{ width: 11 }, {}, {}])).toEqual([11, 6, 6]);
    expect(columnSpans([{ width: 11 }, {}])).toEqual([11, 1]);
  });

  it('gives 12 single columns one each, and 13 columns at least one each', () => {
    expect(columnSpans(Array.from({ length: 12 }, () => ({})))).toEqual(Array(12).fill(1));
    expect(columnSpans(Array.from({ length: 13 }, () => ({})))).toEqual(Array(13).fill(1));
  });
});

describe('safe links', () => {
  it.each([
    '/service',
    '#form-section',
    '?model=corolla',
    'https://example.com',
    'HTTP://x.au',
    'mailto:a@b.au',
    'tel:0295550100',
    'used-cars',
  ])('keeps %s', (href) => expect(safeHref(href)).toBe(href));
  it.each([
    'javascript:alert(1)',
    ' JavaScript:alert(1)',
    'java\tscript:alert(1)',
    'data:text/html,x',
    'vbscript:x',
    '',
    '  ',
  ])('drops %j', (href) => expect(safeHref(href)).toBeUndefined());
});

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

describe('tag colours', () => {
  it('maps theme names to theme colours with a readable text colour', () => {
    expect(tagColours({})).toEqual({ background: 'var(--color-primary)', text: '#fff' });
    expect(tagColours({ backgroundColor: 'Secondary' })).toEqual({
      background: 'var(--color-secondary)',
      text: '#000',
    });
    expect(tagColours({ backgroundColor: 'light', textColor: 'primary' })).toEqual({
      background: 'var(--color-soft)',
      text: 'var(--color-primary)',
    });
    expect(tagColours({ backgroundColor: 'warning' })).toEqual({ background: '#f0b400', text: '#000' });
  });

  it("reads the dealer's theme colour to choose text on primary and secondary", () => {
    expect(tagColours({}, { primaryColor: '#ffd400' }).text).toBe('#000');
    expect(tagColours({ backgroundColor: 'secondary' }, { secondaryColor: '#101010' }).text).toBe('#fff');
  });

  it('prefers custom colours, and ignores unknown names and unsafe values', () => {
    expect(tagColours({ backgroundColor: 'primary', customBackgroundColor: '#ffffff' })).toEqual({
      background: '#ffffff',
      text: '#000',
    });
    expect(tagColours({ textColor: 'white', customTextColor: '#123456' }).text).toBe('#123456');
    expect(tagColours({ backgroundColor: 'tartan', customBackgroundColor: 'red;x:y{}' })).toEqual({
      background: 'var(--color-primary)',
      text: '#fff',
    });
    expect(tagColours({ backgroundColor: 'constructor' }).background).toBe('var(--color-primary)');
  });
});

describe('banner layout', () => {
  it('turns a free-form layout into a modifier class and a content position', () => {
    expect(bannerLayout('Text Left')).toEqual({ modifier: 'image-banner--text-left', x: 'left', y: 'center' });
    expect(bannerLayout('bottom_right')).toEqual({ modifier: 'image-banner--bottom-right', x: 'right', y: 'bottom' });
    expect(bannerLayout('hero')).toEqual({ modifier: 'image-banner--hero', x: 'center', y: 'center' });
    expect(bannerLayout(undefined)).toEqual({ modifier: undefined, x: 'center', y: 'center' });
    expect(bannerLayout('"><script>')).toEqual({ modifier: 'image-banner--script', x: 'center', y: 'center' });
  });
});

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

describe('brand description buttons', () => {
  const brand = (id: number, name: string, websites: Brand['websites'], make?: string): Brand => ({
    id,
    name,
    make,
    websites,
    logo: undefined,
    url: undefined,
  });
  const brands = [
    brand(
      1,
      'Toyota',
      [
        { id: 1, name: 'Harbour Toyota', url: 'https://a.au' },
        { id: 2, name: 'Bay Toyota', url: 'https://b.au' },
      ],
      'Toyota',
    ),
    brand(2, 'Mercedes-Benz', [{ id: 3, name: 'Star Motors', url: 'https://c.au' }]),
    brand(3, 'Kia', [{ id: 4, name: 'Kia City', url: 'https://d.au' }]),
  ];

  it('fills every brand_website_name placeholder', () => {
    expect(fillWebsiteName('brand_website_name – visit brand_website_name', 'X')).toBe('X – visit X');
  });

  it('finds brands named in the heading as whole words, in any case', () => {
    expect(brandsForHeading('Explore TOYOTA', brands).map((b) => b.id)).toEqual([1]);
    expect(brandsForHeading('Mercedes Benz vans', brands).map((b) => b.id)).toEqual([2]);
    expect(brandsForHeading('Kiama service', brands)).toEqual([]);
    expect(brandsForHeading(undefined, brands)).toEqual([]);
  });

  it("uses a single-brand dealer's brand whatever the heading", () => {
    expect(brandsForHeading('Our range', [brands[2]!]).map((b) => b.id)).toEqual([3]);
  });

  it('makes one button per website, naming it when the text has no placeholder', () => {
    const dynamic = { href: '#', linkText: 'Visit', btnType: 'outline' as const, isDynamicWebsiteButtons: true };
    expect(descriptionButtons([dynamic], { heading: 'Toyota', brands, siteName: 'Site' })).toEqual([
      { href: 'https://a.au', text: 'Visit – Harbour Toyota', btnType: 'outline', btnColour: undefined },
      { href: 'https://b.au', text: 'Visit – Bay Toyota', btnType: 'outline', btnColour: undefined },
    ]);
    expect(descriptionButtons([dynamic], { heading: 'Kia', brands, siteName: 'Site' }).map((b) => b.text)).toEqual([
      'Visit',
    ]);
  });

  it('lists a website shared by two named brands once', () => {
    const group = [{ id: 9, name: 'Group', url: 'https://g.au' }];
    const shared = [brand(1, 'Kia', group), brand(2, 'Mazda', group)];
    const btn = { href: '#', linkText: 'Visit brand_website_name', isDynamicWebsiteButtons: true };
    expect(
      descriptionButtons([btn], { heading: 'Kia and Mazda', brands: shared, siteName: 'S' }).map((b) => b.text),
    ).toEqual(['Visit Group']);
  });
});

describe('dealer hours and contact', () => {
  it('splits "Day: hours" lines and keeps other lines whole', () => {
    expect(splitHours('Monday: 8:30 AM – 5:30 PM')).toEqual({ day: 'Monday', hours: '8:30 AM – 5:30 PM' });
    expect(splitHours('Public holidays closed')).toEqual({ hours: 'Public holidays closed' });
  });

  it('keeps locations with hours, of the given type when there is one', async () => {
    const { locations } = await fixtureDealer();
    expect(locationHours(locations).map((l) => l.name)).toEqual(['Mini Motors Sydney', 'Mini Motors Service Centre']);
    expect(locationHours(locations, 'sales').map((l) => l.name)).toEqual(['Mini Motors Sydney']);
    expect(locationHours(locations, 'parts')).toEqual([]);
    expect(locationHours(locations, 42).length).toBe(2);
  });

  it("takes the primary location's phone and address, and the site's phone when it has none", async () => {
    const dealer = await fixtureDealer();
    expect(primaryContact(dealer)).toEqual({
      phone: '(02) 9555 0100',
      email: 'sales@minimotors.com.au',
      address: '12 George Street, Sydney NSW 2000',
    });
    const noPhone = dealer.locations.map((l) => ({ ...l, contact_detail: undefined }));
    const site = { ...dealer.site, contact: { ...dealer.site.contact, phone: '1300 646 464' } };
    expect(primaryContact({ site, locations: noPhone }).phone).toBe('1300 646 464');
    expect(primaryContact({ site, locations: dealer.locations }).phone).toBe('(02) 9555 0100');
    expect(primaryContact({ site: { ...dealer.site, contact: undefined }, locations: [] })).toEqual({});
  });
});

describe('tag text stays readable', () => {
  it('replaces an editor text colour that fails AA contrast on its background', async () => {
    const { tagColours } = await import('../../src/blocks/tag/colours.ts');
    const { contrastRatio } = await import('../../src/lib/contrast.ts');
    const c = tagColours({ backgroundColor: 'custom', customBackgroundColor: '#14a3a3', customTextColor: '#ffffff' });
    expect(c.text).toBe('#000');
    expect(contrastRatio(c.text, c.background)!).toBeGreaterThanOrEqual(4.5);
    const kept = tagColours({ customBackgroundColor: '#0b3d5c', customTextColor: '#ffffff' });
    expect(kept.text).toBe('#ffffff');
    const themed = tagColours({ backgroundColor: 'secondary', customTextColor: '#fff' }, { secondaryColor: '#14a3a3' });
    expect(themed.text).toBe('#000');
  });
});
