/**
 * The `formBuilder` block's data (content format: `FormBlockData`): a custom form from the block's
 * own fields and steps, with no formType. The fields (and their documentation) are in
 * src/content/forms.ts, which the form engine shares.
 */
import { formBlockData } from '../../forms.ts';
import { defineBlock } from '../../block-definition.ts';

export { formBlockData };

export const definition = defineBlock({ type: 'formBuilder', data: formBlockData, island: true });
