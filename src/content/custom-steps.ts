/**
 * The custom steps a formBuilder step may name (`isCustom: true` with `customStepKey`). Plain data,
 * so that content validation can refuse an unknown key without loading the forms or React:
 * src/forms/custom-steps/index.ts maps each key to what the step asks at build time,
 * src/forms/custom-steps/components.ts to the React component that renders it.
 */
export const customStepKeys = ['testDriveSlots', 'regoLookup'] as const;
export type CustomStepKey = (typeof customStepKeys)[number];

export function isCustomStepKey(key: string): key is CustomStepKey {
  return (customStepKeys as readonly string[]).includes(key.trim());
}
