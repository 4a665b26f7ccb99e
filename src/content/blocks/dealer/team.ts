/** The `team` block's data (content format: `team`; spec §2 "Staff"). */
import { z, opt } from '../../zod.ts';
import { defineBlock } from '../../block-definition.ts';

export const teamData = z.object({
  /** The block's heading; group headings nest under it. Absent: no visible heading. */
  heading: opt(z.string()),
  /**
   * `grouped`: staff cards grouped by category; `tabs`: one tab per category, in step with the
   * `?team=` query parameter (spec §2: "Cards grouped by category, or tabbed by category").
   * Absent: `grouped`.
   */
  layout: opt(z.enum(['grouped', 'tabs'])).default('grouped'),
  /**
   * Only these staff categories. Absent: every category, in the spec's default order (spec §3
   * Staff member: "Category default order: management, sales, …").
   */
  categories: opt(z.array(z.string())),
});

export const definition = defineBlock({ type: 'team', data: teamData, island: true });
