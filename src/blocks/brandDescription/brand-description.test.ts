import { describe, expect, it } from 'vitest';
import { count, renderBlock } from '../../../tests/helpers/block-html.ts';

describe('brand description block', () => {
  const logo = { url: 'https://cdn.example.com/toyota.png', width: 200, height: 80 };

  it('shows logo, heading, rich description and buttons with the dealer name for brand_website_name', async () => {
    const html = await renderBlock('brandDescription', {
      logo,
      heading: 'Toyota',
      description: '<p>Oh what a <em>feeling</em></p><iframe src="x"></iframe>',
      btns: [{ href: '/new-cars', linkText: 'Shop at brand_website_name', btnType: 'outline' }],
    });
    expect(html).toMatch(
      /<img src="https:\/\/cdn\.example\.com\/toyota\.png" alt="Toyota logo" width="200" height="80"/,
    );
    expect(html).toMatch(/<h2 class="brand-heading">Toyota<\/h2>/);
    expect(html).toContain('<p>Oh what a <em>feeling</em></p>');
    expect(html).not.toContain('iframe');
    expect(html).toMatch(/<a class="btn btn-outline" href="\/new-cars"[^>]*>Shop at Mini Motors<\/a>/);
  });

  it("expands a website button into one button per website of the heading's brand", async () => {
    const html = await renderBlock('brandDescription', {
      heading: 'Discover Toyota',
      btns: [{ href: '#', linkText: 'Visit brand_website_name', btnColour: '#eb0a1e', isDynamicWebsiteButtons: true }],
    });
    expect(html).toMatch(/href="https:\/\/www\.minimotors\.com\.au"[^>]*>Visit Mini Motors<\/a>/);
    expect(html).toMatch(/href="https:\/\/www\.minitoyotaparramatta\.com\.au"[^>]*>Visit Mini Toyota Parramatta<\/a>/);
    expect(html).not.toContain('minikia');
    expect(count(html, 'class="btn btn-solid"')).toBe(2);
    expect(html).toContain('--btn-colour:#eb0a1e');
  });

  it('shows no website buttons when the heading names none of several brands', async () => {
    const html = await renderBlock('brandDescription', {
      heading: 'Kiama Service Centre',
      btns: [
        { href: '#', linkText: 'Visit brand_website_name', isDynamicWebsiteButtons: true },
        { href: '/service', linkText: 'Book a service' },
      ],
    });
    expect(count(html, 'class="btn ')).toBe(1);
    expect(html).toContain('Book a service');
  });
});
