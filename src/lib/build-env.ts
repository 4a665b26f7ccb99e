/** Build-wide switches set by scripts/build.ts (the Astro build runs in the same process). */
import { processEnv, readEnv } from '../config/env.ts';

/** A preview build for branch deploys: every page is noindex and robots.txt disallows all. */
export function isPreviewBuild(): boolean {
  return readEnv(processEnv(), 'SITE_PREVIEW') === '1';
}
