/**
 * Names a `customComponent` block may use. Plain data (no components) so that content validation
 * can warn about an unknown name without loading Astro; components.ts maps each name to a component.
 */
export const customComponentNames = ['dealerHours', 'contactStrip'] as const;
export type CustomComponentName = (typeof customComponentNames)[number];

export function isCustomComponentName(name: string): name is CustomComponentName {
  return (customComponentNames as readonly string[]).includes(name.trim());
}
