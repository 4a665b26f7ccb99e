/**
 * The build's word on a theme colour the pages could not draw as text as it is: one warning per
 * colour of `site.json` `theme` that is too light (or too dark) to read, naming the colour, its
 * contrast, the shade the text uses instead (./theme.ts, brandRoles) and that shade's contrast.
 */
import type { ContentIssue } from '../content/issues.ts';
import { SOFT, SURFACE, brandRoles, safeColour } from './theme-roles.ts';

const FIELDS = ['primaryColor', 'secondaryColor'] as const;

/** A ratio as a message gives it, cut (not rounded up) to one decimal: 4.49 is "4.4:1", never "4.5:1". */
export function shownRatio(ratio: number): string {
  return `${(Math.floor(ratio * 10) / 10).toFixed(1)}:1`;
}

function backgroundName(bg: string): string {
  if (bg === SURFACE) return 'white';
  if (bg === SOFT) return `the light grey panels (${SOFT})`;
  return `its own light tint (${bg})`;
}

/** One warning per theme colour whose text shade differs from the colour, none when every colour reads. */
export function themeContrastWarnings(
  dealer: string,
  site: { theme?: { primaryColor?: string | undefined; secondaryColor?: string | undefined } | undefined },
): ContentIssue[] {
  const issues: ContentIssue[] = [];
  for (const field of FIELDS) {
    const given = safeColour(site.theme?.[field]);
    const text = given ? brandRoles(given)?.text : undefined;
    if (!given || !text?.adjusted) continue;
    issues.push({
      dealer,
      file: 'site.json',
      path: `theme.${field}`,
      message:
        `${given} is ${shownRatio(text.givenRatio)} on ${backgroundName(text.worst)}, below the 4.5:1 text needs; ` +
        `text in this colour uses ${text.colour} (${shownRatio(text.ratio)})`,
    });
  }
  return issues;
}
