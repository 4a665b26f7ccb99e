/**
 * The React component of each custom step (names.ts). Each renders the fields its registry entry
 * (index.ts) owns, inside the island's form; the island renders the step's other fields after it.
 */
import type { ComponentType } from 'react';
import type { CustomStepKey } from './names.ts';
import { isCustomStepKey } from './names.ts';
import type { CustomStepProps } from './index.ts';
import TestDriveSlots from './TestDriveSlots.tsx';
import RegoLookup from '../../features/rego-lookup/ui/RegoLookup.tsx';

export const customStepComponents = {
  testDriveSlots: TestDriveSlots,
  regoLookup: RegoLookup,
} satisfies Record<CustomStepKey, ComponentType<CustomStepProps>>;

/** The component registered under `key`, or undefined. */
export function customStepComponent(key: string | undefined): ComponentType<CustomStepProps> | undefined {
  return key !== undefined && isCustomStepKey(key) ? customStepComponents[key.trim() as CustomStepKey] : undefined;
}
