/**
 * Spec §2 page blocks, rule by rule, as a page renders them: the registry's aliases, alternating
 * columns, the cards carousel's options, icon buttons, the FAQ, the sales counter, and which page
 * a model block takes its model from.
 */
import { describe, expect, it } from 'vitest';
import { inner, renderBlock } from '../../helpers/block-html.ts';
import { COUNT_START_VISIBLE, REDUCED_MOTION_QUERY, countsUp } from '../../../src/blocks/salesCounter/count.ts';
import { model as modelSchema } from '../../../src/content/entities.ts';
import { modelOfPage } from '../../../src/domain/model-find.ts';

/** The props Astro serialises on each island of the HTML, decoded (Astro writes each as [type, value]). */
function islandProps(html: string): Record<string, unknown>[] {
  const decode = (v: unknown): unknown => {
    if (!Array.isArray(v)) return v;
    const [type, value] = v as [number, unknown];
    if (type === 0)
      return value && typeof value === 'object'
        ? Object.fromEntries(Object.entries(value).map(([k, x]) => [k, decode(x)]))
        : value;
    if (type === 1) return (value as unknown[]).map(decode);
    return value;
  };
  return [...html.matchAll(/<astro-island[^>]* props="([^"]*)"/g)].map((m) => {
    const json = m[1]!
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
    return decode([0, JSON.parse(json)]) as Record<string, unknown>;
  });
}

const image = (name: string) => ({ url: `https://cdn.example.com/${name}.jpg`, width: 800, height: 600 });

describe('the registry', () => {
  it('renders buttonsTool as a row of buttons, like buttons', async () => {
    const data = { buttons: [{ text: 'Book a service', href: '/service' }], alignment: 'center' };
    const tool = inner(await renderBlock('buttonsTool', data));
    expect(tool).toContain('<div class="buttons buttons-center">');
    expect(tool).toContain('<a class="btn btn-solid" href="/service">Book a service</a>');
    expect(tool).toBe(inner(await renderBlock('buttons', data)));
  });
});

describe('alternatingColumns', () => {
  const items = [
    { heading: 'One', description: 'First', image: image('a'), buttons: [{ text: 'Go', href: '/go' }] },
    { heading: 'Two', description: 'Second', image: image('b'), buttons: [] },
    { heading: 'Three', description: 'Third', image: image('c'), buttons: [] },
  ];

  it('puts the image left on the first row, right on the second, left on the third', async () => {
    const html = await renderBlock('alternatingColumns', { items });
    expect([...html.matchAll(/<div class="(alt-row[^"]*)"/g)].map((m) => m[1])).toEqual([
      'alt-row',
      'alt-row alt-row-flipped',
      'alt-row',
    ]);
  });

  it("shows each row's buttons", async () => {
    const html = await renderBlock('alternatingColumns', { items });
    expect(html).toContain('<div class="alt-buttons"><a class="btn btn-solid" href="/go">Go</a></div>');
  });
});

describe('cardsTool as a carousel', () => {
  const card = { heading: 'A', image: image('a'), href: '/a', linkText: 'Go', description: 'd' };

  it('passes loop and mobile arrows to the carousel as the block sets them', async () => {
    const on = islandProps(
      await renderBlock('cardsTool', {
        cards: [card, card, card, card],
        isCarousel: true,
        loop: true,
        mobileArrows: true,
      }),
    );
    expect(on).toHaveLength(1);
    expect(on[0]).toMatchObject({ loop: true, mobileArrows: true });
    const off = islandProps(await renderBlock('cardsTool', { cards: [card, card, card, card], isCarousel: true }));
    expect(off[0]).toMatchObject({ loop: false, mobileArrows: false });
  });
});

describe('iconButtonsTool', () => {
  const buttons = [
    { icon: 'car', text: 'Cars', href: '/cars' },
    { icon: 'phone', text: 'Call', href: 'tel:0299990000' },
    { icon: 'x', text: 'Bad', href: 'javascript:alert(1)' },
  ];

  it('drops the boxes for type minimal', async () => {
    expect(await renderBlock('iconButtonsTool', { type: 'minimal', buttons })).toContain(
      'class="icon-buttons icon-buttons-minimal"',
    );
    expect(await renderBlock('iconButtonsTool', { buttons })).toContain('class="icon-buttons"');
  });

  it('lays out buttonsPerRow buttons a row, else up to 4', async () => {
    expect(await renderBlock('iconButtonsTool', { buttonsPerRow: 3, buttons })).toContain('--per-row:3;');
    expect(await renderBlock('iconButtonsTool', { buttons })).toContain('--per-row:2;');
  });

  it('leaves out a button whose link is unsafe', async () => {
    const html = await renderBlock('iconButtonsTool', { buttons });
    expect(html).not.toContain('Bad');
    expect(html).not.toContain('javascript:');
  });
});

describe('faq', () => {
  it('leaves out questions without text', async () => {
    const answer = [{ id: 'p', type: 'paragraph', data: { text: 'Yes.' } }];
    const html = await renderBlock('faq', {
      questions: [
        { question: 'Open Sundays?', answer },
        { question: '  ', answer },
      ],
    });
    expect(html.match(/<details/g)).toHaveLength(1);
  });
});

describe('salesCounter', () => {
  it('starts counting once a good part of it is on screen, not at its first pixel', () => {
    expect(COUNT_START_VISIBLE).toBeGreaterThan(0);
    expect(COUNT_START_VISIBLE).toBeLessThanOrEqual(1);
  });
});

describe('the model of a model block', () => {
  const models = [
    modelSchema.parse({ slug: 'rav4', name: 'RAV4' }),
    modelSchema.parse({ slug: 'cx-60', new_slug: 'mazda-cx-60', name: 'CX-60' }),
  ];

  it('is the model whose page it is on, at /{new_slug or slug}', () => {
    expect(modelOfPage(models, '/rav4')?.name).toBe('RAV4');
    expect(modelOfPage(models, '/mazda-cx-60')?.name).toBe('CX-60');
  });

  it('is none on a page under another path', () => {
    expect(modelOfPage(models, '/rav4/order-now')).toBeUndefined();
    expect(modelOfPage(models, '/about')).toBeUndefined();
  });
});

describe('salesCounter and reduced motion', () => {
  it('counts up only for visitors who do not prefer reduced motion, where visibility can be observed', () => {
    expect(REDUCED_MOTION_QUERY).toBe('(prefers-reduced-motion: reduce)');
    expect(countsUp(false, true)).toBe(true);
    expect(countsUp(true, true)).toBe(false);
    expect(countsUp(false, false)).toBe(false);
  });
});
