import { describe, expect, it } from 'vitest';
import { count, inner, renderBlock, renderBlocks } from '../helpers/block-html.ts';

describe('heading block', () => {
  it('shows a level 1 heading as <h1> with its inline formatting', async () => {
    const html = await renderBlock('heading', { text: 'Welcome <em>home</em>', level: 1 });
    expect(html).toMatch(/<h1[^>]*>Welcome <em>home<\/em><\/h1>/);
  });

  it('shows a level 6 heading as <h6>', async () => {
    expect(await renderBlock('heading', { text: 'Fine print', level: 6 })).toMatch(/<h6[^>]*>Fine print<\/h6>/);
  });

  it.each([0, 7, -1, 2.5])('shows nothing for level %s', async (level) => {
    const html = await renderBlock('heading', { text: 'Hidden', level });
    expect(inner(html)).toBe('');
  });

  it.each(['', '   ', '<b> </b>', '<script>alert(1)</script>'])('shows nothing when the text is %j', async (text) => {
    expect(inner(await renderBlock('heading', { text, level: 2 }))).toBe('');
  });

  it('keeps only inline tags inside the heading', async () => {
    const html = await renderBlock('heading', {
      text: '<p>Big <strong>sale</strong></p><img src=x onerror=alert(1)>',
      level: 2,
    });
    expect(html).toMatch(/<h2[^>]*>Big <strong>sale<\/strong><\/h2>/);
    expect(html).not.toMatch(/<p|<img|onerror/);
  });
});

describe('paragraph block', () => {
  it('drops script, event handlers, javascript: links and styles but keeps bold text and normal links', async () => {
    const html = await renderBlock('paragraph', {
      text:
        'Call <strong>today</strong> or see <a href="https://example.com/offers">our offers</a>.' +
        '<script>alert(1)</script> <a href="javascript:alert(2)">win</a>' +
        ' <span style="color:red" onclick="steal()">styled</span>',
    });
    expect(html).toContain('<strong>today</strong>');
    expect(html).toContain('<a href="https://example.com/offers">our offers</a>');
    expect(html).toContain('styled');
    expect(html).not.toMatch(/<script|alert\(1\)|onclick|javascript:|style=/i);
  });

  it('is a <p> for inline text and a prose <div> when the text holds paragraphs', async () => {
    expect(await renderBlock('paragraph', { text: 'One line' })).toMatch(/<p class="paragraph"[^>]*>One line<\/p>/);
    const html = await renderBlock('paragraph', { text: '<p>First</p><p>Second</p>' });
    expect(html).toMatch(/<div class="paragraph prose"[^>]*><p>First<\/p><p>Second<\/p><\/div>/);
  });

  it('shows nothing for empty text', async () => {
    expect(inner(await renderBlock('paragraph', { text: '' }))).toBe('');
  });
});

describe('list block', () => {
  it('shows an ordered list with inline rich items', async () => {
    const html = await renderBlock('list', {
      style: 'ordered',
      items: ['<strong>Free</strong> servicing', 'Roadside <p>assist</p>'],
    });
    expect(html).toMatch(/<ol class="list"/);
    expect(html).toContain('<li><strong>Free</strong> servicing</li>');
    expect(html).toContain('<li>Roadside assist</li>');
  });

  it('shows an unordered list and leaves out empty items', async () => {
    const html = await renderBlock('list', { style: 'unordered', items: ['A', ' ', 'B'] });
    expect(html).toMatch(/<ul class="list"/);
    expect(count(html, '<li')).toBe(2);
  });

  it('shows nothing when every item is empty', async () => {
    expect(inner(await renderBlock('list', { style: 'unordered', items: [''] }))).toBe('');
  });
});

describe('columns block', () => {
  const paragraph = (id: string, text: string) => ({ id, type: 'paragraph', data: { text } });

  it('renders columns inside columns, each with its own blocks and spans', async () => {
    const html = await renderBlock('columns', {
      cols: [
        { width: 8, blocks: [paragraph('a', 'Left column')] },
        {
          width: 4,
          blocks: [
            {
              id: 'inner',
              type: 'columns',
              data: { cols: [{ blocks: [paragraph('b', 'Inner one')] }, { blocks: [paragraph('c', 'Inner two')] }] },
            },
          ],
        },
      ],
    });
    expect(count(html, 'class="grid-12 columns"')).toBe(2);
    expect(html).toContain('style="--span:8"');
    expect(html).toContain('style="--span:4"');
    expect(count(html, 'style="--span:6"')).toBe(2);
    const order = ['Left column', 'Inner one', 'Inner two'].map((t) => html.indexOf(t));
    expect(order.every((i) => i > 0)).toBe(true);
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });

  it('splits 12 equally between columns without a width', async () => {
    const html = await renderBlock('columns', { cols: [{ blocks: [] }, { blocks: [] }, { blocks: [] }] });
    expect(count(html, 'style="--span:4"')).toBe(3);
  });

  it('never loads images inside columns eagerly, even in the first block of the page', async () => {
    const banner = { id: 'img', type: 'imageBanner', data: { image: { url: '/a.jpg', width: 800, height: 400 } } };
    const html = await renderBlock('columns', { cols: [{ blocks: [banner] }] }, { aboveFold: true });
    expect(html).toContain('loading="lazy"');
    expect(html).not.toContain('loading="eager"');
  });
});

describe('alternating columns block', () => {
  it('alternates the image side per item and shows heading, rich description and buttons', async () => {
    const item = (n: number) => ({
      image: { url: `/img${n}.jpg`, alt: `Photo ${n}`, width: 600, height: 400 },
      heading: `Row ${n}`,
      description: `<p>About <em>${n}</em></p><script>x()</script>`,
      buttons: [{ text: `Go ${n}`, href: `/go-${n}` }],
    });
    const html = await renderBlock('alternatingColumns', { items: [item(1), item(2), item(3)] });
    expect(count(html, 'alt-row-flipped')).toBe(1);
    expect(html.indexOf('alt-row-flipped')).toBeGreaterThan(html.indexOf('Row 1'));
    expect(html.indexOf('alt-row-flipped')).toBeLessThan(html.indexOf('Row 2'));
    expect(html).toMatch(/<h2 class="alt-heading"[^>]*>Row 1<\/h2>/);
    expect(html).toContain('<p>About <em>2</em></p>');
    expect(html).not.toContain('<script');
    expect(html).toMatch(/<a class="btn btn-solid" href="\/go-3"[^>]*>Go 3<\/a>/);
    expect(html).toContain('alt="Photo 1"');
  });
});

describe('buttons block', () => {
  const buttons = [
    { text: 'Book a service', href: '/service', btnType: 'outline', btnColour: '#003366' },
    { text: 'Call', href: 'tel:0295550100', btnColour: '#ffee00' },
  ];

  it('shows outline and solid buttons in the CMS colour, with readable text on solid ones', async () => {
    const html = await renderBlock('buttons', { buttons });
    expect(html).toMatch(
      /<a class="btn btn-outline" href="\/service" style="--btn-colour:#003366"[^>]*>Book a service<\/a>/,
    );
    expect(html).toMatch(/<a class="btn btn-solid" href="tel:0295550100" style="--btn-colour:#ffee00;--btn-text:#000"/);
  });

  it('takes alignment from the block data first, then its tunes, else left', async () => {
    expect(await renderBlock('buttons', { buttons, alignment: 'right' }, { tunes: { alignment: 'center' } })).toContain(
      'buttons-right',
    );
    expect(await renderBlock('buttonsTool', { buttons }, { tunes: { alignment: 'center' } })).toContain(
      'buttons-center',
    );
    expect(await renderBlock('buttons', { buttons })).toContain('buttons-left');
  });

  it('leaves out a button with a javascript: link, and fails the build for a colour that could break out of CSS', async () => {
    const html = await renderBlock('buttonsTool', {
      buttons: [
        { text: 'Bad', href: 'java\nscript:alert(1)' },
        { text: 'Plain', href: '/x' },
      ],
    });
    expect(html).not.toContain('Bad');
    expect(html).toMatch(/<a class="btn btn-solid" href="\/x"[^>]*>Plain<\/a>/);
    await expect(
      renderBlock('buttonsTool', {
        buttons: [{ text: 'Odd colour', href: '/x', btnColour: 'red;background:url(//evil)' }],
      }),
    ).rejects.toThrow(/blocks\[0\]\.data\.buttons\[0\]\.btnColour.*expected a CSS colour/);
  });
});

describe('tag block', () => {
  it('shows a pill in the primary colour by default', async () => {
    const html = await renderBlock('tag', { text: 'New arrival' });
    expect(html).toMatch(
      /<span class="tag" style="--tag-bg:var\(--color-primary\);--tag-fg:#fff"[^>]*>New arrival<\/span>/,
    );
  });

  it('uses theme names, and custom colours over them', async () => {
    expect(await renderBlock('tag', { text: 'Sale', backgroundColor: 'secondary' })).toContain(
      '--tag-bg:var(--color-secondary)',
    );
    const html = await renderBlock('tag', {
      text: 'Sale',
      backgroundColor: 'secondary',
      customBackgroundColor: '#fafafa',
      customTextColor: 'rgb(200, 0, 0)',
    });
    expect(html).toContain('--tag-bg:#fafafa;--tag-fg:rgb(200, 0, 0)');
  });

  it('shows nothing without text', async () => {
    expect(inner(await renderBlock('tag', { text: ' ' }))).toBe('');
  });
});

describe('search block', () => {
  it('renders nothing at all', async () => {
    const html = await renderBlock('search', {});
    expect(inner(html)).toBe('');
  });

  it('leaves the blocks around it as they are', async () => {
    const html = await renderBlocks([
      { id: 'a', type: 'paragraph', data: { text: 'Before' } },
      { id: 's', type: 'search', data: {} },
      { id: 'b', type: 'paragraph', data: { text: 'After' } },
    ]);
    expect(html).toContain('Before');
    expect(html).toContain('After');
  });
});
