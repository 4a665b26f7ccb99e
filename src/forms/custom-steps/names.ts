/**
 * The custom steps a formBuilder step may name. The list is content data (src/content/custom-steps.ts),
 * so content validation reads it without loading the forms; it is re-exported here for the forms.
 */
export { customStepKeys, isCustomStepKey, type CustomStepKey } from '../../content/custom-steps.ts';
