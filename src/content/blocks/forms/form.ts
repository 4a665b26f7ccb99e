/**
 * The `form` block's data (content format: `FormBlockData & { formType?: FormType }`): a form of a
 * built-in type, or one built from the block's own steps and fields. The fields (and their
 * documentation) are in src/content/forms.ts, which the form engine shares.
 */
import { formData } from '../../forms.ts';
import { defineBlock } from '../../block-definition.ts';

export { formData };

export const definition = defineBlock({ type: 'form', data: formData, island: true });
