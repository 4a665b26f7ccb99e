import { describe, expect, it } from 'vitest';
import { matchServiceSites, type ManufacturerWebsite } from '../../../src/forms/service-sites.ts';

const site = (id: number, url: string, locations: ManufacturerWebsite['locations']): ManufacturerWebsite => ({
  id,
  name: `Site ${id}`,
  url,
  dealership: { id: id * 10, slug: `d-${id}` },
  locations,
});

const websites: ManufacturerWebsite[] = [
  site(1, 'https://toyota.example.com.au', [
    { id: 11, name: 'Toyota Sales', manufacturers: ['Toyota'], location_type: 'sales' },
    { id: 12, name: 'Toyota Service', manufacturers: ['Toyota'], location_type: 'Service' },
  ]),
  site(2, 'https://mazda-north.example.com.au', [
    { id: 21, name: 'Mazda North Service', manufacturers: ['Mazda'], location_type: 'SERVICE' },
  ]),
  site(3, 'https://mazda-south.example.com.au', [
    { id: 31, name: 'Mazda South Service', manufacturers: ['Mazda', 'Kia'], location_type: 'service' },
  ]),
  site(4, 'https://hyundai.example.com.au', [
    { id: 41, name: 'Hyundai Sales', manufacturers: ['Hyundai'], location_type: 'sales' },
  ]),
];

describe('choosing a make on the simple service booking', () => {
  it('goes straight to the one website that services the make', () => {
    expect(matchServiceSites('toyota', websites)).toEqual({ kind: 'redirect', url: 'https://toyota.example.com.au' });
    expect(matchServiceSites('Kia', websites)).toEqual({ kind: 'redirect', url: 'https://mazda-south.example.com.au' });
  });

  it('shows a location selector when several websites service it', () => {
    const match = matchServiceSites('Mazda', websites, { currentSiteId: 3 });
    expect(match).toEqual({
      kind: 'choose',
      options: [
        {
          label: 'Mazda North Service',
          value: '21',
          url: 'https://mazda-north.example.com.au',
          websiteId: '2',
          current: false,
        },
        {
          label: 'Mazda South Service',
          value: '31',
          url: 'https://mazda-south.example.com.au',
          websiteId: '3',
          current: true,
        },
      ],
    });
  });

  it('opens the booking form when none does (a sales-only location does not count)', () => {
    expect(matchServiceSites('Hyundai', websites)).toEqual({ kind: 'form' });
    expect(matchServiceSites('Ford', websites)).toEqual({ kind: 'form' });
    expect(matchServiceSites('Mazda', [])).toEqual({ kind: 'form' });
    expect(matchServiceSites('', websites)).toEqual({ kind: 'form' });
  });

  it('stays on the form when the only match is the site the visitor is on', () => {
    expect(matchServiceSites('Toyota', websites, { currentSiteId: 1 })).toEqual({ kind: 'form' });
  });

  it('copes with missing manufacturers, types and urls', () => {
    const sparse = [
      site(5, '', [{ manufacturers: ['Mazda'], location_type: 'service' }]),
      site(6, 'https://x.example.com', [{ manufacturers: null, location_type: null }]),
    ];
    expect(matchServiceSites('Mazda', sparse)).toEqual({ kind: 'form' });
  });
});
