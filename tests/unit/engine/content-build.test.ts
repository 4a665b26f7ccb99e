import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildSites, projectRoot, type BuildOptions, type BuildResult } from '../../../src/engine/build/build-sites.ts';
import { formatIssue } from '../../../src/content/issues.ts';

// Only the in-process builds below see this; the real builds run in child processes.
const astroBuild = vi.hoisted(() => ({ impl: async (_config: { outDir: string }): Promise<void> => {} }));
vi.mock('astro', () => ({ build: (config: { outDir: string }) => astroBuild.impl(config) }));

interface Run {
  code: number | null;
  output: string;
  pid?: number;
}

function run(args: string[], env: NodeJS.ProcessEnv = {}): Promise<Run> {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env };
  for (const key of Object.keys(childEnv)) if (key.startsWith('VITEST') || key === 'NODE_ENV') delete childEnv[key];
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', ...args], { env: childEnv });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('close', (code) => resolve({ code, output, pid: child.pid }));
  });
}

type ChildBuild = (BuildResult | { thrown: string }) & { pid?: number };

/**
 * A real build in a child process, as `npm run build` runs it: Astro's build cannot run inside
 * the test runner's own Vite. The out folder sits inside the project so that concurrent builds
 * keep separate prerender folders. Gives the result, or the message the build threw, and the
 * child's pid (the prefix of its temporary folders).
 */
async function buildInChild(options: Omit<BuildOptions, 'log'>): Promise<ChildBuild> {
  const entry = pathToFileURL(path.resolve('src/engine/build/build-sites.ts')).href;
  const code = `import { buildSites } from ${JSON.stringify(entry)};
try {
  const result = await buildSites(${JSON.stringify(options)});
  process.stdout.write('\\nRESULT ' + JSON.stringify(result) + '\\n');
} catch (e) {
  process.stdout.write('\\nRESULT ' + JSON.stringify({ thrown: String(e && e.message) }) + '\\n');
}
process.exit(0);`;
  const { output, pid } = await run(['--input-type=module', '-e', code]);
  const line = output.split('\n').find((l) => l.startsWith('RESULT '));
  if (!line) throw new Error(`the build printed no result:\n${output}`);
  return { ...(JSON.parse(line.slice(7)) as BuildResult | { thrown: string }), pid };
}

/**
 * Temporary folders still there: those of process `pid`'s builds in the project (other test files
 * build at the same time), and any beside this file's output folder.
 */
async function leftoverTemp(pid: number | undefined): Promise<string[]> {
  const names = async (dir: string) => readdir(dir).catch(() => [] as string[]);
  const astro = (await names(path.join(projectRoot, '.build-tmp'))).filter((f) => f.startsWith(`${pid}-`));
  const besideOut = (await names(root)).filter((f) => f.startsWith('.build-tmp'));
  return [...astro.map((f) => `.build-tmp/${f}`), ...besideOut];
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .sort();
}

let root: string;
let out: string;
let before: string[];
let homeBefore: string;

beforeAll(async () => {
  await mkdir(path.resolve('.cache/test-builds'), { recursive: true });
  root = await mkdtemp(path.resolve('.cache/test-builds/invalid-'));
  out = path.join(root, 'sites');
  const good = await buildInChild({ dealersDir: 'tests/fixtures/dealers', outDir: out, only: ['mini-motors'] });
  expect('ok' in good && good.ok, JSON.stringify(good)).toBe(true);
  before = await listFiles(out);
  homeBefore = await readFile(path.join(out, 'mini-motors', 'index.html'), 'utf8');
}, 120_000);

afterAll(() => rm(root, { recursive: true, force: true }));

describe('building a snapshot that breaks the content format', () => {
  it('refuses the dealer with every error and leaves its previous build exactly as it was', async () => {
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
      'mini-motors: cars.json at [0].car_type: is required (expected one of: new, used, demo)',
      'mini-motors: pages/home.json at blocks[0].data.level: expected a number, found the text "1"',
      'mini-motors: pages/home.json at blocks[1].data.style: expected one of: ordered, unordered, found the text "bulleted"',
    ]);
    expect(result.dealers).toEqual([]);
    expect(result.failed).toEqual(['mini-motors']);
    expect(lines.join('\n')).toMatch(/3 content errors in 1 dealer; the other dealers are published/);
    expect(lines.join('\n')).toMatch(/mini-motors: its last good site \(built .*\) is left as it was/);
    expect(await listFiles(out)).toEqual(before);
    const manifest = JSON.parse(await readFile(path.join(out, 'manifest.json'), 'utf8')) as {
      failed: Record<string, { errors: unknown[] }>;
    };
    expect(manifest.failed['mini-motors']!.errors).toHaveLength(3);
    expect(await readFile(path.join(out, 'mini-motors', 'index.html'), 'utf8')).toBe(homeBefore);
    expect((await readdir(root)).filter((f) => f.startsWith('.build-tmp'))).toEqual([]);
  });

  it('makes npm run build exit 1, writing nothing, when no dealer would have a site, and print each error with its file and path', async () => {
    const { code, output } = await run([
      'scripts/build.ts',
      '--dealers',
      'tests/fixtures/dealers-invalid/many-errors',
      '--out',
      out,
    ]);
    expect(code).toBe(1);
    expect(output).toContain('6 content errors; nothing was written');
    expect(output).toContain(
      '✗ bad-motors: pages/x.json at blocks[0].data.level: expected a number, found the text "2"',
    );
    expect(output).toContain('✗ bad-motors: pages/x.json at blocks[1].data.cols[0].blocks[2].data.text');
    expect(output).toContain('✗ bad-motors: cars.json at [0].price: is required');
    expect(await listFiles(out)).toEqual(before);
  });
});

describe('a build that fails after it started leaves no temporary folder and the previous build as it was', () => {
  it('when Astro fails half-way through writing pages', async () => {
    astroBuild.impl = async ({ outDir }) => {
      await mkdir(path.join(outDir, 'mini-motors'), { recursive: true });
      await writeFile(path.join(outDir, 'mini-motors', 'index.html'), '<!DOCTYPE html><p>half a page');
      throw new Error('[astro] Could not render /service: boom');
    };
    await expect(
      buildSites({ dealersDir: 'tests/fixtures/dealers', outDir: out, only: ['mini-motors'] }),
    ).rejects.toThrow('Could not render /service');
    expect(await leftoverTemp(process.pid)).toEqual([]);
    expect(await listFiles(out)).toEqual(before);
    expect(await readFile(path.join(out, 'mini-motors', 'index.html'), 'utf8')).toBe(homeBefore);
  });

  it('when the API bundle cannot be written, after every site was built', async () => {
    const notAFolder = path.join(root, 'api-parent-is-a-file');
    await writeFile(notAFolder, 'not a folder');
    // Sites rebuilt from the same content look the same: this file shows they were not replaced.
    const marker = path.join(out, 'mini-motors', 'previous-build.txt');
    await writeFile(marker, 'previous');
    const result = await buildInChild({
      dealersDir: 'tests/fixtures/dealers',
      outDir: out,
      only: ['mini-motors'],
      apiOutDir: path.join(notAFolder, 'api'),
    });
    expect(result).toEqual({
      thrown: expect.stringMatching(/ENOTDIR|EEXIST|not a directory/i),
      pid: expect.any(Number),
    });
    expect(await leftoverTemp(result.pid)).toEqual([]);
    expect(await readFile(marker, 'utf8')).toBe('previous');
    await rm(marker);
    expect(await listFiles(out)).toEqual(before);
    expect(await readFile(path.join(out, 'mini-motors', 'index.html'), 'utf8')).toBe(homeBefore);
  }, 120_000);

  it('when npm run build is stopped with Ctrl+C', async () => {
    const childEnv: NodeJS.ProcessEnv = { ...process.env };
    for (const key of Object.keys(childEnv)) if (key.startsWith('VITEST') || key === 'NODE_ENV') delete childEnv[key];
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        'scripts/build.ts',
        '--dealers',
        'tests/fixtures/dealers',
        '--only',
        'mini-motors',
        '--out',
        out,
        '--api-out',
        path.join(root, 'api'),
      ],
      { env: childEnv },
    );
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    const closed = new Promise<number | null>((resolve) => child.on('close', resolve));
    // Stop it once Astro is writing into its temporary folder.
    const deadline = Date.now() + 60_000;
    while (!(await leftoverTemp(child.pid)).length) {
      if (Date.now() > deadline || child.exitCode !== null)
        throw new Error(`the build never started writing:\n${output}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    child.kill('SIGINT');
    expect(await closed, output).toBe(130);
    expect(output).toContain('Build stopped (SIGINT)');
    expect(await leftoverTemp(child.pid)).toEqual([]);
    expect(await listFiles(out)).toEqual(before);
    expect(await readFile(path.join(out, 'mini-motors', 'index.html'), 'utf8')).toBe(homeBefore);
  }, 120_000);
});
