import { beforeAll, describe, expect, it } from 'vitest';
import { fixtureDealer, renderBlock } from '../../../tests/helpers/render.ts';
import { model as modelSchema, type Model } from '../../content/entities.ts';
import type { DealerContent } from '../../content/load.ts';

const model = (over: Record<string, unknown>): Model => modelSchema.parse({ slug: 'm', name: 'M', ...over });

describe('model blocks rendered', () => {
  let dealer: DealerContent;
  const withModels = (models: Model[]): DealerContent => ({ ...dealer, models });
  beforeAll(async () => {
    dealer = await fixtureDealer('group-motors');
  });
  const islands = (html: string) => (html.match(/<astro-island\b/g) ?? []).length;

  it('renders feature slides as tabs, and the brochure button on the model page', async () => {
    const data = {
      componentHeight: 480,
      overlay: true,
      slides: [
        {
          tab: 'Power',
          image: { url: '/p.svg', alt: 'Engine', width: 800, height: 500 },
          heading: 'Hybrid',
          description: '<p>Quiet<script>x()</script></p>',
        },
        { tab: 'Cabin', image: { url: '/c.svg' }, heading: 'Room' },
      ],
    };
    const m = model({ slug: 'rav4', name: 'RAV4' });
    const html = await renderBlock('modelFeatures', data, { dealer: withModels([m]), path: '/rav4' });
    // The tabs, and the brochure button in an island of its own.
    expect(islands(html)).toBe(2);
    expect(html).toMatch(/role="tab"[^>]*aria-selected="true"[^>]*>Power</);
    expect(html).toContain('--feature-height:480px');
    expect(html).toContain('<p>Quiet</p>');
    expect(html).not.toContain('x()');
    expect(html).toContain('Download brochure');
    const elsewhere = await renderBlock('modelFeatures', data, { dealer: withModels([m]), path: '/about' });
    expect(elsewhere).not.toContain('Download brochure');
    expect(islands(elsewhere)).toBe(1);
  });
});
