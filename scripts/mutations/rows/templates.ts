/**
 * Hand mutations of the Astro templates of the layout, text and media blocks: markup rules
 * StrykerJS cannot mutate (it reads no .astro file), each caught by the block's render test.
 * Listed by ../list.ts.
 */
import { row, type Mutation } from '../kit.ts';

export const mutations: Mutation[] = [
  ...row(
    'An unknown block shows editors a placeholder naming its type',
    ['unknown-block.test.ts'],
    [
      {
        id: 'editor-placeholder-production',
        find: 'const shown = import.meta.env.DEV || isPreviewBuild();',
        replace: 'const shown = true;',
        why: 'production never shows the stand-in',
      },
    ],
  ),
  ...row(
    'paragraph, list',
    ['paragraph.test.ts', 'list.test.ts'],
    [
      {
        id: 'list-ordered',
        find: "const Tag = block.data.style === 'ordered' ? 'ol' : 'ul';",
        replace: "const Tag = 'ul';",
        why: 'an ordered list is an <ol>',
      },
      {
        id: 'list-empty-items',
        find: '.map((item) => sanitizeInline(item).trim()).filter(Boolean);',
        replace: '.map((item) => sanitizeInline(item).trim());',
        why: 'empty list items are left out',
      },
    ],
  ),
  ...row(
    'columns (12-column grid, nested blocks)',
    ['columns.test.ts', 'column-widths.test.ts'],
    [
      {
        id: 'columns-span-var',
        find: '<div class="column" style={`--span:${spans[i]}`}>',
        replace: '<div class="column">',
        why: 'each column spans its width',
      },
    ],
  ),
  ...row(
    'alternatingColumns',
    ['alternating-columns.test.ts', 'spec-rules-blocks.test.ts'],
    [
      {
        id: 'alternating-flip',
        find: "{ 'alt-row-flipped': i % 2 === 1 }",
        replace: "{ 'alt-row-flipped': i % 2 === 0 }",
        why: 'the image sits left on the first row, right on the second',
      },
      {
        id: 'alternating-buttons',
        find: '{item.buttons.length > 0 && (',
        replace: '{item.buttons.length > 99 && (',
        why: 'each row shows its buttons',
      },
    ],
  ),
  ...row(
    'cardsTool (grid; Swiper carousel',
    ['cards-layout.test.ts', 'spec-rules-blocks.test.ts', 'cards.test.ts'],
    [
      {
        id: 'cards-loop',
        find: '      loop={loop} mobileArrows={mobileArrows}>',
        replace: '      loop={false} mobileArrows={mobileArrows}>',
        why: 'the carousel loops when the block says so',
      },
      {
        id: 'cards-mobile-arrows',
        find: '      loop={loop} mobileArrows={mobileArrows}>',
        replace: '      loop={loop} mobileArrows={false}>',
        why: 'the carousel shows arrows on phones when the block says so',
      },
      {
        id: 'cards-carousel',
        find: '{cards.length > 0 && (isCarousel ? (',
        replace: '{cards.length > 0 && (false ? (',
        why: 'isCarousel makes a carousel',
      },
    ],
  ),
  ...row(
    'imageBanner, imageBackground (overlay colour and opacity)',
    ['image-banner.test.ts', 'image-background.test.ts'],
    [
      {
        id: 'image-background-overlay',
        find: '    {shade && <div class="bg-overlay" style={shade} />}',
        replace: '',
        why: 'the image background draws its overlay',
      },
    ],
  ),
  ...row(
    'iconButtonsTool',
    ['icon-buttons.test.ts', 'spec-rules-blocks.test.ts'],
    [
      {
        id: 'icon-buttons-minimal',
        find: "const minimal = block.data.type === 'minimal';",
        replace: 'const minimal = false;',
        why: 'type minimal drops the boxes',
      },
      {
        id: 'icon-buttons-per-row',
        find: 'const perRow = block.data.buttonsPerRow ?? Math.min(Math.max(links.length, 1), 4);',
        replace: 'const perRow = Math.min(Math.max(links.length, 1), 4);',
        why: 'buttonsPerRow sets the buttons per row',
      },
      {
        id: 'icon-buttons-unsafe',
        find: '  return href && text ? [{ href, text, icon: iconFor(b.icon) }] : [];',
        replace: '  return text ? [{ href: href ?? b.href, text, icon: iconFor(b.icon) }] : [];',
        why: 'a button with an unsafe link is left out',
      },
    ],
  ),
  ...row(
    'video (autoplay, muted, loop, playsinline',
    ['video.test.ts'],
    [
      { id: 'video-muted', find: '    muted\n', replace: '', why: 'the video is muted' },
      { id: 'video-loop', find: '    loop\n', replace: '', why: 'the video loops' },
      { id: 'video-autoplay', find: '    autoplay\n', replace: '', why: 'the video plays by itself' },
      { id: 'video-playsinline', find: '    playsinline\n', replace: '', why: 'the video plays inline on phones' },
    ],
  ),
  ...row(
    'faq (accessible accordion, nested answers)',
    ['faq.test.ts', 'spec-rules-blocks.test.ts'],
    [
      {
        id: 'faq-details',
        find: '          <summary class="faq-question">{q.question}</summary>',
        replace: '          <div class="faq-question">{q.question}</div>',
        why: 'each question is the summary of its accordion',
      },
      {
        id: 'faq-empty-questions',
        find: 'const questions = block.data.questions.filter((q) => q.question.trim());',
        replace: 'const questions = block.data.questions;',
        why: 'questions without text are left out',
      },
      {
        id: 'faq-nested-answer',
        find: '            <BlockList blocks={q.answer as Block[]} ctx={ctx} nested />',
        replace: '',
        why: 'answers are block lists',
      },
    ],
  ),
];
