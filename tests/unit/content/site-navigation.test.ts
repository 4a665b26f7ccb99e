import { describe, expect, it } from 'vitest';
import { siteSchema } from '../../../src/content/site.ts';
import { fromZod } from '../../../src/content/issues.ts';

const base = { id: 1, slug: 'acme', name: 'Acme Cars', url: 'https://www.acmecars.com.au', country: 'AU' };

/** The issues of a site.json with `navigation`, as the loader reports them. */
function issues(navigation: unknown) {
  const input = { ...base, navigation };
  const r = siteSchema.safeParse(input);
  return r.success ? [] : fromZod(r.error, { dealer: 'acme', file: 'site.json' }, input);
}

describe('site.json navigation (content format 1.3)', () => {
  it('accepts header and footer menus with one level of children, site paths and full addresses', () => {
    const site = siteSchema.parse({
      ...base,
      navigation: {
        header: [
          { label: 'New Cars', href: '/new-cars', children: [{ label: 'Corolla', href: '/corolla' }] },
          { label: 'Service', href: '/service#book' },
        ],
        footer: [
          { label: 'Manufacturer', href: 'https://www.toyota.com.au' },
          { label: 'Call us', href: 'tel:0295550100' },
        ],
      },
    });
    expect(site.navigation?.header?.[0]).toEqual({
      label: 'New Cars',
      href: '/new-cars',
      children: [{ label: 'Corolla', href: '/corolla' }],
    });
    expect(site.navigation?.footer?.map((i) => i.href)).toEqual(['https://www.toyota.com.au', 'tel:0295550100']);
    expect(siteSchema.parse(base).navigation).toBeUndefined();
  });

  it('refuses a child with children of its own, naming its path', () => {
    const found = issues({
      header: [
        { label: 'A', href: '/a' },
        {
          label: 'New Cars',
          href: '/new-cars',
          children: [{ label: 'SUVs', href: '/suvs', children: [{ label: 'RAV4', href: '/rav4' }] }],
        },
      ],
    });
    expect(found).toHaveLength(1);
    expect(found[0]!.path).toBe('navigation.header[1].children[0].children');
    expect(found[0]!.message).toMatch(/one level of children/);
  });

  it('refuses an unsafe link, naming its path', () => {
    const found = issues({
      footer: [{ label: 'Offers', href: '/offers', children: [{ label: 'Win', href: 'javascript:alert(1)' }] }],
    });
    expect(found).toHaveLength(1);
    expect(found[0]!.path).toBe('navigation.footer[0].children[0].href');
    expect(found[0]!.message).toMatch(/not a safe link/);
    expect(issues({ header: [{ label: 'X', href: 'data:text/html,hi' }] })[0]!.path).toBe('navigation.header[0].href');
  });

  it('refuses a relative link and an empty label', () => {
    const found = issues({ header: [{ label: ' ', href: 'service' }] });
    expect(found.map((i) => i.path).sort()).toEqual(['navigation.header[0].href', 'navigation.header[0].label']);
    expect(found.find((i) => i.path.endsWith('href'))!.message).toMatch(/starting with "\/"/);
  });
});
