/**
 * The `customComponent` block's data (content format: `customComponent` "a name the project
 * registers; an unknown name renders nothing"), and the names it may use. The names are plain data
 * so that content validation can warn about an unknown name without loading Astro;
 * components.ts maps each name to a component.
 */
import { z, opt } from '../zod.ts';
import { defineBlock } from '../block-definition.ts';

export const customComponentNames = ['dealerHours', 'contactStrip'] as const;
export type CustomComponentName = (typeof customComponentNames)[number];

export function isCustomComponentName(name: string): name is CustomComponentName {
  return (customComponentNames as readonly string[]).includes(name.trim());
}

export const customComponentData = z.object({
  /**
   * The registered component's name (`dealerHours`: a table of opening hours per location;
   * `contactStrip`: the primary location's phone, email and address). An unknown name renders
   * nothing, and the build warns about it.
   */
  component: z.string(),
  /**
   * Settings passed to the component as they are, unvalidated (e.g. `dealerHours` reads
   * `locationType`). Absent: none.
   */
  props: opt(z.record(z.string(), z.unknown())),
});

export const definition = defineBlock({ type: 'customComponent', data: customComponentData });
