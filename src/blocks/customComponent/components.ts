/**
 * Components a `customComponent` block may name. Each receives the block's `props` (CMS data,
 * unvalidated: read fields defensively) and the page's block context.
 */
import DealerHours from './DealerHours.astro';
import ContactStrip from './ContactStrip.astro';
import { isCustomComponentName, type CustomComponentName } from '../../content/blocks/customComponent.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type CustomComponent = (props: any) => unknown;

export const customComponents = {
  dealerHours: DealerHours,
  contactStrip: ContactStrip,
} satisfies Record<CustomComponentName, CustomComponent>;

/** The component registered under `name`, or undefined (inherited keys never match). */
export function customComponent(name: string): CustomComponent | undefined {
  return isCustomComponentName(name) ? customComponents[name.trim() as CustomComponentName] : undefined;
}
