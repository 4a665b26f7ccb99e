import { safeColour } from './theme.ts';

export interface OverlaySetting {
  active: boolean;
  color?: string;
  opacity?: number;
}

/** Overlay default when the CMS turns it on without choosing: black at 40%. */
export const DEFAULT_OVERLAY = { color: '#000', opacity: 0.4 } as const;

/**
 * The style attribute of an image overlay, or undefined when there is none. An unsafe colour
 * falls back to the default colour rather than dropping the overlay the text relies on.
 */
export function overlayStyle(overlay: OverlaySetting | undefined): string | undefined {
  if (!overlay?.active) return undefined;
  const colour = safeColour(overlay.color) ?? DEFAULT_OVERLAY.color;
  const opacity = overlay.opacity ?? DEFAULT_OVERLAY.opacity;
  return `background-color:${colour};opacity:${opacity}`;
}
