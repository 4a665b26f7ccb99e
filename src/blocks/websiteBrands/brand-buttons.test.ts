import { describe, expect, it } from 'vitest';
import {
  isUsedStockWebsite,
  selectBrands,
  showsBookService,
  websiteBase,
  websiteButtons,
  type BrandButtonRules,
} from './buttons.ts';
import type { Brand } from '../../content/entities.ts';

const DEFAULT_SUFFIXES = ['Automotive Direct', 'Direct Used Cars'];
const rules = (over: Partial<BrandButtonRules> = {}): BrandButtonRules => ({
  usedStockSuffixes: DEFAULT_SUFFIXES,
  bookServiceButton: false,
  pagePath: '/',
  ...over,
});
const site = (name: string, url = 'https://www.example.com.au') => ({ id: 1, name, url });
const labels = (name: string, r: BrandButtonRules, url?: string) =>
  websiteButtons(site(name, url), r).map((b) => b.label);

describe('Visit Website', () => {
  it('is offered for every website, linking to its url', () => {
    expect(websiteButtons(site('Harbour Toyota'), rules())).toEqual([
      { label: 'Visit Website', href: 'https://www.example.com.au' },
    ]);
  });

  it('is not offered for a website whose url is not a web address', () => {
    expect(websiteButtons(site('Bad', 'javascript:alert(1)'), rules())).toEqual([]);
    expect(websiteButtons(site('Relative', '/used-cars'), rules())).toEqual([]);
    expect(websiteButtons(site('Empty', ''), rules())).toEqual([]);
  });
});

describe('Visit Used Stock', () => {
  it('is offered for names ending in Automotive Direct or Direct Used Cars, to <url>/used-cars', () => {
    expect(websiteButtons(site('Harbour Automotive Direct'), rules())[1]).toEqual({
      label: 'Visit Used Stock',
      href: 'https://www.example.com.au/used-cars',
    });
    expect(labels('Bayside Direct Used Cars', rules())).toEqual(['Visit Website', 'Visit Used Stock']);
  });

  it('ignores case and surrounding spaces in the name and the suffix', () => {
    expect(isUsedStockWebsite('  harbour AUTOMOTIVE direct  ', DEFAULT_SUFFIXES)).toBe(true);
    expect(isUsedStockWebsite('Harbour Automotive Direct', [' automotive direct '])).toBe(true);
  });

  it('is offered for a name that is just the suffix', () => {
    expect(isUsedStockWebsite('Direct Used Cars', DEFAULT_SUFFIXES)).toBe(true);
  });

  it('is not offered when the suffix is elsewhere in the name, or only partly there', () => {
    expect(isUsedStockWebsite('Automotive Direct Harbour', DEFAULT_SUFFIXES)).toBe(false);
    expect(isUsedStockWebsite('Harbour Direct Used Car', DEFAULT_SUFFIXES)).toBe(false);
    expect(isUsedStockWebsite('Harbour Automotive', DEFAULT_SUFFIXES)).toBe(false);
  });

  it('follows the site option for suffixes, ignoring empty ones', () => {
    expect(isUsedStockWebsite('Harbour Used', ['Used'])).toBe(true);
    expect(isUsedStockWebsite('Harbour Automotive Direct', ['Used'])).toBe(false);
    expect(isUsedStockWebsite('Harbour Toyota', ['', '  '])).toBe(false);
    expect(isUsedStockWebsite('Harbour Toyota', [])).toBe(false);
  });

  it('joins the path without doubling a trailing slash', () => {
    expect(websiteButtons(site('X Automotive Direct', 'https://x.com.au///'), rules())[1]!.href).toBe(
      'https://x.com.au/used-cars',
    );
    expect(websiteBase(' https://x.com.au/ ')).toBe('https://x.com.au');
  });
});

describe('Book Your Service', () => {
  it('is offered on a why-service-with-us page when the site turns it on, to <url>/service', () => {
    const r = rules({ bookServiceButton: true, pagePath: '/why-service-with-us' });
    expect(websiteButtons(site('Harbour Toyota'), r)).toEqual([
      { label: 'Visit Website', href: 'https://www.example.com.au' },
      { label: 'Book Your Service', href: 'https://www.example.com.au/service' },
    ]);
  });

  it('is offered on any page whose path contains why-service-with-us', () => {
    expect(showsBookService({ bookServiceButton: true, pagePath: '/service/why-service-with-us-toyota' })).toBe(true);
  });

  it('is not offered on other pages, or when the site leaves it off', () => {
    expect(showsBookService({ bookServiceButton: true, pagePath: '/service' })).toBe(false);
    expect(showsBookService({ bookServiceButton: true, pagePath: '/' })).toBe(false);
    expect(showsBookService({ bookServiceButton: false, pagePath: '/why-service-with-us' })).toBe(false);
  });

  it('comes after Visit Used Stock when both apply', () => {
    const r = rules({ bookServiceButton: true, pagePath: '/why-service-with-us' });
    expect(labels('Harbour Automotive Direct', r)).toEqual(['Visit Website', 'Visit Used Stock', 'Book Your Service']);
  });
});

describe('brands shown by a block', () => {
  const brands = [
    { id: 1, name: 'Toyota', websites: [] },
    { id: '2', name: 'Kia', websites: [] },
    { id: 3, name: 'Mazda', websites: [] },
  ] as unknown as Brand[];

  it('shows all brands when none are chosen', () => {
    expect(selectBrands(brands, undefined).map((b) => b.name)).toEqual(['Toyota', 'Kia', 'Mazda']);
  });

  it('shows the chosen brands in the editor order, matching ids as text, once each', () => {
    expect(selectBrands(brands, [3, 2, '1', 99, 3]).map((b) => b.name)).toEqual(['Mazda', 'Kia', 'Toyota']);
  });

  it('shows nothing when the chosen list is empty', () => {
    expect(selectBrands(brands, [])).toEqual([]);
  });
});
