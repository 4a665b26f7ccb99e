/** The `search` block's data (content format: `search` "anything; renders nothing"). */
import { z } from '../../zod.ts';
import { defineBlock } from '../../block-definition.ts';

/** No fields: the block renders nothing (spec: Page blocks, "search (renders nothing)"); extra fields are ignored. */
export const searchData = z.object({});

export const definition = defineBlock({ type: 'search', data: searchData });
