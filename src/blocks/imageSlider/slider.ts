/**
 * What an image slider shows, decided at build time: its slides (inline, or the dealer's hero
 * slides from slides.json), where it starts, how fast it moves and the box it reserves.
 */
import type { BlockData } from '../../content/blocks.ts';
import type { Slide } from '../../content/entities.ts';
import { isVideoUrl } from '../../lib/images.ts';
import { safeHref } from '../../lib/links.ts';
import { safeColour } from '../../site/theme.ts';
import { positionLabel } from '../../components/ui/carousel.ts';

/** Auto-advance interval when the block sets none (spec §9). */
export const DEFAULT_AUTOPLAY_DELAY_MS = 4000;
/** Overlay of a hero slide (slides.json) that sets no custom_overlay and does not hide it. */
export const DEFAULT_SLIDE_OVERLAY = 'rgba(0, 0, 0, 0.2)';
const OBJECT_FITS = new Set(['cover', 'contain', 'fill', 'none', 'scale-down']);

export type SliderData = BlockData<'imageSlider'>;

export interface SlideView {
  kind: 'image' | 'video';
  src: string;
  /** Alt text of the image (also the link's name); "" when the CMS gave none. */
  alt: string;
  href?: string;
  width: number;
  height: number;
  /** CSS colour laid over the slide, or undefined for none. */
  overlay?: string;
}

export interface SliderView {
  slides: SlideView[];
  /** Index of the slide shown first (in the static HTML too). */
  start: number;
  /** Auto-advance interval in ms; 0 = no auto-advance. */
  delay: number;
  loop: boolean;
  objectFit: string;
  /** CSS aspect-ratio of the slider box ("8 / 3"), reserved before any image loads. */
  aspectRatio: string;
}

/**
 * The URL of a hero slide's image: its `url` when the CMS gives one, else its `key`. A key is the
 * image's path in the dealer's media store, which the site serves from its root, so
 * "media/hero/banner.svg" → "/media/hero/banner.svg";
 * a key that is already an absolute URL is used as it is.
 */
export function slideImageUrl(image: { key: string; url?: string }): string {
  const url = image.url?.trim();
  if (url) return url;
  const key = image.key.trim();
  if (/^https?:\/\//i.test(key)) return key;
  return '/' + key.replace(/^\/+/, '');
}

interface Fixed {
  width: number;
  height: number;
}

/** The block's fixed slide size when it sets both imageWidth and imageHeight. */
export function fixedSize(data: Pick<SliderData, 'imageWidth' | 'imageHeight'>): Fixed | undefined {
  return data.imageWidth && data.imageHeight ? { width: data.imageWidth, height: data.imageHeight } : undefined;
}

/** width × height of a slide: the fixed size when configured, else its own (both needed). */
function sized(width: number | undefined, height: number | undefined, fixed: Fixed | undefined): Fixed | undefined {
  if (fixed) return fixed;
  return width && height && width > 0 && height > 0 ? { width, height } : undefined;
}

/** A hero slide of slides.json as shown, or undefined when it has no size (and none is fixed) or no media. */
export function heroSlide(slide: Slide, fixed: Fixed | undefined): SlideView | undefined {
  const overlay = slide.hide_overlay ? undefined : (safeColour(slide.custom_overlay) ?? DEFAULT_SLIDE_OVERLAY);
  const href = safeHref(slide.url);
  const alt = slide.name?.trim() ?? '';
  const videoUrl = safeHref(slide.video?.url);
  if (videoUrl) {
    const size = sized(slide.video?.width ?? slide.image?.width, slide.video?.height ?? slide.image?.height, fixed);
    return size && { kind: 'video', src: videoUrl, alt, href, overlay, ...size };
  }
  if (!slide.image) return undefined;
  const size = sized(slide.image.width, slide.image.height, fixed);
  return size && { kind: 'image', src: slideImageUrl(slide.image), alt, href, overlay, ...size };
}

/** An inline slide of the block as shown, or undefined when its image has no size (and none is fixed). */
export function inlineSlide(slide: SliderData['slides'][number], fixed: Fixed | undefined): SlideView | undefined {
  const size = sized(slide.image.width, slide.image.height, fixed);
  if (!size || !slide.image.url.trim()) return undefined;
  return {
    kind: isVideoUrl(slide.image.url) ? 'video' : 'image',
    src: slide.image.url.trim(),
    alt: (slide.alt ?? slide.image.alt ?? '').trim(),
    href: safeHref(slide.href),
    ...size,
  };
}

/** The start index: startIndex when it names a shown slide, else 0. */
export function startIndex(requested: number | undefined, count: number): number {
  return requested !== undefined && requested >= 0 && requested < count ? Math.floor(requested) : 0;
}

/** Auto-advance interval: autoplayDelay, default 4000 ms; 0 turns auto-advance off. */
export function autoplayDelay(requested: number | undefined): number {
  return requested === undefined ? DEFAULT_AUTOPLAY_DELAY_MS : Math.max(0, requested);
}

/** objectFit when it is a CSS object-fit keyword, else cover. */
export function objectFit(requested: string | undefined): string {
  const fit = requested?.trim().toLowerCase();
  return fit && OBJECT_FITS.has(fit) ? fit : 'cover';
}

/**
 * The CSS aspect-ratio of the slider: the block's aspectRatio ("8/3", "16:9", "2.5") when it reads
 * as a ratio, else the fixed size, else the size of the first slide shown.
 */
export function aspectRatio(requested: string | undefined, fallback: Fixed): string {
  const m = /^\s*(\d+(?:\.\d+)?)\s*(?:[/:]\s*(\d+(?:\.\d+)?))?\s*$/.exec(requested ?? '');
  if (m) {
    const w = Number(m[1]);
    const h = m[2] === undefined ? 1 : Number(m[2]);
    if (w > 0 && h > 0) return `${w} / ${h}`;
  }
  return `${fallback.width} / ${fallback.height}`;
}

/** The slider as shown, or undefined when no slide can be shown. */
export function sliderView(data: SliderData, heroSlides: readonly Slide[]): SliderView | undefined {
  const fixed = fixedSize(data);
  const all =
    data.source === 'slides'
      ? heroSlides.map((s) => heroSlide(s, fixed))
      : data.slides.map((s) => inlineSlide(s, fixed));
  const slides = all.filter((s): s is SlideView => s !== undefined);
  if (slides.length === 0) return undefined;
  const start = startIndex(data.startIndex, slides.length);
  return {
    slides,
    start,
    delay: autoplayDelay(data.autoplayDelay),
    loop: slides.length > 1,
    objectFit: objectFit(data.objectFit),
    aspectRatio: aspectRatio(data.aspectRatio, fixed ?? slides[start]!),
  };
}

/** How a slide names itself to assistive technology, and the position the slider announces. */
export function slideLabel(index: number, count: number): string {
  return positionLabel('slide', index, count);
}

/**
 * Whether the slider spans the page's full width: yes unless the layout asks to be contained
 * ("contained", "container", "boxed"), as hero sliders usually run edge to edge.
 */
export function isFullWidth(layout: string | undefined): boolean {
  return !/\b(contained|container|boxed)\b/i.test(layout ?? '');
}
