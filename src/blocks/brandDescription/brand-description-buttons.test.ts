import { describe, expect, it } from 'vitest';
import { brandsForHeading, descriptionButtons, fillWebsiteName } from './buttons.ts';
import type { Brand } from '../../content/entities.ts';

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
