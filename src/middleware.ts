/**
 * Runs for every page the build renders (and every page the dev server serves, so an editor's
 * preview matches): settles the heading outline of the finished HTML (see heading-outline.ts) and
 * drops Astro's island <style> tag (see island-style.ts).
 */
import { defineMiddleware } from 'astro:middleware';
import { outlineHeadings } from './lib/heading-outline.ts';
import { dropIslandStyle } from './lib/island-style.ts';

export const onRequest = defineMiddleware(async (_context, next) => {
  const response = await next();
  if (!response.headers.get('content-type')?.includes('text/html')) return response;
  const html = await response.text();
  return new Response(outlineHeadings(dropIslandStyle(html)), {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
});
