/** The `success` block's data (content format: `success` "the thank-you page, chosen at run time from the query string"). */
import { z } from '../../zod.ts';
import { defineBlock } from '../../block-definition.ts';

/**
 * No fields: the thank-you variant comes from the query parameters category, subcategory,
 * offer_rejected and user (spec §2 "Success (thank-you) page") and the site's options; extra
 * fields are ignored.
 */
export const successData = z.object({});

export const definition = defineBlock({ type: 'success', data: successData, island: true });
