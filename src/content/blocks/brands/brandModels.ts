/** The `brandModels` block's data (content format: `brandModels`; spec §2 "Model range screen"). */
import { z, opt } from '../../zod.ts';
import { defineBlock } from '../../block-definition.ts';

export const brandModelsData = z.object({
  /** The block's heading, over the category buttons. Absent: no visible heading. */
  heading: opt(z.string()),
  /** Only the models of this make (a model's manufacturer_name, any case). Absent or blank: every model of models.json. */
  make: opt(z.string()),
});

export const definition = defineBlock({ type: 'brandModels', data: brandModelsData, island: true });
