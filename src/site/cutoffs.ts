/**
 * Layout revisions by published date (spec §9). A page published on or after a cutoff gets that
 * revision. Each revision is a named flag; `layoutClasses` turns the flags into `rev-*` classes on
 * <body>, which the styles key off, so one page never mixes revisions of another date.
 * Where each flag takes effect is noted on it; tests/e2e/cutoffs.spec.ts checks every styled one
 * on sample pages from both sides of its date, and that each page's <body> has its classes.
 */
export const cutoffs = {
  /**
   * 2024-01-29: headings use the display type scale (larger, tighter). Styles:
   * `.rev-display-headings main h1/h2`, src/styles/blocks.css.
   */
  displayHeadings: '2024-01-29',
  /**
   * 2024-03-05: block content sits in a centred max-width container instead of full width. Styles:
   * `.rev-contained-blocks`, src/styles/blocks.css.
   */
  containedBlocks: '2024-03-05',
  /**
   * 2024-03-13: buttons are pill shaped. Styles: `.rev-pill-buttons .btn`,
   * src/styles/primitives.css.
   */
  pillButtons: '2024-03-13',
  /**
   * 2024-04-18: cards are lifted with a shadow instead of outlined with a border. Styles:
   * `.rev-card-shadows .card`, src/styles/primitives.css.
   */
  cardShadows: '2024-04-18',
  /**
   * 2024-06-03: forms add the optional opt-in checkbox to their last step. Behaviour, no style:
   * src/forms/definition.ts.
   */
  formOptIn: '2024-06-03',
  /** 2024-06-24: each form step shows its heading and description above its fields. */
  formStepHeadings: '2024-06-24',
  /**
   * 2024-11-04: wider vertical rhythm between blocks. Styles: `.rev-roomy-blocks .block`,
   * src/styles/blocks.css.
   */
  roomyBlocks: '2024-11-04',
  /**
   * 2024-12-18: banner text sits below the image on narrow screens instead of over it. Styles: the
   * imageBanner block reads the flag from its context (`.image-banner-stacked`, ImageBanner.astro);
   * the body class `rev-stacked-banner-text` has no style of its own.
   */
  stackedBannerText: '2024-12-18',
  /**
   * 2025-04-02: grids (columns, cards) use the wider gutter. Styles: `.rev-wide-gutters .grid-12`,
   * src/styles/blocks.css.
   */
  wideGutters: '2025-04-02',
} as const;

export type LayoutFlag = keyof typeof cutoffs;
export type LayoutFlags = Record<LayoutFlag, boolean>;

/** The calendar date of `publishedAt` as written (no time-zone shift), e.g. "2024-06-03". */
export function publishedDay(publishedAt: string): string {
  const m = /^(\d{4}-\d{2}-\d{2})/.exec(publishedAt.trim());
  if (m) return m[1]!;
  return new Date(publishedAt).toISOString().slice(0, 10);
}

export function layoutFlags(publishedAt: string): LayoutFlags {
  const day = publishedDay(publishedAt);
  const flags = {} as LayoutFlags;
  for (const [flag, date] of Object.entries(cutoffs) as [LayoutFlag, string][]) {
    flags[flag] = day >= date;
  }
  return flags;
}

export function layoutClasses(flags: LayoutFlags): string {
  return (Object.keys(flags) as LayoutFlag[])
    .filter((f) => flags[f])
    .map((f) => `rev-${f.replace(/[A-Z]/g, (c) => '-' + c.toLowerCase())}`)
    .join(' ');
}

/**
 * The layout of a page the build makes without a snapshot (model, car, team profile, legal and
 * not-found pages): the newest revision, as if published on the day of the build.
 */
export function currentLayoutClasses(now = new Date()): string {
  return layoutClasses(layoutFlags(now.toISOString().slice(0, 10)));
}
