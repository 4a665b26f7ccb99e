/**
 * The dealers compiled into an API bundle. Run from the sources there are none (undefined); the
 * API build (src/engine/build/build-api.ts) replaces this module with the build's dealers, so every
 * bundle carries its content inside itself and no platform's packager can leave a file behind.
 */
import type { DealerContent } from '../../content/load.ts';

/** The dealers of one build, as `npm run build` writes them (also dist/api/content.json). */
export interface ContentDocument {
  builtAt: string;
  dealers: DealerContent[];
}

export const bundledContent: ContentDocument | undefined = undefined;
