/**
 * The block types of the content format, assembled from each type's definition
 * (src/content/blocks/<group>/<type>.ts: its data schema, documented field by field, and the child block
 * lists it nests). `blockDataSchemas` is the list of known block types: the registry of
 * components (src/blocks/registry.ts) is checked against it by the compiler. Nested blocks
 * (`columns`, `faq` answers) are kept raw in the data and validated by `validateBlocks` through
 * the definitions' `children`, so that their errors carry the full JSON path.
 *
 * The format defines what a block's data is; src/blocks renders it. Nothing here imports a block.
 */
import { z, opt, alignment } from './zod.ts';
import { childLists, type BlockDefinition, type ChildList } from './block-definition.ts';
import * as heading from './blocks/text/heading.ts';
import * as paragraph from './blocks/text/paragraph.ts';
import * as list from './blocks/text/list.ts';
import * as columns from './blocks/layout/columns.ts';
import * as alternatingColumns from './blocks/layout/alternatingColumns.ts';
import * as form from './blocks/forms/form.ts';
import * as formBuilder from './blocks/forms/formBuilder.ts';
import * as cars from './blocks/stock/cars.ts';
import * as offers from './blocks/stock/offers.ts';
import * as faq from './blocks/layout/faq.ts';
import * as reviews from './blocks/dealer/reviews.ts';
import * as locations from './blocks/dealer/locations.ts';
import * as team from './blocks/dealer/team.ts';
import * as search from './blocks/stock/search.ts';
import * as buttons from './blocks/text/buttons.ts';
import * as cardsTool from './blocks/layout/cardsTool.ts';
import * as imageBanner from './blocks/media/imageBanner.ts';
import * as imageBackground from './blocks/media/imageBackground.ts';
import * as imageSlider from './blocks/media/imageSlider.ts';
import * as websiteBrands from './blocks/brands/websiteBrands.ts';
import * as brandModels from './blocks/brands/brandModels.ts';
import * as brandDescription from './blocks/brands/brandDescription.ts';
import * as iconButtonsTool from './blocks/text/iconButtonsTool.ts';
import * as salesCounter from './blocks/text/salesCounter.ts';
import * as modelFeatures from './blocks/brands/modelFeatures.ts';
import * as modelVariants from './blocks/brands/modelVariants.ts';
import * as modelColors from './blocks/brands/modelColors.ts';
import * as video from './blocks/media/video.ts';
import * as tag from './blocks/text/tag.ts';
import * as financeCalculator from './blocks/forms/financeCalculator.ts';
import * as customComponent from './blocks/customComponent.ts';
import * as success from './blocks/forms/success.ts';
import * as unknownBlock from './blocks/unknownBlock.ts';

export { frequencies } from './blocks/forms/financeCalculator.ts';
export { isCustomComponentName } from './blocks/customComponent.ts';
export { UNKNOWN_BLOCK } from './blocks/unknownBlock.ts';

/** A block as stored: type and data are checked against the type's schema afterwards. */
export const rawBlock = z.object({
  id: z.union([z.string(), z.number()]),
  type: z.string().min(1),
  data: z.record(z.string(), z.unknown()),
  tunes: opt(z.looseObject({ classname: opt(z.string()), alignment: opt(alignment) })),
});
export type RawBlock = z.output<typeof rawBlock>;

/** Every block type's definition, by type. */
export const blockDefinitions = {
  heading: heading.definition,
  paragraph: paragraph.definition,
  list: list.definition,
  columns: columns.definition,
  alternatingColumns: alternatingColumns.definition,
  form: form.definition,
  formBuilder: formBuilder.definition,
  cars: cars.definition,
  offers: offers.definition,
  faq: faq.definition,
  reviews: reviews.definition,
  locations: locations.definition,
  team: team.definition,
  search: search.definition,
  buttons: buttons.definition,
  buttonsTool: buttons.toolDefinition,
  cardsTool: cardsTool.definition,
  imageBanner: imageBanner.definition,
  imageBackground: imageBackground.definition,
  imageSlider: imageSlider.definition,
  websiteBrands: websiteBrands.definition,
  brandModels: brandModels.definition,
  brandDescription: brandDescription.definition,
  iconButtonsTool: iconButtonsTool.definition,
  salesCounter: salesCounter.definition,
  modelFeatures: modelFeatures.definition,
  modelVariants: modelVariants.definition,
  modelColors: modelColors.definition,
  video: video.definition,
  tag: tag.definition,
  financeCalculator: financeCalculator.definition,
  customComponent: customComponent.definition,
  success: success.definition,
  // Made by validation for editors' previews only; never a type of the content format.
  unknownBlock: unknownBlock.definition,
} as const;

type Definitions = typeof blockDefinitions;

// Each entry sits under its own type name.
blockDefinitions satisfies { [K in keyof Definitions]: BlockDefinition<K, Definitions[K]['data']> };

/** Every block type's data schema, by type. */
export const blockDataSchemas = Object.fromEntries(
  Object.entries(blockDefinitions).map(([type, definition]) => [type, definition.data]),
) as { readonly [K in keyof Definitions]: Definitions[K]['data'] };

export type BlockType = keyof typeof blockDataSchemas;
export const blockTypes = Object.keys(blockDataSchemas) as BlockType[];
export type BlockData<T extends BlockType> = z.output<(typeof blockDataSchemas)[T]>;

/** A validated block: data parsed by its type's schema, nested blocks validated too. */
export type Block<T extends BlockType = BlockType> = {
  [K in T]: {
    id: string;
    type: K;
    data: BlockData<K>;
    tunes: { classname?: string; alignment?: 'left' | 'center' | 'right'; [k: string]: unknown };
    /** Position in its list (the spec's `index`). */
    index: number;
  };
}[T];

export function isBlockType(type: string): type is BlockType {
  return Object.hasOwn(blockDataSchemas, type);
}

/** The definition of a block type. */
export function blockDefinition(type: BlockType): BlockDefinition {
  return blockDefinitions[type];
}

/**
 * The child block lists of a block of `type` with this data, as its definition declares them;
 * none for a block that nests nothing or a type the format does not know.
 */
export function nestedBlockLists(type: string, data: unknown): ChildList[] {
  if (!isBlockType(type)) return [];
  return childLists(blockDefinition(type), data);
}
