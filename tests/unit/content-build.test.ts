import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSites, type BuildResult } from '../../scripts/lib/build-sites.ts';
import { formatIssue } from '../../src/content/issues.ts';

interface Run {
  code: number | null;
  output: string;
}

function run(args: string[], env: NodeJS.ProcessEnv = {}): Promise<Run> {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env };
  for (const key of Object.keys(childEnv)) if (key.startsWith('VITEST') || key === 'NODE_ENV') delete childEnv[key];
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', ...args], { env: childEnv });
    let output = '';
    child.stdout.on('data', (chunk) => { output += chunk; });
    child.stderr.on('data', (chunk) => { output += chunk; });
    child.on('close', (code) => resolve({ code, output }));
  });
}

/**
 * A real build in a child process, as `npm run build` runs it: Astro's build cannot run inside
 * the test runner's own Vite. The out folder sits inside the project so that concurrent builds
 * keep separate prerender folders.
 */
async function buildInChild(dealersDir: string, outDir: string, only: string[]): Promise<BuildResult> {
  const entry = pathToFileURL(path.resolve('scripts/lib/build-sites.ts')).href;
  const code = `import { buildSites } from ${JSON.stringify(entry)};
const result = await buildSites(${JSON.stringify({ dealersDir, outDir, only })});
process.stdout.write('\\nRESULT ' + JSON.stringify(result) + '\\n');
process.exit(0);`;
  const { output } = await run(['--input-type=module', '-e', code]);
  const line = output.split('\n').find((l) => l.startsWith('RESULT '));
  if (!line) throw new Error(`the build printed no result:\n${output}`);
  return JSON.parse(line.slice(7)) as BuildResult;
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name))).sort();
}

let root: string;
let out: string;
let before: string[];
let homeBefore: string;

beforeAll(async () => {
  await mkdir(path.resolve('.cache/test-builds'), { recursive: true });
  root = await mkdtemp(path.resolve('.cache/test-builds/invalid-'));
  out = path.join(root, 'sites');
  const good = await buildInChild('tests/fixtures/dealers', out, ['mini-motors']);
  expect(good.ok, JSON.stringify(good.errors)).toBe(true);
  before = await listFiles(out);
  homeBefore = await readFile(path.join(out, 'mini-motors', 'index.html'), 'utf8');
}, 120_000);

afterAll(() => rm(root, { recursive: true, force: true }));

describe('building a snapshot that breaks the content format', () => {
  it('fails with every error and leaves the previous build of the dealer exactly as it was', async () => {
    expect(before).toContain(path.join('mini-motors', 'index.html'));
    expect(homeBefore).toMatch(/^<!DOCTYPE html>/i);
    const lines: string[] = [];
    const result = await buildSites({
      dealersDir: 'tests/fixtures/dealers-invalid/broken-update',
      outDir: out,
      log: (l) => lines.push(l),
    });
    expect(result.ok).toBe(false);
    expect(result.errors.map(formatIssue).sort()).toEqual([
      expect.stringMatching(/^mini-motors: cars\.json at \[0\]\.car_type: .*"new"\|"used"\|"demo"/),
      'mini-motors: pages/home.json at blocks[0].data.level: expected number, received string',
      expect.stringMatching(/^mini-motors: pages\/home\.json at blocks\[1\]\.data\.style: .*"ordered"\|"unordered"/),
    ]);
    expect(result.dealers).toEqual([]);
    expect(lines.join('\n')).toMatch(/3 content errors; nothing was written/);
    expect(await listFiles(out)).toEqual(before);
    expect(await readFile(path.join(out, 'mini-motors', 'index.html'), 'utf8')).toBe(homeBefore);
    expect((await readdir(root)).filter((f) => f.startsWith('.build-tmp'))).toEqual([]);
  });

  it('makes npm run build exit 1 and print each error with its file and path', async () => {
    const { code, output } = await run(['scripts/build.ts', '--dealers', 'tests/fixtures/dealers-invalid/many-errors', '--out', out]);
    expect(code).toBe(1);
    expect(output).toContain('6 content errors; nothing was written');
    expect(output).toContain('✗ bad-motors: pages/x.json at blocks[0].data.level: expected number, received string');
    expect(output).toContain('✗ bad-motors: pages/x.json at blocks[1].data.cols[0].blocks[2].data.text');
    expect(output).toContain('✗ bad-motors: cars.json at [0].price: is required');
    expect(await listFiles(out)).toEqual(before);
  });
});
