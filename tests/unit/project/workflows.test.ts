/**
 * The publish pipeline's GitHub Actions workflows (.github/workflows): each is valid against
 * SchemaStore's workflow schema (@action-validator/core), and each names only npm scripts that
 * package.json has and build flags that scripts/build.ts accepts, so a renamed script or flag
 * cannot break publishing unnoticed.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { validateWorkflow, type ValidationError } from '@action-validator/core';
import { describe, expect, it, vi } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const DIR = path.join(ROOT, '.github/workflows');
const files = readdirSync(DIR).filter((f) => /\.ya?ml$/.test(f));

/** Each error as "path: title (detail)", with the nested states' errors of a oneOf or anyOf. */
function describeErrors(errors: readonly ValidationError[]): string[] {
  return errors.flatMap((e) => {
    const where = 'path' in e ? e.path || '/' : `line ${e.location?.line ?? '?'}`;
    const nested = 'states' in e && e.states ? e.states.flatMap((s) => describeErrors(s.errors)) : [];
    return [`${where}: ${e.title}${e.detail ? ` (${e.detail})` : ''}`, ...nested.map((n) => `  ${n}`)];
  });
}

/**
 * The schema errors of a workflow's YAML, described. The validator's note that it does not check
 * `paths` globs is left out of the test output.
 */
function schemaErrors(yaml: string): string[] {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  const error = vi.spyOn(console, 'error').mockImplementation(() => {});
  try {
    return describeErrors(validateWorkflow(yaml).errors);
  } finally {
    warn.mockRestore();
    error.mockRestore();
  }
}

const scripts = new Set(
  Object.keys((JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: object }).scripts),
);

/** The long options of scripts/build.ts, read from its parseArgs call. */
function buildFlags(): Set<string> {
  const source = readFileSync(path.join(ROOT, 'scripts/build.ts'), 'utf8');
  const block = /parseArgs\(\{\s*options:\s*\{([\s\S]*?)\n\s*\},\n/.exec(source)?.[1];
  if (!block) throw new Error('scripts/build.ts: no parseArgs({ options: { … } }) found to read the flags from');
  return new Set([...block.matchAll(/^\s*'?([a-z][a-z-]*)'?:\s*\{\s*type:/gm)].map((m) => m[1]!));
}

/**
 * Every `npm run <script>` naming no script of package.json, and every flag of an
 * `npm run build -- …` that scripts/build.ts does not accept, with its line.
 */
function commandProblems(yaml: string, known: Set<string>, flags: Set<string>): string[] {
  const problems: string[] = [];
  // A shell line continued with a backslash is one command.
  yaml
    .replace(/\\\n\s*/g, ' ')
    .split('\n')
    .forEach((line, i) => {
      for (const m of line.matchAll(/npm run(?:\s+(?:-s|--silent))?\s+([\w:-]+)([^;&|\n]*)/g)) {
        const [, script, rest] = m;
        if (!known.has(script!)) problems.push(`line ${i + 1}: npm run ${script}: package.json has no such script`);
        if (script !== 'build') continue;
        const args = /(?:^|\s)--\s(.*)$/.exec(rest!)?.[1] ?? '';
        for (const f of args.matchAll(/(?:^|\s)--([a-z][a-z-]*)/g)) {
          if (!flags.has(f[1]!))
            problems.push(`line ${i + 1}: npm run build -- --${f[1]}: scripts/build.ts has no such flag`);
        }
      }
    });
  return problems;
}

const BROKEN = `name: Broken
on:
  push:
    branches: [main]
jobs:
  build:
    runs-onn: ubuntu-latest
    steps:
      - run: npm run build -- --changed
`;

describe('the publish workflows', () => {
  it('are there: content publish, branch preview and stock build', () => {
    expect(files).toEqual(expect.arrayContaining(['content-publish.yml', 'branch-preview.yml', 'stock-build.yml']));
  });

  it.each(files)('%s is a valid workflow', (file) => {
    expect(schemaErrors(readFileSync(path.join(DIR, file), 'utf8'))).toEqual([]);
  });

  it.each(files)('%s runs only npm scripts and build flags that exist', (file) => {
    expect(commandProblems(readFileSync(path.join(DIR, file), 'utf8'), scripts, buildFlags())).toEqual([]);
  });
});

describe('the workflow checks', () => {
  it('find a misspelt key and a file that is not YAML', () => {
    expect(schemaErrors(BROKEN).join('\n')).toContain("Additional property 'runs-onn' is not allowed");
    expect(schemaErrors('on: [push\n').join('\n')).toMatch(/Parse Error/);
    expect(schemaErrors(BROKEN.replace('runs-onn', 'runs-on'))).toEqual([]);
  });

  it('find a missing script and a flag the build does not take, on continued lines too', () => {
    const yaml =
      'run: |\n  npm run -s nope\n  npm run build -- --only a \\\n    --fast\n  npm run build -- --changed --preview\n';
    expect(commandProblems(yaml, scripts, buildFlags())).toEqual([
      'line 2: npm run nope: package.json has no such script',
      'line 3: npm run build -- --fast: scripts/build.ts has no such flag',
    ]);
    expect(buildFlags()).toEqual(
      new Set([
        'dealers',
        'out',
        'api-out',
        'only',
        'preview',
        'changed',
        'shard',
        'api-only',
        'workers',
        'strict',
        'data',
      ]),
    );
  });
});
