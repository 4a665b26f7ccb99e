import { beforeAll, describe, expect, it } from 'vitest';
import { fixtureDealer, renderBlock } from '../../../tests/helpers/render.ts';
import { text } from '../../../tests/helpers/block-html.ts';
import type { DealerContent } from '../../content/load.ts';
import type { StaffMember } from '../../content/entities.ts';

let dealer: DealerContent;
beforeAll(async () => {
  dealer = await fixtureDealer('group-motors');
});

const islands = (html: string) => (html.match(/<astro-island\b/g) ?? []).length;
const all = (html: string, re: RegExp) => [...html.matchAll(re)].map((m) => m[1]!);
/** The HTML of the element that starts at the first match of `start` up to the next `</tag>`. */
function after(html: string, start: string, length = 2000): string {
  const i = html.indexOf(start);
  return i === -1 ? '' : html.slice(i, i + length);
}

function withTeam(team: StaffMember[], profilePages = true): DealerContent {
  return {
    ...dealer,
    team,
    site: { ...dealer.site, options: { ...dealer.site.options, team: { profilePages } } },
  };
}
const member = (over: Partial<StaffMember>): StaffMember =>
  ({
    id: 1,
    slug: 'kim-test',
    name: 'Kim Test',
    category: 'Sales',
    ...over,
  }) as StaffMember;

describe('team block', () => {
  it('groups staff by category in the default order with a heading each', async () => {
    const html = await renderBlock('team', { heading: 'Our people' }, { dealer });
    expect(islands(html)).toBe(0);
    expect(all(html, /class="team-group-heading"[^>]*>([^<]+)</g)).toEqual([
      'Management',
      'Sales',
      'Pre-Owned Sales',
      'Finance',
      'Service',
      'Parts',
      'Administration',
    ]);
    const sales = after(html, '>Sales</h3>', 3000).split('team-group-heading')[0]!;
    expect(text(sales)).toContain('Alex Seller');
    expect(text(sales)).toContain('Jamie New');
  });

  it('keeps only the chosen categories', async () => {
    const html = await renderBlock('team', { categories: ['service', 'Parts'] }, { dealer });
    expect(all(html, /class="team-group-heading"[^>]*>([^<]+)</g)).toEqual(['Service', 'Parts']);
  });

  it('shows tabs with the first category selected and its panel the only one visible', async () => {
    const html = await renderBlock('team', { heading: 'Meet the team', layout: 'tabs' }, { dealer });
    expect(islands(html)).toBe(1);
    expect(html).toContain('role="tablist"');
    const tabs = all(html, /<button[^>]*role="tab"[^>]*>([^<]+)</g);
    expect(tabs).toEqual(['Management', 'Sales', 'Pre-Owned Sales', 'Finance', 'Service', 'Parts', 'Administration']);
    expect(html).toMatch(
      /id="team-b1-tab-management" aria-controls="team-b1-panel-management" aria-selected="true" tabindex="0"/,
    );
    expect(html).toMatch(
      /id="team-b1-tab-sales" aria-controls="team-b1-panel-sales" aria-selected="false" tabindex="-1"/,
    );
    expect(html).toMatch(/<div role="tabpanel" id="team-b1-panel-management" [^>]*tabindex="0" class/);
    expect(html).toMatch(/<div role="tabpanel" id="team-b1-panel-sales" [^>]*hidden=""/);
    expect(text(after(html, 'id="team-b1-panel-management"'))).toContain('Morgan Boss');
  });

  it('shows a card with avatar, name, position, phone link and star rating', async () => {
    const html = await renderBlock('team', {}, { dealer });
    const card = after(html, 'alex.jpg', 1500);
    expect(html).toContain('src="https://images.groupmotors.com.au/team/alex.jpg" alt="" width="96" height="96"');
    expect(card).toContain('<a href="/team/alex-seller">Alex Seller</a>');
    expect(text(card)).toContain('Sales Consultant');
    expect(card).toContain('href="tel:0412345678"');
    expect(card).toContain('aria-label="Rated 5.0 out of 5 from 48 reviews"');
    expect(text(card)).toContain('5.0 (48)');
  });

  it('shows initials in place of a missing avatar, and no stars without a rating', async () => {
    const html = await renderBlock('team', {}, { dealer: withTeam([member({ name: 'Kim Test' })]) });
    expect(html).toContain('<span class="staff-avatar staff-initials" aria-hidden="true">KT</span>');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('stars');
  });

  it('shows the bio cut to 60 characters with Read more... linking to the profile', async () => {
    const html = await renderBlock('team', {}, { dealer });
    const card = after(html, 'alex.jpg', 1500);
    expect(text(card)).toContain('Alex has helped hundreds of families find the right car… Read more...');
    expect(card).toContain('<a href="/team/alex-seller">Read more...');
    expect(card).not.toContain('twelve years');
  });

  it('shows a bio of exactly 60 characters whole, with no Read more...', async () => {
    const html = await renderBlock('team', {}, { dealer });
    const card = after(html, 'Fin Numbers', 1200);
    expect(text(card)).toContain('Fin finds the finance that fits you with no surprises at all');
    expect(card).not.toContain('Read more');
  });

  it('cuts a bio of 61 characters but not one of 59', async () => {
    const b59 = 'a'.repeat(59);
    const b61 = 'b'.repeat(61);
    const html = await renderBlock(
      'team',
      {},
      {
        dealer: withTeam([
          member({ id: 1, slug: 'one', name: 'One', bio: b59 }),
          member({ id: 2, slug: 'two', name: 'Two', bio: b61 }),
        ]),
      },
    );
    expect(text(html)).toContain(b59);
    expect(text(html)).not.toContain(b61);
    expect(text(html)).toContain('b'.repeat(60) + '… Read more...');
    expect(html.match(/Read more\.\.\./g)).toHaveLength(1);
  });

  it('cuts the plain text of an HTML bio', async () => {
    const html = await renderBlock(
      'team',
      {},
      {
        dealer: withTeam([
          member({ bio: '<p><strong>Bold</strong> start</p><script>x()</script>' + ' word'.repeat(20) }),
        ]),
      },
    );
    expect(html).not.toContain('<strong>');
    expect(html).not.toContain('x()');
    expect(text(html)).toContain('Bold start word');
  });

  it('links nowhere to a member whose profile page is removed', async () => {
    const html = await renderBlock('team', { heading: 'Our people' }, { dealer });
    const card = after(html, 'olive.jpg', 800).split('</article>')[0]!;
    expect(card).toContain('<h4 class="staff-name">Olive Owned</h4>');
    expect(card).not.toContain('<a ');
    expect(text(card)).toContain('Olive inspects every pre-owned car before it reaches the…');
    expect(text(card)).not.toContain('Read more');
  });

  it('links no card anywhere when the site has no profile pages', async () => {
    const team = dealer.team;
    for (const layout of ['grouped', 'tabs']) {
      const html = await renderBlock('team', { layout }, { dealer: withTeam(team, false) });
      expect(html).toContain('Alex Seller');
      expect(html).not.toContain('href="/team/');
      expect(html).not.toContain('/team/alex-seller');
      expect(html).not.toContain('Read more');
    }
  });

  it('renders nothing when the dealer has no staff', async () => {
    expect(text(await renderBlock('team', { heading: 'Team' }, { dealer: withTeam([]) }))).toBe('');
  });
});
