/**
 * The block types of the content format, assembled from each block's own definition
 * (src/blocks/<type>/schema.ts: its data schema, documented field by field, and the child block
 * lists it nests). `blockDataSchemas` is the list of known block types: the registry of
 * components is checked against it by the compiler. Nested blocks (`columns`, `faq` answers) are
 * kept raw in the data and validated by `validateBlocks` through the definitions' `children`, so
 * that their errors carry the full JSON path.
 *
 * This is the one module of src/content that imports from src/blocks, and it imports only the
 * blocks' schema.ts files, which themselves import nothing but src/content primitives and zod.
 */
import { z, opt, alignment } from './zod.ts';
import { childLists, type BlockDefinition, type ChildList } from './block-definition.ts';
import * as heading from '../blocks/heading/schema.ts';
import * as paragraph from '../blocks/paragraph/schema.ts';
import * as list from '../blocks/list/schema.ts';
import * as columns from '../blocks/columns/schema.ts';
import * as alternatingColumns from '../blocks/alternatingColumns/schema.ts';
import * as form from '../blocks/form/schema.ts';
import * as formBuilder from '../blocks/formBuilder/schema.ts';
import * as cars from '../blocks/cars/schema.ts';
import * as offers from '../blocks/offers/schema.ts';
import * as faq from '../blocks/faq/schema.ts';
import * as reviews from '../blocks/reviews/schema.ts';
import * as locations from '../blocks/locations/schema.ts';
import * as team from '../blocks/team/schema.ts';
import * as search from '../blocks/search/schema.ts';
import * as buttons from '../blocks/buttons/schema.ts';
import * as cardsTool from '../blocks/cardsTool/schema.ts';
import * as imageBanner from '../blocks/imageBanner/schema.ts';
import * as imageBackground from '../blocks/imageBackground/schema.ts';
import * as imageSlider from '../blocks/imageSlider/schema.ts';
import * as websiteBrands from '../blocks/websiteBrands/schema.ts';
import * as brandModels from '../blocks/brandModels/schema.ts';
import * as brandDescription from '../blocks/brandDescription/schema.ts';
import * as iconButtonsTool from '../blocks/iconButtonsTool/schema.ts';
import * as salesCounter from '../blocks/salesCounter/schema.ts';
import * as modelFeatures from '../blocks/modelFeatures/schema.ts';
import * as modelVariants from '../blocks/modelVariants/schema.ts';
import * as modelColors from '../blocks/modelColors/schema.ts';
import * as video from '../blocks/video/schema.ts';
import * as tag from '../blocks/tag/schema.ts';
import * as financeCalculator from '../blocks/financeCalculator/schema.ts';
import * as customComponent from '../blocks/customComponent/schema.ts';
import * as success from '../blocks/success/schema.ts';
import * as unknownBlock from '../blocks/unknownBlock/schema.ts';

export { frequencies } from '../blocks/financeCalculator/schema.ts';
export { isCustomComponentName } from '../blocks/customComponent/schema.ts';
export { UNKNOWN_BLOCK } from '../blocks/unknownBlock/schema.ts';

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
