import { describe, expect, it } from 'vitest';
import { count, pageProblems, renderBlock, renderBlocks } from '../../../tests/helpers/block-html.ts';

/** The island's server HTML: what a visitor sees before the script loads. */
const islandHtml = (html: string) => /<astro-island[^>]*>([\s\S]*?)<\/astro-island>/.exec(html)?.[1] ?? '';
const labelFor = (html: string, id: string) => new RegExp(`<label for="${id}"[^>]*>([^<]*)`).exec(html)?.[1];

describe('form block before hydration', () => {
  it('shows the first step of a contact form as labelled fields inside a post form', async () => {
    const html = await renderBlock('form', { formType: 'contact', heading: 'Send us a message' });
    expect(html).toContain('<h2 id="form-b1-heading" class="form-heading">Send us a message</h2>');
    const island = islandHtml(html);
    expect(island).toMatch(/<form[^>]*method="post"/);
    expect(labelFor(island, 'form-b1-name')).toBe('Full Name');
    expect(labelFor(island, 'form-b1-phone')).toBe('Mobile Phone');
    expect(labelFor(island, 'form-b1-email')).toBe('Email');
    expect(island).toMatch(/<input id="form-b1-phone"[^>]*type="tel"/);
    expect(island).toContain('>Submit</button>');
  });

  it('tells visitors without JavaScript to call, with the dealer phone', async () => {
    const html = await renderBlock('form', { formType: 'contact' });
    expect(html).toMatch(/<noscript>[\s\S]*needs JavaScript[\s\S]*href="tel:0295550100"[\s\S]*<\/noscript>/);
  });

  it('hides a honeypot field from people: off-screen, out of the tab order, no autofill', async () => {
    const island = islandHtml(await renderBlock('form', { formType: 'contact' }));
    expect(island).toMatch(
      /<div class="form-hp" aria-hidden="true">[\s\S]*tabindex="-1"[^>]*autoComplete="off"[^>]*name="website_url_confirm"/,
    );
  });

  it('hydrates the form only when it scrolls into view', async () => {
    const html = await renderBlock('form', { formType: 'contact' });
    expect(html).toContain('client="visible"');
  });

  it('shows only the first step of a multi-step form, with its progress and Next', async () => {
    const island = islandHtml(
      await renderBlocks(
        [
          {
            id: 'car-finder',
            type: 'formBuilder',
            data: {
              type: 'multi',
              category: 'Vehicle Finder',
              heading: 'Find me a car',
              formSteps: [
                { key: 'about', heading: 'About you' },
                { key: 'car', heading: 'The car you want' },
              ],
              fields: [
                { name: 'first_name', type: 'text', label: 'First name', required: true, stepKey: 'about' },
                { name: 'email', type: 'email', label: 'Email', required: true, stepKey: 'about' },
                { name: 'Make', type: 'text', label: 'Make', required: true, stepKey: 'car' },
              ],
            },
          },
        ],
        { path: '/enquire' },
      ),
    );
    expect(island).toContain('Step 1 of 2');
    expect(island).toMatch(/<progress[^>]*max="100" value="50"/);
    expect(island).toContain('>About you</h3>');
    expect(island).not.toContain('The car you want');
    expect(labelFor(island, 'form-car-finder-first_name')).toBe('First name');
    expect(island).not.toContain('form-car-finder-Make');
    expect(island).toContain('>Next</button>');
    expect(island).not.toContain('>Back</button>');
  });

  it('puts the #form-section anchor on the first form of a page only', async () => {
    const html = await renderBlocks(
      [
        { id: 'enquiry', type: 'form', data: { formType: 'contact' } },
        { id: 'car-finder', type: 'formBuilder', data: { fields: [{ name: 'email', type: 'email' }] } },
      ],
      { path: '/enquire' },
    );
    expect(count(html, 'id="form-section"')).toBe(1);
    expect(html.indexOf('id="form-section"')).toBeLessThan(html.indexOf('form-enquiry-heading'));
  });

  it("titles the service booking form with the dealer's name", async () => {
    const html = await renderBlock('form', { formType: 'serviceBooking' });
    expect(html).toContain('Book Your Service at Mini Motors');
    expect(islandHtml(html)).toContain('>Rego</h3>');
  });

  it('opens the finance form on Contact Details', async () => {
    const island = islandHtml(
      await renderBlock('form', { formType: 'finance', type: 'multi', category: 'Finance Enquiry' }),
    );
    expect(island).toContain('>Contact Details</h3>');
    expect(island).toContain('Step 1 of 2');
    expect(labelFor(island, 'form-b1-first_name')).toBe('First Name');
  });

  it('renders every field type with a label tied to its control', async () => {
    const island = islandHtml(
      await renderBlock('formBuilder', {
        fields: [
          { name: 'notes', type: 'text', label: 'Notes' },
          { name: 'message', type: 'message', label: 'Message' },
          { name: 'name', type: 'fullName', required: true },
          { name: 'phone', type: 'phone' },
          { name: 'email', type: 'email' },
          { name: 'location_id', type: 'locationSelect' },
          { name: 'category', type: 'leadCategorySelect' },
          { name: 'make', type: 'make' },
          { name: 'year', type: 'year' },
          { name: 'agree', type: 'check', label: 'I agree to the terms of use' },
          { name: 'rego', type: 'rego' },
          { name: 'colour', type: 'radio', label: 'Colour', options: ['Red', 'Blue'] },
          { name: 'body', type: 'radioCard', label: 'Body', options: ['Sedan', 'SUV'] },
          { name: 'when', type: 'dateTime', bookingType: 'Test Drive' },
          { name: 'source', type: 'hidden', defaultValue: 'web' },
          { name: 'budget', type: 'currency', label: 'Budget' },
          { name: 'captcha', type: 'captcha' },
        ],
      }),
    );
    for (const [id, label] of [
      ['notes', 'Notes'],
      ['message', 'Message'],
      ['name', 'Full Name'],
      ['phone', 'Mobile Phone'],
      ['email', 'Email'],
      ['location_id', 'Dealership Location'],
      ['category', 'Enquiry Type'],
      ['make', 'Make'],
      ['year', 'Year'],
      ['rego', 'Rego'],
      ['when', 'Preferred Test Drive Date'],
      ['when-time', 'Preferred Test Drive Time'],
      ['budget', 'Budget'],
      ['colour-0', 'Red'],
      ['body-1', 'SUV'],
    ]) {
      expect(labelFor(island, `form-b1-${id}`), id).toBe(label);
      expect(island, id).toContain(`id="form-b1-${id}"`);
    }
    expect(island).toMatch(/<legend class="field-label">Colour<\/legend>/);
    expect(island).toMatch(/<label for="form-b1-agree"[^>]*>I agree to the <a href="\/terms-and-conditions"/);
    expect(island).toMatch(/<label for="form-b1-captcha"[^>]*>Security check: What is \d \+ \d\?/);
    expect(island).toContain('<input type="hidden" name="source" value="web"/>');
    expect(island).toMatch(/<input id="form-b1-year"[^>]*inputMode="numeric"/);
  });

  it.each(['serviceBooking', 'finance', 'tradeIn', 'quickService'])(
    'renders valid HTML for a %s form',
    async (formType) => {
      expect(await pageProblems(await renderBlock('form', { formType, type: 'multi' }))).toEqual([]);
    },
  );
});

describe('step headings by published date (cutoff formStepHeadings, 2024-06-24)', () => {
  const finder = [
    {
      id: 'finder',
      type: 'formBuilder',
      data: {
        type: 'multi',
        heading: 'Find me a car',
        description: 'Tell us what you are after.',
        formSteps: [
          { key: 'about', heading: 'About you', description: 'So we can reply.' },
          { key: 'car', heading: 'The car you want' },
        ],
        fields: [
          { name: 'name', type: 'fullName', required: true, stepKey: 'about' },
          { name: 'Make', type: 'text', stepKey: 'car' },
        ],
      },
    },
  ];
  const render = (publishedAt: string) => renderBlocks(finder, { path: '/find', publishedAt });

  it('shows the step heading and description above the fields from 2024-06-24', async () => {
    for (const day of ['2024-06-24', '2025-03-03']) {
      const html = await render(day);
      const island = islandHtml(html);
      expect(island, day).toContain('<h3 class="form-step-heading" tabindex="-1">About you</h3>');
      expect(island, day).toContain('<p class="form-step-description">So we can reply.</p>');
      expect(island.indexOf('About you')).toBeLessThan(island.indexOf('form-finder-name'));
    }
  });

  it('shows only the form heading and progress before it: the step heading is left to screen readers, the description left out', async () => {
    for (const day of ['2024-06-23', '2024-03-05T09:00:00+10:00']) {
      const html = await render(day);
      expect(html, day).toContain('>Find me a car</h2>');
      expect(html, day).toContain('Tell us what you are after.');
      const island = islandHtml(html);
      expect(island, day).toContain('Step 1 of 2');
      expect(island, day).toContain('<h3 class="form-step-heading visually-hidden" tabindex="-1">About you</h3>');
      expect(island, day).not.toContain('So we can reply.');
      expect(island, day).not.toContain('form-step-description');
    }
  });

  it('gives the island the page flag', async () => {
    expect(await render('2024-06-23')).toContain('&quot;stepHeadings&quot;:[0,false]');
    expect(await render('2024-06-24')).toContain('&quot;stepHeadings&quot;:[0,true]');
  });

  it('renders valid HTML on both sides', async () => {
    expect(await pageProblems(await render('2024-06-23'))).toEqual([]);
    expect(await pageProblems(await render('2024-06-24'))).toEqual([]);
  });
});
