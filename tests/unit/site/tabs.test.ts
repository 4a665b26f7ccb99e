/**
 * The shared tabs island (src/components/ui/Tabs.tsx): its pure logic, and the markup each block
 * hands to it, rendered on the server (ids, roles, the hidden panels, the rows of the range).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  hrefWithTab,
  itemShown,
  panelId,
  queryKey,
  rowsOf,
  scrollDelta,
  tabId,
  tabIndexAfterKey,
  tabIndexFromSearch,
  uniqueSlugs,
  type TabItem,
} from '../../../src/components/ui/tabs.ts';
import { rangeRowSizes, rangeTabItems } from '../../../src/blocks/brandModels/range-tabs.ts';
import {
  hrefWithBody,
  tabIndexFromSearch as rangeIndexFromSearch,
  type RangeTab,
} from '../../../src/blocks/brandModels/model-range.ts';
import type { DealerContent } from '../../../src/content/load.ts';
import { offer as offerSchema } from '../../../src/content/entities.ts';
import { fixtureDealer, renderBlock } from '../../helpers/render.ts';

describe('tab keys', () => {
  it('move right and left with wrap-around, and jump with Home and End', () => {
    expect(tabIndexAfterKey('ArrowRight', 0, 3)).toBe(1);
    expect(tabIndexAfterKey('ArrowRight', 2, 3)).toBe(0);
    expect(tabIndexAfterKey('ArrowLeft', 0, 3)).toBe(2);
    expect(tabIndexAfterKey('Home', 2, 3)).toBe(0);
    expect(tabIndexAfterKey('End', 0, 3)).toBe(2);
  });

  it('leave other keys alone, and an empty list', () => {
    for (const key of ['Enter', ' ', 'ArrowUp', 'ArrowDown', 'Tab'])
      expect(tabIndexAfterKey(key, 1, 3)).toBeUndefined();
    expect(tabIndexAfterKey('ArrowRight', 0, 0)).toBeUndefined();
  });
});

describe('the query parameter', () => {
  const tabs: TabItem[] = [
    { key: 'all', label: 'All' },
    { key: 'people-mover', label: 'People Mover', query: 'People Mover', match: ['People Mover'] },
    { key: 'ute', label: 'Ute', query: 'Ute', match: ['Ute'] },
  ];

  it('selects a tab by key or by any value it matches, ignoring case and spacing', () => {
    expect(tabIndexFromSearch('?body=people-mover', 'body', tabs)).toBe(1);
    expect(tabIndexFromSearch('?body=people%20%20MOVER', 'body', tabs)).toBe(1);
    expect(tabIndexFromSearch('?x=1&body=+ute+', 'body', tabs)).toBe(2);
    expect(queryKey('  People   Mover ')).toBe('people mover');
  });

  it('falls back to the first tab when absent, empty, unknown or another parameter', () => {
    for (const search of ['', '?body=', '?body=%20', '?body=tractor', '?model=ute'])
      expect(tabIndexFromSearch(search, 'body', tabs)).toBe(0);
  });

  it('writes what the tab writes, or removes the parameter, keeping the rest of the URL', () => {
    expect(hrefWithTab('https://d.au/new-cars?utm=x#grid', 'body', tabs[1]!)).toBe(
      'https://d.au/new-cars?utm=x&body=People+Mover#grid',
    );
    expect(hrefWithTab('https://d.au/new-cars?body=Ute&utm=x', 'body', tabs[0]!)).toBe('https://d.au/new-cars?utm=x');
  });
});

describe('the model range hands the island the same ?body= behaviour as the spec helpers', () => {
  const range: RangeTab[] = [
    { key: 'all', label: 'All' },
    { key: 'suv', label: 'SUV' },
    { key: 'people-mover', label: 'People Mover' },
    { key: 'future-vehicles', label: 'Future Vehicles' },
  ];
  const items = rangeTabItems(range);

  it('selects the same tab for every search', () => {
    for (const search of [
      '',
      '?body=SUV',
      '?body=sUv',
      '?body=people%20mover',
      '?body=people-mover',
      '?body=future+vehicles',
      '?body=Tractor',
      '?body=',
    ]) {
      expect(tabIndexFromSearch(search, 'body', items)).toBe(rangeIndexFromSearch(search, range));
    }
  });

  it('writes the same URL for every tab', () => {
    const href = 'https://d.au/new-cars?body=SUV&utm=x#top';
    range.forEach((tab, i) => expect(hrefWithTab(href, 'body', items[i]!)).toBe(hrefWithBody(href, tab)));
  });

  it('groups 12 buttons in rows of 3, 6 and 3', () => {
    const twelve = Array.from({ length: 12 }, (_, i) => ({ key: `k${i}`, label: `K${i}` }));
    expect(rangeRowSizes(twelve)).toEqual([3, 6, 3]);
  });
});

describe('rows, ids, shared panels and scrolling', () => {
  it('splits tab indexes into rows, one row without sizes', () => {
    expect(rowsOf([3, 6, 3], 12)).toEqual([
      [0, 1, 2],
      [3, 4, 5, 6, 7, 8],
      [9, 10, 11],
    ]);
    expect(rowsOf(undefined, 3)).toEqual([[0, 1, 2]]);
    expect(rowsOf([2], 3)).toEqual([[0, 1], [2]]);
    expect(rowsOf([4, 4], 3)).toEqual([[0, 1, 2]]);
  });

  it('ties a tab to its panel', () => {
    expect(tabId('team-b1', 'sales')).toBe('team-b1-tab-sales');
    expect(panelId('team-b1', 'sales')).toBe('team-b1-panel-sales');
    expect(panelId('offers-b2')).toBe('offers-b2-panel');
  });

  it('shows an item of a shared panel only under the tabs it lists', () => {
    expect(itemShown('all suv future-vehicles', 'suv')).toBe(true);
    expect(itemShown('all suv', 'su')).toBe(false);
    expect(itemShown('all hilux', 'all')).toBe(true);
  });

  it('keeps slugs unique', () => {
    expect(uniqueSlugs(['sales', 'parts', 'sales', 'sales'])).toEqual(['sales', 'parts', 'sales-2', 'sales-3']);
  });

  it('scrolls the list just enough to bring the chosen tab into view', () => {
    const list = { left: 0, right: 390 };
    expect(scrollDelta(list, { left: 100, right: 200 })).toBe(0);
    expect(scrollDelta(list, { left: 350, right: 450 }, 16)).toBe(76);
    expect(scrollDelta(list, { left: -120, right: -20 }, 16)).toBe(-136);
    // A tab wider than the list lines up with its start.
    expect(scrollDelta(list, { left: 300, right: 800 })).toBe(300);
  });
});

describe('tab markup of the blocks', () => {
  let dealer: DealerContent;
  beforeAll(async () => {
    dealer = await fixtureDealer('group-motors');
  });
  const attrs = (html: string, re: RegExp) => [...html.matchAll(re)].map((m) => m[1]!);

  it('team tabs: a roving tabindex, one panel per tab, every panel but the first hidden', async () => {
    const html = await renderBlock('team', { heading: 'Meet the team', layout: 'tabs' }, { dealer });
    expect(html).toMatch(/<div role="tablist" aria-label="Meet the team: categories" class="tablist team-tablist"/);
    const tabs = attrs(html, /<button[^>]*role="tab"[^>]*tabindex="(-?\d)"/g);
    expect(tabs[0]).toBe('0');
    expect(tabs.slice(1).every((t) => t === '-1')).toBe(true);
    const panels = attrs(html, /<div role="tabpanel" id="([^"]+)"/g);
    expect(panels).toHaveLength(tabs.length);
    for (const id of panels) expect(html).toContain(`aria-controls="${id}"`);
    expect(attrs(html, /<div role="tabpanel"[^>]*(hidden="")/g)).toHaveLength(tabs.length - 1);
    expect(html).toContain('class="tab team-tab"');
  });

  it('offers tabs: one shared panel named by the chosen tab, cards marked with their tabs', async () => {
    const offers = [
      offerSchema.parse({ id: 1, name: 'Corolla deal', model: { id: 1, name: 'Corolla', slug: 'corolla' } }),
      offerSchema.parse({ id: 2, name: 'Service deal' }),
    ];
    const html = await renderBlock('offers', {}, { dealer: { ...dealer, offers } });
    expect(html).toMatch(/role="tabpanel" id="offers-[^"]+-panel" aria-labelledby="offers-[^"]+-tab-all"/);
    expect(attrs(html, /role="tab"[^>]*aria-controls="([^"]+)"/g).every((id) => /-panel$/.test(id))).toBe(true);
    expect(html).toMatch(/<li data-tabs="all [^"]+"/);
  });
});
