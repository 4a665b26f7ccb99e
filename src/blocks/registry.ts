/**
 * Block type → component, found by folder: the component of a block type is
 * `src/blocks/<folder>/<Folder>.astro`, where the folder is the type's own, or the one its
 * definition names in `component` (src/content/block-definition.ts). Adding a block adds its
 * folder and its definition to src/content/blocks.ts; nothing here changes. A type whose
 * component file is missing stops the build here, naming the file it looked for
 * (tests/unit/content/registry.test.ts checks every type before a build does).
 */
import { blockDefinition, blockTypes, type BlockType } from '../content/blocks.ts';

type BlockComponent = (props: never) => unknown;

/** Every block folder's main component, by its path relative to this file. */
const components = import.meta.glob<BlockComponent>('./*/[A-Z]*.astro', { eager: true, import: 'default' });

/** The path of the component file of a block type, relative to src/blocks/. */
export function componentPath(type: BlockType): string {
  const folder = blockDefinition(type).component ?? type;
  return `${folder}/${folder[0]!.toUpperCase()}${folder.slice(1)}.astro`;
}

function componentOf(type: BlockType): BlockComponent {
  const component = components[`./${componentPath(type)}`];
  if (!component)
    throw new Error(`Block type "${type}" has no component: src/blocks/${componentPath(type)} is missing`);
  return component;
}

export const registry = Object.fromEntries(blockTypes.map((type) => [type, componentOf(type)])) as Readonly<
  Record<BlockType, BlockComponent>
>;
