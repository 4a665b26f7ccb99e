/**
 * The colour picker of a model (spec "Model detail blocks"): the selected variant defaults to the
 * first, colours cycle with wrap-around arrows, and with 3 or more body types and more than 15
 * colours a second row of tabs splits the colours by body type. A colour's body type is its
 * oem_id (content-format: "for example a body type code"; the samples' HiLux uses "Single Cab",
 * "Extra Cab", "Double Cab").
 */
import type { ColourOption, Model } from '../../content/entities.ts';

/** Body-type tabs need at least this many body types… */
export const BODY_TYPE_TABS_MIN_TYPES = 3;
/** …and more than this many colours (spec §9). */
export const BODY_TYPE_TABS_OVER_COLOURS = 15;

export interface Swatch {
  id: string;
  name: string;
  photo: string;
  hex: string;
  bodyType?: string;
  /** The variant the colour belongs to (normalised model_variant_name), or undefined for every variant. */
  variant?: string;
}

export interface PickerVariant {
  /** Normalised name that colours' model_variant_name is matched against. */
  key: string;
  label: string;
  /** Other names of the variant a colour may use (name, full_name), normalised. */
  aliases: string[];
}

export interface PickerData {
  variants: PickerVariant[];
  swatches: Swatch[];
  /** The body-type tab row; empty when the rule does not call for it. */
  bodyTypes: string[];
}

const norm = (s: string | number | undefined | null) =>
  String(s ?? '')
    .trim()
    .toLowerCase()
    .replace(/\s+/g, ' ');

export function colourBodyType(colour: Pick<ColourOption, 'oem_id'>): string | undefined {
  const t = String(colour.oem_id ?? '').trim();
  return t || undefined;
}

/** Distinct body types of the colours, in the order they first appear. */
export function bodyTypesOf(colours: readonly Pick<Swatch, 'bodyType'>[]): string[] {
  return [...new Set(colours.map((c) => c.bodyType).filter((t): t is string => !!t))];
}

/** The spec's rule: the body-type row appears with 3 or more body types and more than 15 colours. */
export function showBodyTypeTabs(bodyTypeCount: number, colourCount: number): boolean {
  return bodyTypeCount >= BODY_TYPE_TABS_MIN_TYPES && colourCount > BODY_TYPE_TABS_OVER_COLOURS;
}

/** `index` moved into 0…count-1, wrapping at both ends (the arrows go round the colours). */
export function wrapIndex(index: number, count: number): number {
  if (count <= 0) return 0;
  return ((index % count) + count) % count;
}

export function toPickerData(model: Model): PickerData {
  const swatches: Swatch[] = model.colours.map((c) => ({
    id: String(c.id),
    name: c.name,
    photo: c.photo_url,
    hex: c.hexCode,
    bodyType: colourBodyType(c),
    variant: c.model_variant_name?.trim() ? norm(c.model_variant_name) : undefined,
  }));
  const variants: PickerVariant[] = model.model_variants.map((v) => ({
    key: norm(v.model_variant_name || v.name),
    label: v.model_variant_name || v.name,
    aliases: [v.name, v.full_name].filter((n): n is string => !!n?.trim()).map(norm),
  }));
  const types = bodyTypesOf(swatches);
  return { variants, swatches, bodyTypes: showBodyTypeTabs(types.length, swatches.length) ? types : [] };
}

function belongsTo(swatch: Swatch, variant: PickerVariant): boolean {
  return swatch.variant === variant.key || variant.aliases.includes(swatch.variant!);
}

/** Colours that name this variant, without the ones offered on every variant. */
function ownColours(swatches: readonly Swatch[], variant: PickerVariant | undefined): Swatch[] {
  return variant ? swatches.filter((s) => s.variant && belongsTo(s, variant)) : [];
}

/**
 * The colours of a variant: those that name it plus those that name no variant. A variant no
 * colour names (or no variant at all) gets every colour, so the picker is never empty.
 */
export function variantColours(swatches: readonly Swatch[], variant: PickerVariant | undefined): Swatch[] {
  if (!variant) return [...swatches];
  const mine = swatches.filter((s) => !s.variant || belongsTo(s, variant));
  return mine.length ? mine : [...swatches];
}

/** The colours on show: the variant's, narrowed to the body type when that row is in use. */
export function shownColours(
  swatches: readonly Swatch[],
  variant: PickerVariant | undefined,
  bodyType: string | undefined,
): Swatch[] {
  const base = variantColours(swatches, variant);
  if (!bodyType) return base;
  const narrowed = base.filter((s) => s.bodyType === bodyType);
  return narrowed.length ? narrowed : swatches.filter((s) => s.bodyType === bodyType);
}

/**
 * The body type that goes with a variant, so the two tab rows agree: the body type of the
 * variant's own colours, else one its name contains ("Rogue 4x4 Double Cab" → "Double Cab"),
 * else `current`.
 */
export function bodyTypeForVariant(
  data: PickerData,
  variantIndex: number,
  current: string | undefined,
): string | undefined {
  if (!data.bodyTypes.length) return undefined;
  const variant = data.variants[variantIndex];
  const own = ownColours(data.swatches, variant).find((s) => s.bodyType)?.bodyType;
  if (own) return own;
  const label = norm(variant?.label);
  const named = data.bodyTypes.find((t) => label.includes(norm(t)));
  return named ?? current ?? data.bodyTypes[0];
}

/**
 * The variant that goes with a chosen body type: the current one when it has colours of that
 * body type, else the first variant that does, else the current one.
 */
export function variantForBodyType(data: PickerData, bodyType: string, current: number): number {
  const fits = (i: number) => bodyTypeForVariant(data, i, undefined) === bodyType;
  if (fits(current)) return current;
  const i = data.variants.findIndex((_, j) => fits(j));
  return i === -1 ? current : i;
}

export interface PickerState {
  variant: number;
  bodyType?: string;
  colour: number;
}

/** The picker as it first shows: the first variant, its body type, its first colour. */
export function initialPickerState(data: PickerData): PickerState {
  return { variant: 0, bodyType: bodyTypeForVariant(data, 0, undefined), colour: 0 };
}
