import { describe, expect, it } from 'vitest';
import { renderBlock } from '../../../tests/helpers/block-html.ts';

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
