/** The `modelColors` block's data (content format: `modelColors`; spec §2 "Model detail blocks": colour picker). */
import { z } from '../../zod.ts';
import { defineBlock } from '../../block-definition.ts';

export const modelColorsData = z.object({
  /** The slug of the model whose colours the picker shows (its new_slug is accepted too); an unknown model renders nothing. */
  model: z.string(),
});

export const definition = defineBlock({ type: 'modelColors', data: modelColorsData, island: true });
