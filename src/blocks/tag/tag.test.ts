import { describe, expect, it } from 'vitest';
import { inner, renderBlock } from '../../../tests/helpers/block-html.ts';

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
