/**
 * `virtual:dealer-fleet/content`: how the dealer route, the layout and the middleware reach the
 * state the build and dev scripts set (fleet-state.ts).
 *
 * A bundled page gets its own copy of every module it imports, so a module the scripts import
 * and the pages import would be two modules with two states. When a script drives the run, the
 * virtual module therefore resolves to fleet-state.ts as an external module, by its file URL,
 * which Node itself loads and finds in its module cache: the same instance the script imported.
 * - In a build, Astro's prerender bundle imports it (a build renders in the script's process).
 * - In the dev server, Vite's module runner would still transform and run a file URL itself; it
 *   leaves only builtins to Node, so the file URL is listed among the server environments'
 *   builtins (with Node's own, which that list replaces).
 * The browser never imports it (only page frontmatter and middleware do). With no script (the
 * unit tests' Vite, a bare `astro dev`), the file is bundled like any other.
 */
import { builtinModules } from 'node:module';
import { pathToFileURL } from 'node:url';
import type { Plugin } from 'vite';

export const CONTENT_MODULE = 'virtual:dealer-fleet/content';

const STATE_URL = new URL('./fleet-state.ts', import.meta.url);

/** Vite's default builtins of a server environment: Node's modules, `node:` and `bun:` ids. */
const NODE_BUILTINS: (string | RegExp)[] = [...builtinModules.filter((m) => !m.includes(':')), /^node:/, /^bun:/];

export function contentModule(options: { external: boolean }): Plugin {
  const stateUrl = pathToFileURL(decodeURIComponent(STATE_URL.pathname)).href;
  return {
    name: 'dealer-fleet:content',
    enforce: 'pre',
    configEnvironment(name) {
      if (!options.external || name === 'client') return undefined;
      return { resolve: { builtins: [...NODE_BUILTINS, stateUrl] } };
    },
    resolveId(id) {
      if (id !== CONTENT_MODULE) return undefined;
      if (options.external && this.environment.name !== 'client') return { id: stateUrl, external: true };
      return decodeURIComponent(STATE_URL.pathname);
    },
  };
}
