/**
 * The dealer-fleet prerenderer: Astro's own, with each rendered page handed to the build run
 * (dealer-sites.ts), which rewrites it for the content security policy and writes it straight
 * into its dealer's site root, instead of into Astro's output folder to be read back, rewritten
 * and written again. A page the run does not take goes back to Astro, finished as the
 * middleware would have finished it (lib/page-finish.ts).
 */
import type { AstroPrerenderer } from 'astro';
import { finishPageHtml } from '../../lib/page-finish.ts';
import type { FleetBuildRun } from './fleet-state.ts';

export function fleetPrerenderer(astro: AstroPrerenderer, run: FleetBuildRun): AstroPrerenderer {
  return {
    name: 'dealer-fleet',
    setup: () => astro.setup?.() ?? Promise.resolve(),
    getStaticPaths: () => astro.getStaticPaths(),
    teardown: () => astro.teardown?.() ?? Promise.resolve(),
    async render(request, o) {
      const rendered = await astro.render(request, o);
      const response = rendered instanceof Response ? rendered : rendered.response;
      // Taken: Astro is handed an empty response, for which it writes no file.
      if (await run.take(request, response)) return new Response(null);
      if (!response.headers.get('content-type')?.includes('text/html')) return rendered;
      const finished = new Response(finishPageHtml(await response.text()), {
        status: response.status,
        statusText: response.statusText,
        headers: response.headers,
      });
      return rendered instanceof Response ? finished : { ...rendered, response: finished };
    },
  };
}
