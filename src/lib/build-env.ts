/** Build-wide switches set by scripts/build.ts (the Astro build runs in the same process). */

/** A preview build for branch deploys: every page is noindex and robots.txt disallows all. */
export function isPreviewBuild(): boolean {
  return process.env.SITE_PREVIEW === '1';
}
