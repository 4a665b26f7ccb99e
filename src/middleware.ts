/**
 * Runs for every page the dev server serves (and the build renders): settles the heading outline
 * of the finished HTML (see heading-outline.ts) and drops Astro's island <style> tag (see
 * island-style.ts). A build does the same in the dealer-fleet prerenderer instead
 * (src/engine/integration/prerenderer.ts).
 */
import { defineMiddleware } from 'astro:middleware';
import { buildFinishesPages } from 'virtual:dealer-fleet/content';
import { finishPageHtml } from './lib/page-finish.ts';

export const onRequest = defineMiddleware(async (_context, next) => {
  const response = await next();
  if (buildFinishesPages() || !response.headers.get('content-type')?.includes('text/html')) return response;
  const html = await response.text();
  return new Response(finishPageHtml(html), {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
});
