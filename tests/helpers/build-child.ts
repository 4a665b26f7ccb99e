/**
 * A real build in a child process, as `npm run build` runs it: Astro's build cannot run inside
 * the test runner's own Vite. The result travels back through a file (a large result is never cut
 * short by a pipe closing at exit).
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BuildOptions, BuildResult } from '../../src/engine/build/build-sites.ts';

export type ChildBuild = (BuildResult | { thrown: string }) & { pid?: number; output: string };

/** The environment of a child process without the test runner's own variables. */
export function childEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  // A data folder of no database unless the test names one: a build reads no developer's imported stock.
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: path.join(tmpdir(), 'dealer-sites-tests-no-data'),
    ...extra,
  };
  for (const key of Object.keys(env)) if (key.startsWith('VITEST') || key === 'NODE_ENV') delete env[key];
  return env;
}

export async function buildInChild(
  options: Omit<BuildOptions, 'log'>,
  env: NodeJS.ProcessEnv = {},
): Promise<ChildBuild> {
  const entry = pathToFileURL(path.resolve('src/engine/build/build-sites.ts')).href;
  const dir = await mkdtemp(path.join(tmpdir(), 'build-result-'));
  const file = path.join(dir, 'result.json');
  const code = `import { writeFileSync } from 'node:fs';
import { buildSites } from ${JSON.stringify(entry)};
let out;
try {
  out = await buildSites({ ...${JSON.stringify(options)}, log: (line) => console.log(line) });
} catch (e) {
  out = { thrown: String(e && e.message) };
}
writeFileSync(${JSON.stringify(file)}, JSON.stringify(out));
process.exit(0);`;
  try {
    const { output, pid } = await new Promise<{ output: string; pid?: number }>((resolve) => {
      const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
        env: childEnv(env),
      });
      let text = '';
      child.stdout.on('data', (chunk) => {
        text += chunk;
      });
      child.stderr.on('data', (chunk) => {
        text += chunk;
      });
      child.on('close', () => resolve({ output: text, pid: child.pid }));
    });
    const raw = await readFile(file, 'utf8').catch(() => undefined);
    if (!raw) throw new Error(`the build wrote no result:\n${output}`);
    return { ...(JSON.parse(raw) as BuildResult | { thrown: string }), pid, output };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
