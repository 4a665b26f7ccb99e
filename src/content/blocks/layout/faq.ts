/** The `faq` block's data (content format: `faq`; spec §3 "faq: heading, subheading, questions as block lists"). */
import { z, opt } from '../../zod.ts';
import { defineBlock } from '../../block-definition.ts';

export const faqData = z.object({
  /** The block's heading. Absent: no visible heading. */
  heading: opt(z.string()),
  /** A line under the heading. Absent: none. */
  subheading: opt(z.string()),
  /**
   * The questions, each opening to show its answer (an accordion; spec §4 "accordion open/closed");
   * also given to search engines as FAQPage structured data. A question with blank text is left out.
   */
  questions: z.array(
    z.object({
      /** The question, as plain text. */
      question: z.string(),
      /**
       * The answer as a list of blocks, rendered recursively. Kept raw here and validated as child
       * blocks, so their errors carry the full JSON path.
       */
      answer: z.array(z.unknown()),
    }),
  ),
});

export const definition = defineBlock({
  type: 'faq',
  data: faqData,
  children: (data) => data.questions.map((q, n) => ({ path: ['questions', n, 'answer'], blocks: q.answer })),
});
