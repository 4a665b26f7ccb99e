/**
 * The files beside the API bundle (build-api.ts) that its platforms read: package.json with the
 * database drivers at the package-lock's versions, netlify.toml, and a Vercel project's
 * vercel.json and api/ functions (docs/deploy.md).
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DELIVER_PATH, VERCEL_REWRITE } from '../../api/entries/vercel-routes.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Packages the bundle imports at run time instead of containing them. */
export const API_RUNTIME_PACKAGES = { dependencies: ['pg'], optionalDependencies: ['@electric-sql/pglite'] } as const;

/** The Node versions the bundle is built for (target node22) and the project supports. */
export const API_NODE_ENGINES = '>=22.12';

/** The version package-lock.json installs of each package: what the bundle was built and tested with. */
export async function lockedVersions(names: readonly string[]): Promise<Record<string, string>> {
  const lockFile = path.join(root, 'package-lock.json');
  const lock = JSON.parse(await readFile(lockFile, 'utf8')) as { packages?: Record<string, { version?: string }> };
  return Object.fromEntries(
    names.map((name) => {
      const version = lock.packages?.[`node_modules/${name}`]?.version;
      if (!version) throw new Error(`${lockFile} has no entry for ${name}; run npm install.`);
      return [name, version];
    }),
  );
}

/** dist/api/package.json: the database drivers at the versions the bundle was built with. */
async function apiPackageJson(): Promise<string> {
  return `${JSON.stringify(
    {
      name: 'dealer-sites-api',
      private: true,
      description:
        'The dealer sites API as npm run build bundles it: npm install here installs the database drivers (--omit=optional leaves out the embedded one); see docs/deploy.md.',
      type: 'module',
      engines: { node: API_NODE_ENGINES },
      main: 'handler.mjs',
      scripts: { start: 'node server.mjs' },
      dependencies: await lockedVersions(API_RUNTIME_PACKAGES.dependencies),
      // The embedded database, for server.mjs or a trial of handler.mjs; serverless deployments
      // leave it out (--omit=optional, or a packager that packs what a function imports) and use
      // DATABASE_URL.
      optionalDependencies: await lockedVersions(API_RUNTIME_PACKAGES.optionalDependencies),
    },
    null,
    2,
  )}\n`;
}

/** netlify.toml for a Netlify site per dealer built from the repository (docs/deploy.md). */
export const NETLIFY_TOML = `# Netlify, one site per dealer, built from this repository: copy this file to the
# repository root and set DEALER_SLUG (the dealer's folder name) in each site's environment.
# Deploying from the CLI after one build needs none of this (docs/deploy.md).
[build]
  command = "npm run build && rm -rf dist/publish && cp -R \\"dist/sites/$DEALER_SLUG\\" dist/publish"
  publish = "dist/publish"

[functions]
  # api.mjs answers /api/* (its config.path); deliver-leads.mjs runs every minute (config.schedule).
  directory = "dist/api/netlify/functions"
`;

/** vercel.json for a Vercel project per dealer built from the repository (docs/deploy.md). */
export function vercelJson(): string {
  return `${JSON.stringify(
    {
      $schema: 'https://openapi.vercel.sh/vercel.json',
      framework: null,
      buildCommand: 'npm run build && rm -rf dist/publish && cp -R "dist/sites/$DEALER_SLUG" dist/publish',
      outputDirectory: 'dist/publish',
      rewrites: [VERCEL_REWRITE],
      crons: [{ path: DELIVER_PATH, schedule: '* * * * *' }],
    },
    null,
    2,
  )}\n`;
}

/** api/<name>.mjs of a Vercel project: Vercel makes a function of each file under api/. */
function vercelFunction(name: string, what: string): string {
  return [
    `// ${what}.`,
    `// Vercel makes a function of each file under api/; the code is the build's`,
    `// (npm run build writes dist/api before Vercel bundles the functions).`,
    `export { default } from '../dist/api/vercel/${name}.mjs';`,
    '',
  ].join('\n');
}

/** Writes the platforms' files into the bundle's folder `outDir`, beside the scripts esbuild wrote. */
export async function writePlatformFiles(outDir: string): Promise<void> {
  await mkdir(path.join(outDir, 'vercel/project/api'), { recursive: true });
  await Promise.all([
    writeFile(path.join(outDir, 'package.json'), await apiPackageJson()),
    writeFile(path.join(outDir, 'netlify/netlify.toml'), NETLIFY_TOML),
    writeFile(path.join(outDir, 'vercel/project/vercel.json'), vercelJson()),
    writeFile(
      path.join(outDir, 'vercel/project/api/index.mjs'),
      vercelFunction('api', 'The dealer sites API at /api/* (vercel.json rewrites it here)'),
    ),
    writeFile(
      path.join(outDir, 'vercel/project/api/deliver-leads.mjs'),
      vercelFunction('deliver-leads', 'Lead delivery, called by Vercel Cron (vercel.json crons)'),
    ),
  ]);
}
