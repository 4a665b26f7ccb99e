/**
 * npm run move -- FROM TO [FROM TO …] [--map moves.json] [--dry-run]
 *
 * Moves files and folders with `git mv` and keeps the project whole: every relative import and
 * path in the code (src/, tests/, scripts/ and the root configs) points where its target now is,
 * and every root-relative mention of a moved path in code, docs and configs follows it. FROM is a
 * tracked file or folder, TO its new path (a folder's files keep their names below it). `--map`
 * reads a JSON object `{ "from": "to", … }`. `--dry-run` lists the moves and the files whose text
 * would change, and writes nothing.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { rewriteText, type Moves } from './rewrite.ts';

const CODE = /\.(?:ts|tsx|mts|mjs|cjs|js|jsx|astro|css)$/;
const TEXT = /\.(?:md|json|ya?ml|sh|html|txt)$|(?:^|\/)\.ci\/run$/;
/** Generated or third-party text, and the move's own test (its paths are fixtures), no mention in it should follow. */
const LEAVE =
  /(?:^|\/)(?:package-lock\.json|node_modules\/)|^(?:dealers|tests\/fixtures|\.stryker-tmp)\/|^tests\/unit\/tools\/move-files\.test\.ts$/;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { map: { type: 'string' }, 'dry-run': { type: 'boolean', default: false } },
});

const root = execFileSync('git', ['rev-parse', '--show-toplevel'], { encoding: 'utf8' }).trim();
const git = (...args: string[]) => execFileSync('git', args, { cwd: root, encoding: 'utf8' });

const pairs: [string, string][] = [];
if (values.map) pairs.push(...Object.entries(JSON.parse(readFileSync(values.map, 'utf8')) as Record<string, string>));
if (positionals.length % 2) {
  console.error('npm run move -- FROM TO [FROM TO …]: every FROM needs its TO');
  process.exit(2);
}
for (let i = 0; i < positionals.length; i += 2) pairs.push([positionals[i]!, positionals[i + 1]!]);
if (!pairs.length) {
  console.error('npm run move -- FROM TO [FROM TO …] [--map moves.json] [--dry-run]');
  process.exit(2);
}

const inIndex = new Set(git('ls-files', '-z', '--cached').split('\0'));
const tracked = git('ls-files', '-z', '--cached', '--others', '--exclude-standard')
  .split('\0')
  .filter((f) => f && existsSync(path.join(root, f)));
const trackedSet = new Set(tracked);
const folders = new Set(
  tracked.flatMap((f) =>
    f
      .split('/')
      .slice(0, -1)
      .map((_, i, parts) => parts.slice(0, i + 1).join('/')),
  ),
);
folders.add('.');

const clean = (p: string) => path.posix.normalize(p.replace(/\\/g, '/')).replace(/\/$/, '');
const files = new Map<string, string>();
const movedFolders = new Map<string, string>();
for (const [rawFrom, rawTo] of pairs) {
  const from = clean(rawFrom);
  const to = clean(rawTo);
  if (trackedSet.has(from)) {
    files.set(from, to);
  } else if (folders.has(from)) {
    movedFolders.set(from, to);
    for (const f of tracked) if (f.startsWith(`${from}/`)) files.set(f, to + f.slice(from.length));
  } else {
    console.error(`${from}: no such tracked file or folder`);
    process.exit(2);
  }
}
const targets = new Map<string, string>();
for (const [from, to] of files) {
  const clash = targets.get(to) ?? (trackedSet.has(to) && !files.has(to) ? to : undefined);
  if (clash !== undefined) {
    console.error(`${from} → ${to}: ${to} is taken (by ${clash})`);
    process.exit(2);
  }
  targets.set(to, from);
}

const moves: Moves = { files, folders: movedFolders };
const tree = { has: (p: string) => trackedSet.has(p) || folders.has(p) || existsSync(path.join(root, p)) };

const rewritten = new Map<string, string>();
for (const file of tracked) {
  if (LEAVE.test(file) || !(CODE.test(file) || TEXT.test(file))) continue;
  const text = readFileSync(path.join(root, file), 'utf8');
  const next = rewriteText(text, file, moves, tree, CODE.test(file));
  if (next !== text) rewritten.set(file, next);
}

if (values['dry-run']) {
  for (const [from, to] of files) console.log(`move  ${from} → ${to}`);
  for (const file of rewritten.keys()) console.log(`edit  ${files.get(file) ?? file}`);
  process.exit(0);
}

for (const [from, to] of files) {
  mkdirSync(path.dirname(path.join(root, to)), { recursive: true });
  if (inIndex.has(from)) git('mv', from, to);
  else renameSync(path.join(root, from), path.join(root, to));
}
for (const [file, text] of rewritten) writeFileSync(path.join(root, files.get(file) ?? file), text);
console.log(`${files.size} files moved, ${rewritten.size} files' paths rewritten`);
