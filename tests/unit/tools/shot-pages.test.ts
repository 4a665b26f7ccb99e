/** Which pages `npm run shots` and the visual comparisons photograph for each sample dealer. */
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadDealers, type DealerContent } from '../../../src/content/load.ts';
import { shotPages, THANK_YOU_VARIANTS } from '../../../scripts/shots/shot-pages.ts';

let dealers: DealerContent[];
beforeAll(async () => {
  const loaded = await loadDealers(path.resolve('dealers'));
  expect(loaded.errors).toEqual([]);
  dealers = loaded.dealers;
});

describe('shot pages', () => {
  it('cover every snapshot page once, one page of each generated template, and each thank-you variant', () => {
    for (const d of dealers) {
      const shots = shotPages(d);
      const names = shots.map((s) => s.name);
      expect(new Set(names).size, `${d.slug}: names are unique, so files never overwrite each other`).toBe(
        names.length,
      );
      for (const n of names) expect(n).toMatch(/^[a-z0-9-]+$/);
      expect(names).toContain('home');
      // 'legal' and 'staff' too, where the dealer has the generated terms page and staff profiles.
      for (const t of ['model', 'car', '404']) expect(names, `${d.slug} ${t}`).toContain(t);
      const content = d.pages.filter(
        (p) => !shots.some((s) => s.path.startsWith(p.path) && s.name.includes('thank-you')),
      );
      for (const p of content)
        expect(
          shots.some((s) => s.path === p.path),
          `${d.slug} ${p.path}`,
        ).toBe(true);
      const thanks = shots.filter((s) => s.name.includes('thank-you'));
      expect(thanks.length).toBe(THANK_YOU_VARIANTS.length);
    }
  });

  it('photograph the car with the most photos, and the valuation thank-you with a kept submission', () => {
    for (const d of dealers) {
      const shots = shotPages(d);
      const car = shots.find((s) => s.name === 'car')!;
      const most = Math.max(...d.cars.map((c) => c.photos.length));
      const shown = d.cars.find((c) => car.path.endsWith(`/${c.slug}`) || car.path.includes(`/${c.slug}`));
      expect(shown?.photos.length, d.slug).toBe(most);
      const valuation = shots.find((s) => s.name.endsWith('-valuation'))!;
      expect(valuation.path).toMatch(/\?category=valuation-enquiry$/);
      expect(valuation.submission).toMatchObject({ category: 'valuation-enquiry' });
    }
  });
});
