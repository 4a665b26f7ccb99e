/**
 * GET /api/stock/status?ids=a,b,c and GET /api/stock/compare?ids=a,b,c: the cars asked about, as a
 * comma-separated list of car ids (blanks and repeats dropped), each at most MAX_CAR_ID_LENGTH
 * characters without control characters.
 */
import { z } from 'astro/zod';
import { CONTROL_CHARACTERS } from '../../../contract/parse.ts';
import { MAX_STATUS_IDS } from '../../../contract/routes.ts';
import { MAX_COMPARE } from '../../shortlist/rules/shortlist.ts';

/** Longer than any car id of a stock feed. */
export const MAX_CAR_ID_LENGTH = 128;

/** The distinct car ids of `?ids=`, at most `max`, refused with one message each way. */
function carIdsQuery(max: number, tooMany: string) {
  return z.object({
    ids: z.string().transform((raw, ctx) => {
      const ids = [
        ...new Set(
          raw
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean),
        ),
      ];
      const problem = !ids.length
        ? 'Name the cars: ?ids=<car id>[,<car id>…].'
        : ids.length > max
          ? tooMany
          : ids.some((id) => id.length > MAX_CAR_ID_LENGTH || CONTROL_CHARACTERS.test(id))
            ? 'A car id is too long or holds a control character.'
            : undefined;
      if (!problem) return ids;
      ctx.addIssue({ code: 'custom', message: problem });
      return z.NEVER;
    }),
  });
}

export const stockStatusQuery = carIdsQuery(MAX_STATUS_IDS, `Ask about ${MAX_STATUS_IDS} cars at most.`);

export const stockCompareQuery = carIdsQuery(MAX_COMPARE, `Compare ${MAX_COMPARE} cars at most.`);

export type CarIdsQuery = z.input<typeof stockStatusQuery>;
