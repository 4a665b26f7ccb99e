/** The `modelVariants` block's data (content format: `modelVariants`; spec §2 "Model detail blocks": variant cards). */
import { z } from '../../zod.ts';
import { defineBlock } from '../../block-definition.ts';

export const modelVariantsData = z.object({
  /** The slug of the model whose variants show (its new_slug is accepted too); an unknown model shows no cards. */
  model: z.string(),
});

export const definition = defineBlock({ type: 'modelVariants', data: modelVariantsData, island: true });
