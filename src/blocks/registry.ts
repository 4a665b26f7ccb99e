/**
 * Block type → component. The component of a block type is `src/blocks/<folder>/<Folder>.astro`,
 * where the folder is the type's own, or the one its definition names in `component`
 * (src/content/block-definition.ts). Adding a block adds its folder, its definition to
 * src/content/blocks.ts and its component here. A type whose folder is missing here stops the
 * build, naming the file it looked for (tests/unit/content/registry.test.ts checks every type
 * before a build does). The imports are written out so that the module graph (and
 * dependency-cruiser) sees every block this file assembles.
 */
import { blockDefinition, blockTypes, type BlockType } from '../content/blocks.ts';
import type { BlockComponent, BlockComponents } from './types.ts';
import AlternatingColumns from './alternatingColumns/AlternatingColumns.astro';
import BrandDescription from './brandDescription/BrandDescription.astro';
import BrandModels from './brandModels/BrandModels.astro';
import Buttons from './buttons/Buttons.astro';
import CardsTool from './cardsTool/CardsTool.astro';
import Cars from './cars/Cars.astro';
import Columns from './columns/Columns.astro';
import CustomComponent from './customComponent/CustomComponent.astro';
import Faq from './faq/Faq.astro';
import FinanceCalculator from './financeCalculator/FinanceCalculator.astro';
import Form from './form/Form.astro';
import FormBuilder from './formBuilder/FormBuilder.astro';
import Heading from './heading/Heading.astro';
import IconButtonsTool from './iconButtonsTool/IconButtonsTool.astro';
import ImageBackground from './imageBackground/ImageBackground.astro';
import ImageBanner from './imageBanner/ImageBanner.astro';
import ImageSlider from './imageSlider/ImageSlider.astro';
import List from './list/List.astro';
import Locations from './locations/Locations.astro';
import ModelColors from './modelColors/ModelColors.astro';
import ModelFeatures from './modelFeatures/ModelFeatures.astro';
import ModelVariants from './modelVariants/ModelVariants.astro';
import Offers from './offers/Offers.astro';
import Paragraph from './paragraph/Paragraph.astro';
import Reviews from './reviews/Reviews.astro';
import SalesCounter from './salesCounter/SalesCounter.astro';
import Search from './search/Search.astro';
import Success from './success/Success.astro';
import Tag from './tag/Tag.astro';
import Team from './team/Team.astro';
import UnknownBlock from './unknownBlock/UnknownBlock.astro';
import Video from './video/Video.astro';
import WebsiteBrands from './websiteBrands/WebsiteBrands.astro';

/** Every block folder's main component, by folder. */
const components: Readonly<Record<string, BlockComponent>> = {
  alternatingColumns: AlternatingColumns,
  brandDescription: BrandDescription,
  brandModels: BrandModels,
  buttons: Buttons,
  cardsTool: CardsTool,
  cars: Cars,
  columns: Columns,
  customComponent: CustomComponent,
  faq: Faq,
  financeCalculator: FinanceCalculator,
  form: Form,
  formBuilder: FormBuilder,
  heading: Heading,
  iconButtonsTool: IconButtonsTool,
  imageBackground: ImageBackground,
  imageBanner: ImageBanner,
  imageSlider: ImageSlider,
  list: List,
  locations: Locations,
  modelColors: ModelColors,
  modelFeatures: ModelFeatures,
  modelVariants: ModelVariants,
  offers: Offers,
  paragraph: Paragraph,
  reviews: Reviews,
  salesCounter: SalesCounter,
  search: Search,
  success: Success,
  tag: Tag,
  team: Team,
  unknownBlock: UnknownBlock,
  video: Video,
  websiteBrands: WebsiteBrands,
};

/** The path of the component file of a block type, relative to src/blocks/. */
export function componentPath(type: BlockType): string {
  const folder = blockDefinition(type).component ?? type;
  return `${folder}/${folder[0]!.toUpperCase()}${folder.slice(1)}.astro`;
}

function componentOf(type: BlockType): BlockComponent {
  const folder = blockDefinition(type).component ?? type;
  const component = Object.hasOwn(components, folder) ? components[folder] : undefined;
  if (!component)
    throw new Error(`Block type "${type}" has no component: src/blocks/${componentPath(type)} is missing`);
  return component;
}

export const registry: BlockComponents = Object.fromEntries(
  blockTypes.map((type) => [type, componentOf(type)]),
) as BlockComponents;
