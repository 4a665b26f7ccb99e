/** A page snapshot (a JSON file under pages/). Blocks are validated separately by `validateBlocks`. */
import { z, opt, id } from './zod.ts';
import type { Block } from './blocks.ts';

export const pageSchema = z.object({
  id,
  /** "/", "/special-offers", "/corolla" ...; normalised to a leading slash and no trailing one. */
  path: z.string().transform(normalisePath),
  title: z.string(),
  description: opt(z.string()),
  /** ISO date or date-time; drives the layout revisions (src/site/cutoffs.ts). */
  publishedAt: z.string().refine((s) => !Number.isNaN(Date.parse(s)), {
    error: 'expected an ISO date such as "2024-06-03" or "2024-06-03T09:00:00Z"',
  }),
  noindex: opt(z.boolean()).default(false),
  blocks: z.array(z.unknown()),
});

export type Page = Omit<z.output<typeof pageSchema>, 'blocks'> & {
  blocks: Block[];
  /** The snapshot file, relative to the dealer folder, for messages. */
  file: string;
};

/** "/a/b/" → "/a/b", "a" → "/a", "" → "/". Query strings and fragments are not paths. */
export function normalisePath(path: string): string {
  let p = path.trim();
  if (!p.startsWith('/')) p = '/' + p;
  p = p.replace(/\/{2,}/g, '/');
  if (p.length > 1) p = p.replace(/\/+$/, '');
  return p;
}
