import { describe, expect, it } from 'vitest';
import { count, htmlProblems, inner, jsonLd, renderBlock, renderBlocks } from '../../../tests/helpers/block-html.ts';

const questions = [
  {
    question: 'Do you offer finance?',
    answer: [
      { id: 'a1', type: 'paragraph', data: { text: 'Yes, <strong>competitive</strong> rates &amp; terms.' } },
      { id: 'a2', type: 'list', data: { style: 'unordered', items: ['Car loans', 'Novated <em>leases</em>'] } },
    ],
  },
  {
    question: 'Where are you?',
    answer: [
      {
        id: 'b1',
        type: 'columns',
        data: { cols: [{ blocks: [{ id: 'b2', type: 'paragraph', data: { text: 'Sydney <script>x()</script>' } }] }] },
      },
    ],
  },
  { question: 'Coming soon?', answer: [] },
];

describe('faq block', () => {
  it('shows heading, subheading and each question as a disclosure with its answer blocks', async () => {
    const html = await renderBlock('faq', { heading: 'Questions', subheading: 'Answered by our team', questions });
    expect(html).toMatch(
      /<section class="faq" aria-labelledby="faq-b1-heading">\s*<h2 id="faq-b1-heading" class="faq-heading">Questions<\/h2>/,
    );
    expect(html).toContain('<p class="faq-subheading">Answered by our team</p>');
    expect(count(html, '<details class="faq-item">')).toBe(3);
    expect(html).toMatch(/<summary class="faq-question">Do you offer finance\?<\/summary>/);
    const first = html.slice(html.indexOf('Do you offer finance?'), html.indexOf('Where are you?'));
    expect(first).toContain('<strong>competitive</strong>');
    expect(first).toContain('<li>Novated <em>leases</em></li>');
    expect(html).toMatch(/<div class="faq-answer">[\s\S]*class="grid-12 columns"[\s\S]*Sydney/);
    expect(html).not.toContain('<script>x()');
  });

  it('tells search engines the questions and the plain text of their answers', async () => {
    const html = await renderBlock('faq', { heading: 'Questions', questions });
    expect(jsonLd(html)).toEqual([
      {
        '@context': 'https://schema.org',
        '@type': 'FAQPage',
        mainEntity: [
          {
            '@type': 'Question',
            name: 'Do you offer finance?',
            acceptedAnswer: { '@type': 'Answer', text: 'Yes, competitive rates & terms. Car loans Novated leases' },
          },
          { '@type': 'Question', name: 'Where are you?', acceptedAnswer: { '@type': 'Answer', text: 'Sydney' } },
        ],
      },
    ]);
  });

  it('cannot close its structured-data script early', async () => {
    const html = await renderBlock('faq', {
      questions: [
        {
          question: 'Tricky </script><script>alert(1)</script>',
          answer: [{ id: 'x', type: 'paragraph', data: { text: 'Fine' } }],
        },
      ],
    });
    expect(count(html, '</script>')).toBe(1);
    expect((jsonLd(html)[0] as { mainEntity: { name: string }[] }).mainEntity[0]!.name).toContain('</script>');
  });

  it('emits no structured data when no question has an answer, and nothing at all without questions', async () => {
    const html = await renderBlock('faq', { questions: [{ question: 'Soon?', answer: [] }] });
    expect(html).toContain('Soon?');
    expect(jsonLd(html)).toEqual([]);
    expect(inner(await renderBlock('faq', { heading: 'Empty', questions: [] }))).toBe('');
  });

  it('keeps ids unique and HTML valid with two faq blocks on one page', async () => {
    const html = await renderBlocks([
      { id: 'faq-1', type: 'faq', data: { heading: 'Sales', questions } },
      { id: 'faq-2', type: 'faq', data: { heading: 'Service', questions } },
    ]);
    expect(html).toContain('id="faq-faq-1-heading"');
    expect(html).toContain('id="faq-faq-2-heading"');
    expect(await htmlProblems(html)).toEqual([]);
  });
});
