/**
 * The data shape of every block type of the content format. `blockDataSchemas` is the list of
 * known block types: the registry of components is checked against it by the compiler.
 * Nested blocks (`columns`, `faq` answers) are kept raw here and validated by `validateBlocks`
 * so that their errors carry the full JSON path.
 */
import { z, opt, image, button, alignment } from './zod.ts';
import { formBlockData, formData } from './forms.ts';
import { optionalCssColour, tagColourName } from './colour.ts';

/** A block as stored: type and data are checked against the type's schema afterwards. */
export const rawBlock = z.object({
  id: z.union([z.string(), z.number()]),
  type: z.string().min(1),
  data: z.record(z.string(), z.unknown()),
  tunes: opt(
    z.looseObject({ classname: opt(z.string()), alignment: opt(alignment) }),
  ),
});
export type RawBlock = z.output<typeof rawBlock>;

const overlay = z.object({
  active: z.boolean(),
  color: optionalCssColour,
  opacity: opt(z.number().min(0).max(1)),
});

const rangeSetting = z.object({
  default: z.number(),
  min: z.number(),
  max: z.number(),
  step: z.number().positive(),
  active: opt(z.boolean()).default(true),
});

export const frequencies = ['Weekly', 'Fortnightly', 'Monthly', 'Yearly'] as const;

const buttonsData = z.object({ buttons: z.array(button), alignment: opt(alignment) });

export const blockDataSchemas = {
  heading: z.object({ text: z.string(), level: z.number() }),
  paragraph: z.object({ text: z.string() }),
  list: z.object({ style: z.enum(['ordered', 'unordered']), items: z.array(z.string()) }),
  columns: z.object({
    cols: z.array(
      z.object({ width: opt(z.number().int().min(1).max(12)), blocks: z.array(z.unknown()) }),
    ),
  }),
  alternatingColumns: z.object({
    items: z.array(
      z.object({
        image,
        heading: opt(z.string()),
        description: opt(z.string()),
        buttons: opt(z.array(button)).default([]),
      }),
    ),
  }),
  form: formData,
  formBuilder: formBlockData,
  cars: z.object({
    heading: opt(z.string()),
    filters: opt(
      z.object({
        make: opt(z.array(z.string())),
        car_type: opt(z.array(z.string())),
        location_name: opt(z.array(z.string())),
        account: opt(z.string()),
      }),
    ),
    hitsPerPage: opt(z.number().int().positive()),
    minPhotos: opt(z.number().int().nonnegative()),
  }),
  offers: z.object({
    heading: opt(z.string()),
    hitsPerPage: opt(z.number().int().positive()),
    category: opt(z.string()),
  }),
  faq: z.object({
    heading: opt(z.string()),
    subheading: opt(z.string()),
    questions: z.array(z.object({ question: z.string(), answer: z.array(z.unknown()) })),
  }),
  reviews: z.object({
    variant: z.enum(['simple', 'highlighted', 'full', 'mini', 'modern']),
    heading: opt(z.string()),
    gmbProfile: opt(z.string()),
  }),
  locations: z.object({
    heading: opt(z.string()),
    locationType: opt(z.enum(['sales', 'service', 'parts'])),
    search: opt(z.boolean()),
  }),
  team: z.object({
    heading: opt(z.string()),
    layout: opt(z.enum(['grouped', 'tabs'])).default('grouped'),
    categories: opt(z.array(z.string())),
  }),
  search: z.object({}),
  buttons: buttonsData,
  buttonsTool: buttonsData,
  cardsTool: z.object({
    cards: z.array(
      z.object({
        heading: opt(z.string()),
        image: opt(image),
        href: opt(z.string()),
        linkText: opt(z.string()),
        description: opt(z.string()),
        tagline: opt(z.string()),
      }),
    ),
    cardCols: opt(z.number().int().min(1).max(12)),
    isCarousel: opt(z.boolean()),
    loop: opt(z.boolean()),
    mobileArrows: opt(z.boolean()),
  }),
  imageBanner: z.object({
    image,
    layout: opt(z.string()),
    overlay: opt(overlay),
    content: opt(z.string()),
  }),
  imageBackground: z.object({ image, content: opt(z.string()), overlay: opt(overlay) }),
  imageSlider: z.object({
    source: opt(z.literal('slides')),
    slides: opt(z.array(z.object({ image, alt: opt(z.string()), href: opt(z.string()) }))).default([]),
    layout: opt(z.string()),
    imageHeight: opt(z.number().positive()),
    imageWidth: opt(z.number().positive()),
    objectFit: opt(z.string()),
    aspectRatio: opt(z.string()),
    autoplayDelay: opt(z.number().nonnegative()),
    startIndex: opt(z.number().int().nonnegative()),
  }),
  websiteBrands: z.object({
    brands: opt(z.array(z.union([z.number(), z.string()]))),
    heading: opt(z.string()),
    subheading: opt(z.string()),
    variant: opt(z.string()).default('box'),
    theme: opt(z.enum(['dark', 'light'])),
  }),
  brandModels: z.object({ heading: opt(z.string()), make: opt(z.string()) }),
  brandDescription: z.object({
    logo: opt(image),
    heading: opt(z.string()),
    description: opt(z.string()),
    btns: opt(
      z.array(
        z.object({
          href: z.string(),
          linkText: z.string(),
          btnType: opt(z.enum(['outline', 'solid'])),
          btnColour: optionalCssColour,
          isDynamicWebsiteButtons: opt(z.boolean()),
        }),
      ),
    ).default([]),
  }),
  iconButtonsTool: z.object({
    buttons: z.array(z.object({ icon: z.string(), text: z.string(), href: z.string() })),
    type: opt(z.string()),
    style: opt(z.string()),
    buttonsPerRow: opt(z.number().int().min(1).max(12)),
  }),
  salesCounter: z.object({
    heading: opt(z.string()),
    value: z.number(),
    suffix: opt(z.string()),
    description: opt(z.string()),
  }),
  modelFeatures: z.object({
    componentHeight: opt(z.number().positive()),
    overlay: opt(z.boolean()),
    slides: z.array(
      z.object({
        tab: z.string(),
        image,
        subheading: opt(z.string()),
        heading: opt(z.string()),
        description: opt(z.string()),
      }),
    ),
  }),
  modelVariants: z.object({ model: z.string() }),
  modelColors: z.object({ model: z.string() }),
  video: z.object({ url: z.string().min(1) }),
  tag: z.object({
    text: z.string(),
    backgroundColor: tagColourName('customBackgroundColor'),
    customBackgroundColor: optionalCssColour,
    textColor: tagColourName('customTextColor'),
    customTextColor: optionalCssColour,
  }),
  financeCalculator: z.object({
    amount: rangeSetting,
    term: rangeSetting,
    interest: rangeSetting,
    frequency: z.object({
      default: z.enum(frequencies),
      options: opt(z.array(z.string())),
      textColor: optionalCssColour,
    }),
    repaymentsText: opt(z.string()),
    disclaimer: opt(z.string()),
    primaryColor: optionalCssColour,
    secondaryColor: optionalCssColour,
  }),
  customComponent: z.object({ component: z.string(), props: opt(z.record(z.string(), z.unknown())) }),
  success: z.object({}),
} as const;

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
