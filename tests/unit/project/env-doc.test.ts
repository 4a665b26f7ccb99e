import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENV_VARS, envInt, type EnvName } from '../../../src/config/env.ts';
import type { EnvVar } from '../../../src/config/env-var.ts';
import { codeIn, markdownTable } from '../../helpers/markdown-table.ts';

/** Variables only the tests and the deploy scripts read: README lists them, src never reads them. */
const TOOLING = ['CHROMIUM_PATH', 'E2E_DEALERS_DIR', 'E2E_KEEP', 'E2E_WORKERS', 'TEST_DATABASE_URL', 'DEALER_SLUG'];

/** The flags Vite sets on import.meta.env itself. */
const VITE_FLAGS = ['DEV', 'PROD', 'SSR', 'MODE', 'BASE_URL'];

const declared = ENV_VARS as Record<EnvName, EnvVar>;
const names = Object.keys(declared) as EnvName[];

const rows = markdownTable(readFileSync('README.md', 'utf8'), 'Configuration and environment variables').map((row) => {
  const written = codeIn(row.Variable ?? '') ?? '';
  // NAME[_<SLUG>]: for one dealer or all; NAME_<SLUG>: for one dealer only.
  const perDealer = written.endsWith('_<SLUG>]') || written.endsWith('_<SLUG>');
  return { name: written.replace(/\[?_<SLUG>\]?$/, ''), perDealer, row };
});
const documented = new Map(rows.map((r) => [r.name, r]));

/** The README's default cell: "none", or the value in backticks (`""` for the empty string). */
function documentedDefault(cell: string): string | undefined {
  if (cell === 'none') return undefined;
  const code = codeIn(cell);
  if (code === undefined) throw new Error(`default "${cell}" is neither "none" nor a value in backticks`);
  return code === '""' ? '' : code;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sourceFiles(file);
    return /\.(ts|tsx|astro|mjs)$/.test(name) ? [file] : [];
  });
}

/** The code of src/ that ships: not its tests (beside a block, or in a feature's tests/ folder). */
function shippedFiles(): string[] {
  return sourceFiles('src').filter((f) => !/\.test\.tsx?$/.test(f) && !/^src\/features\/[^/]+\/tests\//.test(f));
}

describe("README.md's table of environment variables", () => {
  it('lists every variable ENV_VARS (src/config/env.ts) declares, and declares every one it lists but the tooling ones', () => {
    const missing = names.filter((n) => !documented.has(n));
    const undeclared = [...documented.keys()].filter((n) => !(n in declared) && !TOOLING.includes(n));
    expect(missing, 'declared in ENV_VARS (src/config/env.ts) but not in README.md').toEqual([]);
    expect(undeclared, 'in README.md but not declared in ENV_VARS (src/config/env.ts)').toEqual([]);
    expect(rows.length, 'a variable listed twice').toBe(documented.size);
  });

  it('gives each variable its declared default, and marks the per-dealer ones', () => {
    const wrong = names
      .filter((n) => documented.has(n))
      .flatMap((n) => {
        const doc = documented.get(n)!;
        const want = declared[n].default === undefined ? undefined : String(declared[n].default);
        const problems: string[] = [];
        const got = documentedDefault(doc.row.Default ?? '');
        if (got !== want) problems.push(`${n}: README says ${got ?? 'none'}, ENV_VARS says ${want ?? 'none'}`);
        if (doc.perDealer !== !!declared[n].perDealer)
          problems.push(`${n}: per-dealer ${doc.perDealer} in README, ${!!declared[n].perDealer} in ENV_VARS`);
        return problems;
      });
    expect(wrong).toEqual([]);
  });

  it("names only declared variables in docs/deploy.md's table", () => {
    const lines = readFileSync('docs/deploy.md', 'utf8')
      .split('\n')
      .filter((l) => l.startsWith('| `'));
    const firstCells = lines.map((l) => l.split('|')[1] ?? '');
    const named = firstCells.flatMap((c) => [...c.matchAll(/`([A-Z][A-Z0-9_]{2,})`/g)].map((m) => m[1]!));
    expect(named.length).toBeGreaterThan(0);
    expect(named.filter((n) => !(n in declared))).toEqual([]);
  });
});

describe('src/config/env.ts', () => {
  it('is the only file of shipped code under src that reads process.env', () => {
    const readers = shippedFiles().filter(
      (f) => f !== path.join('src', 'config', 'env.ts') && /process\.env/.test(readFileSync(f, 'utf8')),
    );
    expect(readers).toEqual([]);
  });

  it('is the only way src reads a variable by name (no env.NAME elsewhere)', () => {
    const direct = shippedFiles()
      .filter((f) => f !== path.join('src', 'config', 'env.ts'))
      .flatMap((f) =>
        [...readFileSync(f, 'utf8').matchAll(/\benv\.([A-Z][A-Z0-9_]+)/g)]
          // Vite's own build flags (import.meta.env.DEV, …) are no environment variables.
          .filter((m) => !VITE_FLAGS.includes(m[1]!))
          .map((m) => `${f}: env.${m[1]}`),
      );
    expect(direct).toEqual([]);
  });

  it("is how the scripts read the product's variables (a script may still set one for a child)", () => {
    const reads = sourceFiles('scripts').flatMap((f) =>
      [...readFileSync(f, 'utf8').matchAll(/process\.env\.([A-Z][A-Z0-9_]*)(?!\s*=[^=])/g)]
        .filter((m) => m[1]! in declared)
        .map((m) => `${f}: process.env.${m[1]}`),
    );
    expect(reads).toEqual([]);
  });

  it('declares a description and a consistent default for each variable', () => {
    for (const n of names) {
      const v = declared[n];
      expect(v.description.length, n).toBeGreaterThan(10);
      if (v.type === 'int' && v.default !== undefined) expect(typeof v.default, n).toBe('number');
    }
  });

  it('reads whole numbers at call time, naming the variable when one is wrong', () => {
    expect(envInt({ LEAD_SENSITIVE_DAYS: '7' }, 'LEAD_SENSITIVE_DAYS')).toBe(7);
    expect(envInt({}, 'LEAD_SENSITIVE_DAYS')).toBeUndefined();
    expect(envInt({ LEAD_SENSITIVE_DAYS_MINI_MOTORS: '3' }, 'LEAD_SENSITIVE_DAYS', 'MINI_MOTORS')).toBe(3);
    expect(() => envInt({ LEAD_SENSITIVE_DAYS: '0' }, 'LEAD_SENSITIVE_DAYS')).toThrow(
      'LEAD_SENSITIVE_DAYS must be a whole number of days from 1 to 36500, not "0".',
    );
    expect(() => envInt({ RATE_LIMIT_LEADS_PER_IP: 'x' }, 'RATE_LIMIT_LEADS_PER_IP')).toThrow(
      'RATE_LIMIT_LEADS_PER_IP must be a whole number of requests per minute above 0, not "x".',
    );
    expect(() => envInt({ DATABASE_POOL_MAX: '-1' }, 'DATABASE_POOL_MAX')).toThrow(
      'DATABASE_POOL_MAX must be a whole number above 0, not "-1".',
    );
  });
});
