/**
 * Block type → component. `satisfies Record<BlockType, …>` makes the compiler report a block
 * type of the content format that has no component, and a component for a type that does not exist.
 */
import type { BlockType } from '../content/blocks.ts';
import Heading from './heading/Heading.astro';
import Paragraph from './paragraph/Paragraph.astro';
import List from './list/List.astro';
import Columns from './columns/Columns.astro';
import AlternatingColumns from './alternatingColumns/AlternatingColumns.astro';
import Form from './form/Form.astro';
import FormBuilder from './formBuilder/FormBuilder.astro';
import Cars from './cars/Cars.astro';
import Offers from './offers/Offers.astro';
import Faq from './faq/Faq.astro';
import Reviews from './reviews/Reviews.astro';
import Locations from './locations/Locations.astro';
import Team from './team/Team.astro';
import Search from './search/Search.astro';
import Buttons from './buttons/Buttons.astro';
import CardsTool from './cardsTool/CardsTool.astro';
import ImageBanner from './imageBanner/ImageBanner.astro';
import ImageBackground from './imageBackground/ImageBackground.astro';
import ImageSlider from './imageSlider/ImageSlider.astro';
import WebsiteBrands from './websiteBrands/WebsiteBrands.astro';
import BrandModels from './brandModels/BrandModels.astro';
import BrandDescription from './brandDescription/BrandDescription.astro';
import IconButtonsTool from './iconButtonsTool/IconButtonsTool.astro';
import SalesCounter from './salesCounter/SalesCounter.astro';
import ModelFeatures from './modelFeatures/ModelFeatures.astro';
import ModelVariants from './modelVariants/ModelVariants.astro';
import ModelColors from './modelColors/ModelColors.astro';
import Video from './video/Video.astro';
import Tag from './tag/Tag.astro';
import FinanceCalculator from './financeCalculator/FinanceCalculator.astro';
import CustomComponent from './customComponent/CustomComponent.astro';
import Success from './success/Success.astro';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type BlockComponent = (props: any) => unknown;

export const registry = {
  heading: Heading,
  paragraph: Paragraph,
  list: List,
  columns: Columns,
  alternatingColumns: AlternatingColumns,
  form: Form,
  formBuilder: FormBuilder,
  cars: Cars,
  offers: Offers,
  faq: Faq,
  reviews: Reviews,
  locations: Locations,
  team: Team,
  search: Search,
  buttons: Buttons,
  buttonsTool: Buttons,
  cardsTool: CardsTool,
  imageBanner: ImageBanner,
  imageBackground: ImageBackground,
  imageSlider: ImageSlider,
  websiteBrands: WebsiteBrands,
  brandModels: BrandModels,
  brandDescription: BrandDescription,
  iconButtonsTool: IconButtonsTool,
  salesCounter: SalesCounter,
  modelFeatures: ModelFeatures,
  modelVariants: ModelVariants,
  modelColors: ModelColors,
  video: Video,
  tag: Tag,
  financeCalculator: FinanceCalculator,
  customComponent: CustomComponent,
  success: Success,
} satisfies Record<BlockType, BlockComponent>;
