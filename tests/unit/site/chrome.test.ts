import { beforeAll, describe, expect, it } from 'vitest';
import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import Header from '../../../src/components/Header.astro';
import Footer from '../../../src/components/Footer.astro';
import { fixtureDealer } from '../../helpers/render.ts';
import type { DealerContent } from '../../../src/content/load.ts';
import type { Location } from '../../../src/content/entities.ts';
import {
  NAV_BREAKPOINTS,
  headerLogoWidth,
  headerRowWidth,
  navBreakpoint,
  socialLinks,
  textWidth,
  type NavItem,
} from '../../../src/site/navigation.ts';
import { clockTime, dayRuns, footerHours } from '../../../src/domain/opening-hours-text.ts';
import { progressPercent } from '../../../src/forms/island/Progress.tsx';

let container: AstroContainer;
let dealer: DealerContent;
beforeAll(async () => {
  container = await AstroContainer.create();
  dealer = await fixtureDealer('mini-motors');
});

const text = (html: string) =>
  html
    .replace(/<(script|style)[\s\S]*?<\/\1>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
const items = (labels: string[]): NavItem[] =>
  labels.map((label) => ({ label, href: '/' + label.toLowerCase().replace(/ /g, '-') }));

/** The coastal-motor-group sample's seven links: they wrapped to two rows at 1024px. */
const SEVEN = items([
  'New Cars',
  'Demo Cars',
  'Used Cars',
  'Special Offers',
  'Book a Service',
  'Why Service With Us',
  'Car Finance',
]);

describe('navigation breakpoint', () => {
  it('estimates wider text for more and wider characters', () => {
    expect(textWidth('Why Service With Us', 15)).toBeGreaterThan(textWidth('Car Finance', 15));
    expect(textWidth('MMMM', 15)).toBeGreaterThan(textWidth('iiii', 15));
  });

  it('keeps the seven sample links in the menu at 1024px and shows them in a row at 1366px', () => {
    const parts = {
      logoWidth: headerLogoWidth({ width: 240, height: 80 }, 'Coastal Motor Group'),
      phone: '(02) 4323 1100',
    };
    const bp = navBreakpoint(SEVEN, parts);
    expect(bp).not.toBe('never');
    expect((bp as number) * 16).toBeGreaterThan(1024);
    expect((bp as number) * 16).toBeLessThanOrEqual(1366);
    // The row fits at the breakpoint chosen: never more than the breakpoint's width.
    expect(headerRowWidth(SEVEN, parts)).toBeLessThanOrEqual((bp as number) * 16);
  });

  it('shows a short navigation from tablets up', () => {
    expect(navBreakpoint(items(['Cars', 'Service', 'Contact']), { logoWidth: 132, phone: '03 366 4100' })).toBe(48);
    expect(navBreakpoint(items(['Cars']), { logoWidth: 100 })).toBe(48);
  });

  it('uses the menu at every width when no breakpoint fits the labels', () => {
    const many = items(Array.from({ length: 7 }, () => 'A Very Long Navigation Label'));
    expect(navBreakpoint(many, { logoWidth: 220, phone: '1300 000 000' })).toBe('never');
    expect(NAV_BREAKPOINTS).toContain(80);
  });

  it('scales the logo to the header height, within a maximum width', () => {
    expect(headerLogoWidth({ width: 240, height: 80 }, 'x')).toBe(144);
    expect(headerLogoWidth({ width: 2000, height: 100 }, 'x')).toBe(220);
  });
});

describe('footer hours', () => {
  const hours = [
    { department: 'sales', days: ['mon', 'tue', 'wed', 'fri'], opens: '08:30', closes: '17:30' },
    { department: 'sales', days: ['thu'], opens: '08:30', closes: '18:00' },
    { department: 'sales', days: ['sat'], opens: '08:30', closes: '16:00' },
  ] as Location['hours'];

  it('writes times the way people read them', () => {
    expect(clockTime('08:30')).toBe('8:30am');
    expect(clockTime('17:00')).toBe('5pm');
    expect(clockTime('12:00')).toBe('12pm');
    expect(clockTime('00:15')).toBe('12:15am');
  });

  it('joins days into runs', () => {
    expect(dayRuns(['mon', 'tue', 'wed', 'fri'])).toBe('Mon–Wed, Fri');
    expect(dayRuns(['sat', 'sun'])).toBe('Sat, Sun');
    expect(dayRuns(['mon', 'tue', 'wed', 'thu', 'fri'])).toBe('Mon–Fri');
  });

  it('compacts a week of 1.1 hours into lines, closed days last', () => {
    expect(footerHours({ hours, opening_hours: [] })).toEqual([
      {
        lines: [
          { days: 'Mon–Wed, Fri', hours: '8:30am – 5:30pm' },
          { days: 'Thu', hours: '8:30am – 6pm' },
          { days: 'Sat', hours: '8:30am – 4pm' },
          { days: 'Sun', hours: 'Closed' },
        ],
      },
    ]);
  });

  it('splits hours by department when a location names several, an entry without one counting for all', () => {
    const mixed = [
      { department: 'sales', days: ['mon'], opens: '09:00', closes: '17:00' },
      { department: 'service', days: ['mon'], opens: '07:30', closes: '17:00' },
      { days: ['sat'], opens: '09:00', closes: '12:00' },
    ] as Location['hours'];
    const result = footerHours({ hours: mixed, opening_hours: [] });
    expect(result.map((d) => d.label)).toEqual(['Sales', 'Service']);
    expect(result[1]!.lines[0]).toEqual({ days: 'Mon', hours: '7:30am – 5pm' });
    expect(result[1]!.lines[1]).toEqual({ days: 'Sat', hours: '9am – 12pm' });
  });

  it('falls back to the display lines of opening_hours, and to nothing', () => {
    expect(footerHours({ hours: [], opening_hours: ['Mon-Fri 8am-5:30pm'] })).toEqual([
      { lines: [{ hours: 'Mon-Fri 8am-5:30pm' }] },
    ]);
    expect(footerHours({ hours: [], opening_hours: [] })).toEqual([]);
  });
});

type Social = NonNullable<DealerContent['site']['social']>;
/** A social block with only the given profiles (the content type lists every network's key). */
const social = (given: Partial<Social>): Social => ({
  facebook: undefined,
  instagram: undefined,
  youtube: undefined,
  linkedin: undefined,
  tiktok: undefined,
  ...given,
});

describe('social links', () => {
  it('lists the profiles in a fixed order, each named for the dealer and network', () => {
    const links = socialLinks({
      name: 'Acme',
      social: social({ youtube: 'https://youtube.com/@acme', facebook: 'https://facebook.com/acme' }),
    });
    expect(links).toEqual([
      { network: 'facebook', href: 'https://facebook.com/acme', label: 'Acme on Facebook' },
      { network: 'youtube', href: 'https://youtube.com/@acme', label: 'Acme on YouTube' },
    ]);
    expect(socialLinks({ name: 'Acme', social: undefined })).toEqual([]);
  });
});

describe('header', () => {
  it('keeps both navigation landmarks, the current page and the call link', async () => {
    const html = await container.renderToString(Header, {
      props: { dealer, currentPath: dealer.pages.find((p) => p.path !== '/')!.path },
    });
    expect(html).toContain('aria-label="Main"');
    expect(html).toContain('aria-label="Main menu"');
    expect(html).toContain('aria-current="page"');
    expect(html).toMatch(
      /<a class="header-phone" href="tel:0295550100" aria-label="Call Mini Motors on \(02\) 9555 0100"/,
    );
    expect(html).toMatch(/<header class="site-header" data-nav-at="(48|56|64|72|80|90|100|120|never)"/);
    expect(html).toMatch(/<summary>[\s\S]*Menu[\s\S]*<\/summary>/);
  });
});

describe('footer', () => {
  it('shows every location with address, phone and hours, the social icons, ABN and licence, terms and privacy', async () => {
    const withLegal: DealerContent = {
      ...dealer,
      site: {
        ...dealer.site,
        legal: { abn: '53 004 085 616', nzbn: undefined, dealerLicence: 'MD 12345' },
        social: social({
          facebook: 'https://www.facebook.com/minimotors',
          instagram: 'https://www.instagram.com/minimotors',
        }),
      },
      locations: dealer.locations.map((l, i) =>
        i === 0
          ? {
              ...l,
              hours: [
                { days: ['mon', 'tue', 'wed', 'thu', 'fri'], opens: '08:30', closes: '17:30' },
              ] as Location['hours'],
            }
          : l,
      ),
    };
    const html = await container.renderToString(Footer, { props: { dealer: withLegal } });
    const t = text(html);
    expect(t).toContain('ABN 53 004 085 616');
    expect(t).toContain('Dealer licence MD 12345');
    expect(html).toContain('aria-label="Mini Motors on Facebook"');
    expect(html).toContain('aria-label="Mini Motors on Instagram"');
    expect(html).toMatch(/<section[^>]*aria-labelledby="footer-locations"/);
    expect((html.match(/class="footer-location"/g) ?? []).length).toBe(withLegal.locations.length);
    expect(t).toContain('Mon–Fri 8:30am – 5:30pm');
    expect(t).toContain('Sat, Sun Closed');
    expect(t).toContain('Saturday: 8:00 AM – 12:00 PM'); // a 1.0 location keeps its display lines
    expect(html).toContain('href="/terms-and-conditions"');
    expect(html).toContain('href="/privacy-policy"');
  });

  it('shows an NZBN and no licence for a dealer that gives only that, and no social list without profiles', async () => {
    const nz: DealerContent = {
      ...dealer,
      site: { ...dealer.site, legal: { abn: undefined, nzbn: '9429041234567', dealerLicence: undefined } },
    };
    const html = await container.renderToString(Footer, { props: { dealer: nz } });
    expect(text(html)).toContain('NZBN 9429041234567');
    expect(html).not.toContain('Dealer licence');
    expect(html).not.toContain('footer-social');
  });
});

describe('form progress', () => {
  it('fills the bar up to the step on screen, so step 1 is never empty', () => {
    expect(progressPercent(1, 3, false)).toBe(33);
    expect(progressPercent(2, 3, false)).toBe(67);
    expect(progressPercent(3, 3, false)).toBe(100);
    expect(progressPercent(1, 3, true)).toBe(100);
    expect(progressPercent(1, 0, false)).toBe(0);
  });
});
