import { describe, expect, it } from 'vitest';
import { bioPreview, initials, staffRating, toStaffCard } from './staff-card.ts';
import { TEAM_PARAM, teamTabItems } from './team-tabs.ts';
import {
  hrefWithTab as hrefWithItem,
  tabIndexAfterKey,
  tabIndexFromSearch as indexFromSearch,
  uniqueSlugs,
} from '../../components/ui/tabs.ts';
import { siteSchema } from '../../content/site.ts';
import type { StaffMember } from '../../content/entities.ts';
import { BIO_PREVIEW_CHARS } from '../../lib/text.ts';

const site = (profilePages?: boolean) =>
  siteSchema.parse({
    id: 1,
    slug: 's',
    name: 'S',
    url: 'https://s.com.au',
    country: 'AU',
    options: profilePages === undefined ? undefined : { team: { profilePages } },
  });
const member = (over: Partial<StaffMember> = {}) =>
  ({ id: 7, slug: 'kim-lee', name: 'Kim Lee', ...over }) as StaffMember;

describe('staff card bio', () => {
  it('previews 60 characters', () => {
    expect(BIO_PREVIEW_CHARS).toBe(60);
  });

  it('shows a bio of 59 or 60 characters whole, not cut', () => {
    expect(bioPreview('x'.repeat(59))).toEqual({ text: 'x'.repeat(59), cut: false });
    expect(bioPreview('x'.repeat(60))).toEqual({ text: 'x'.repeat(60), cut: false });
  });

  it('cuts a bio of 61 characters to 60 and marks it cut', () => {
    const { text, cut } = bioPreview('y'.repeat(61));
    expect(cut).toBe(true);
    expect(text).toBe('y'.repeat(60) + '…');
  });

  it('cuts on a word boundary when one is near', () => {
    const bio = 'Sam has looked after customers here for many years and knows every model we sell.';
    const { text } = bioPreview(bio);
    expect(text).toBe('Sam has looked after customers here for many years and…');
    expect(text!.length - 1).toBeLessThanOrEqual(60);
  });

  it('measures the plain text of an HTML bio, not its tags', () => {
    const html = `<p><strong>${'z'.repeat(30)}</strong> ${'z'.repeat(29)}</p>`;
    expect(bioPreview(html)).toEqual({ text: `${'z'.repeat(30)} ${'z'.repeat(29)}`, cut: false });
  });

  it('has no bio when the CMS gave none or only tags', () => {
    expect(bioPreview(undefined)).toEqual({ cut: false });
    expect(bioPreview('<p> </p>')).toEqual({ cut: false });
  });
});

describe('staff card data', () => {
  it('links to the profile page by default', () => {
    expect(toStaffCard(site(), member()).href).toBe('/team/kim-lee');
  });

  it('has no profile link when the site has no profile pages or the member has it removed', () => {
    expect(toStaffCard(site(false), member()).href).toBeUndefined();
    expect(toStaffCard(site(), member({ remove_profile_page: true })).href).toBeUndefined();
  });

  it('dials the digits of the phone number and keeps the number on one line', () => {
    const card = toStaffCard(site(), member({ phone: ' (03) 9555 0211 ' }));
    expect(card.phone).toBe('(03)\u00a09555\u00a00211');
    expect(card.tel).toBe('tel:0395550211');
    expect(toStaffCard(site(), member()).tel).toBeUndefined();
  });

  it('shows a rating only when the member has one, even a rating of 0', () => {
    expect(toStaffCard(site(), member()).rating).toBeUndefined();
    expect(toStaffCard(site(), member({ rating: 0 })).rating?.label).toBe('Rated 0.0 out of 5');
  });

  it('describes the stars like the shared star rating', () => {
    expect(staffRating(4.5, 12)).toEqual({
      percent: '90%',
      text: '4.5 (12)',
      label: 'Rated 4.5 out of 5 from 12 reviews',
    });
    expect(staffRating(4.9, 1)).toEqual({ percent: '98%', text: '4.9 (1)', label: 'Rated 4.9 out of 5 from 1 review' });
    expect(staffRating(7, undefined)).toEqual({ percent: '100%', text: '5.0', label: 'Rated 5.0 out of 5' });
  });

  it('makes initials from the first and last names', () => {
    expect(initials('Mary-Jane O’Brien')).toBe('MO');
    expect(initials('  cher ')).toBe('C');
    expect(initials('Anna Maria van Dyke')).toBe('AD');
    expect(initials('')).toBe('');
  });
});

describe('team tabs and the team query parameter', () => {
  const tabs = [
    { slug: 'management', label: 'Management' },
    { slug: 'pre-owned-sales', label: 'Pre-Owned Sales' },
    { slug: 'service', label: 'Service' },
  ];
  // The team block hands its tabs to the shared tabs island; these run the island's own logic.
  const tabIndexFromSearch = (search: string, list: typeof tabs) =>
    indexFromSearch(search, TEAM_PARAM, teamTabItems(list));
  const hrefWithTab = (href: string, slug: string) =>
    hrefWithItem(href, TEAM_PARAM, teamTabItems([{ slug, label: slug }])[0]!);

  it('opens the first tab when the parameter is absent, empty or unknown', () => {
    expect(tabIndexFromSearch('', tabs)).toBe(0);
    expect(tabIndexFromSearch('?team=', tabs)).toBe(0);
    expect(tabIndexFromSearch('?team=bakery', tabs)).toBe(0);
    expect(tabIndexFromSearch('?other=service', tabs)).toBe(0);
  });

  it('matches the category slug or name, ignoring case', () => {
    expect(tabIndexFromSearch('?team=service', tabs)).toBe(2);
    expect(tabIndexFromSearch('?team=SERVICE', tabs)).toBe(2);
    expect(tabIndexFromSearch('?team=pre-owned-sales', tabs)).toBe(1);
    expect(tabIndexFromSearch('?team=Pre-Owned%20Sales', tabs)).toBe(1);
    expect(tabIndexFromSearch('?team=pre-owned+sales', tabs)).toBe(1);
  });

  it('writes the tab slug into the URL, keeping the rest of it', () => {
    expect(hrefWithTab('https://s.com.au/about?utm_source=x#staff', 'service')).toBe(
      'https://s.com.au/about?utm_source=x&team=service#staff',
    );
    expect(hrefWithTab('https://s.com.au/about?team=sales', 'parts')).toBe('https://s.com.au/about?team=parts');
  });

  it('moves between tabs with the arrow keys, wrapping, and jumps with Home and End', () => {
    expect(tabIndexAfterKey('ArrowRight', 0, 3)).toBe(1);
    expect(tabIndexAfterKey('ArrowRight', 2, 3)).toBe(0);
    expect(tabIndexAfterKey('ArrowLeft', 0, 3)).toBe(2);
    expect(tabIndexAfterKey('ArrowLeft', 2, 3)).toBe(1);
    expect(tabIndexAfterKey('Home', 2, 3)).toBe(0);
    expect(tabIndexAfterKey('End', 0, 3)).toBe(2);
    expect(tabIndexAfterKey('Enter', 1, 3)).toBeUndefined();
    expect(tabIndexAfterKey('ArrowDown', 1, 3)).toBeUndefined();
  });

  it('keeps tab slugs unique', () => {
    expect(uniqueSlugs(['sales', 'pre-owned', 'sales', 'sales'])).toEqual(['sales', 'pre-owned', 'sales-2', 'sales-3']);
  });
});
