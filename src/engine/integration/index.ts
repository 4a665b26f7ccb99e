/**
 * The dealer-fleet Astro integration (registered in astro.config.mjs): one Astro project renders
 * every dealer under /<slug>/, and each dealer's pages become a site root of their own.
 *
 * - `astro:config:setup` injects the dealer route (`/[dealer]/[...path]`, the page beside this
 *   file) and adds `virtual:dealer-fleet/content` (content-module.ts), through which the pages
 *   read the content, report progress and learn whether the build is a preview.
 * - `astro:server:setup` mounts the dev hosts (src/engine/dev/dev-hosts.ts) when the editor
 *   preview (scripts/dev.ts) runs the server: http://<slug>.localhost/… as the built sites.
 * - `astro:build:start` wraps Astro's prerenderer (prerenderer.ts) and `astro:build:done` gives
 *   each site the files that depend on all its pages, when a fleet build
 *   (src/engine/build/build-dealers.ts) runs the build (dealer-sites.ts).
 *
 * What a run brings (content, its sites, its dev hosts) is set by the scripts in fleet-state.ts
 * before they start Astro. Without a run (a bare `astro dev` or `astro build`, the unit tests'
 * Vite) the route renders the dealers of DEALERS_DIR, as Astro would write them.
 */
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { contentModule } from './content-module.ts';
import { currentBuildRun, currentDevRun } from './fleet-state.ts';
import { fleetPrerenderer } from './prerenderer.ts';

const ROUTE = fileURLToPath(new URL('./[...path].astro', import.meta.url));

export function dealerFleet(): AstroIntegration {
  return {
    name: 'dealer-fleet',
    hooks: {
      'astro:config:setup': ({ injectRoute, updateConfig }) => {
        injectRoute({ pattern: '/[dealer]/[...path]', entrypoint: ROUTE, prerender: true });
        const driven = currentBuildRun() !== undefined || currentDevRun() !== undefined;
        updateConfig({ vite: { plugins: [contentModule({ external: driven })] } });
      },
      'astro:server:setup': async ({ server }) => {
        const hosts = currentDevRun();
        if (!hosts) return;
        const { mountDevHosts } = await import('../dev/dev-hosts.ts');
        const putInFront = mountDevHosts(server, hosts);
        // Astro puts its own middlewares at the front of the stack after this hook; the host
        // router goes in front of them once the server listens, before its first request.
        if (server.httpServer) server.httpServer.once('listening', putInFront);
        else putInFront();
      },
      'astro:build:start': ({ setPrerenderer }) => {
        const run = currentBuildRun();
        if (run) setPrerenderer((astro) => fleetPrerenderer(astro, run));
      },
      'astro:build:done': async ({ dir }) => {
        await currentBuildRun()?.finish(fileURLToPath(dir));
      },
    },
  };
}
