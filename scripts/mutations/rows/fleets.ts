/**
 * Mutations of the rows of docs/spec-coverage.md for fleets, deployments and the editors'
 * preview: the loader's open files, shards, changed dealers, a broken dealer kept apart, the near
 * misses of block types and the placeholder for an unknown block.
 * Listed by ../list.ts.
 */
import { b, row, u, type Mutation } from '../kit.ts';

export const mutations: Mutation[] = [
  ...row(
    "A fleet's snapshots load with at most 64 files open",
    [u('content-load-fleet')],
    [
      {
        id: 'fleet-limiter-bound',
        find: '    if (active >= max) await new Promise<void>((start) => waiting.push(start));',
        replace: '    if (active > max) await new Promise<void>((start) => waiting.push(start));',
        why: 'no more than the limit at once',
      },
      {
        id: 'fleet-loader-sync-reads',
        find: '    const bytes = await io(async () => readFileSync(file));',
        replace: '    const bytes = await io(() => readFile(file));',
        why: 'the loader reads one file at a time, so even an unbounded listing never holds many files open',
      },
    ],
  ),
  ...row(
    '`--shard K/N`: a stable 1/N by slug hash',
    [u('build-fleet')],
    [
      {
        id: 'fleet-shard-of',
        find: "  return (createHash('sha256').update(slug).digest().readUInt32BE(0) % count) + 1;",
        replace: "  return (createHash('sha256').update(slug).digest().readUInt32BE(0) % count);",
        why: 'shards are numbered 1 to N and every dealer is in one',
      },
    ],
  ),
  ...row(
    '`--changed`: only dealers whose snapshot changed',
    [u('build-fleet')],
    [
      {
        id: 'fleet-changed-fingerprint',
        find: '      entry.fingerprint === print &&\n',
        replace: '',
        why: 'a changed snapshot is rebuilt',
      },
    ],
  ),
  ...row(
    'One broken dealer never stops the fleet',
    [u('build-validate'), u('build-fleet')],
    [
      {
        id: 'fleet-refuse-one',
        find: '    const valid = loaded.dealers.filter((d) => !out.failed[d.slug]);',
        replace: '    const valid = out.errors.length ? [] : loaded.dealers;',
        why: "one dealer's error leaves the other dealers valid",
        tests: [u('build-validate')],
      },
      {
        id: 'fleet-keep-last-good',
        find: '      if (lastGood) chosen.kept[slug] = last;',
        replace: '',
        why: 'a refused dealer keeps its last good site and the API its content',
        tests: [u('build-fleet')],
      },
    ],
  ),
  ...row(
    'A near miss of a known block type warns',
    [u('content-load'), u('build-validate')],
    [
      {
        id: 'content-typo-budget',
        find: '  const budget = typed.length >= 8 ? 2 : 1;',
        replace: '  const budget = typed.length >= 8 ? 1 : 0;',
        why: 'one typo in a short type, two in a long one',
      },
      {
        id: 'build-strict',
        find: '    const errors = o.strict ? [...loaded.errors, ...loaded.warnings] : loaded.errors;',
        replace: '    const errors = loaded.errors;',
        why: '--strict makes every warning an error',
        tests: [u('build-validate')],
      },
    ],
  ),
  ...row(
    'An unknown block shows editors a placeholder naming its type',
    [b('unknown-block')],
    [
      {
        id: 'editor-placeholder-production',
        find: 'const shown = import.meta.env.DEV || isPreviewBuild();',
        replace: 'const shown = true;',
        why: 'production never shows the stand-in',
      },
      {
        id: 'editor-placeholder-kept',
        find: '      if (where.placeholders) {',
        replace: '      if (false) {',
        why: 'the preview keeps an unknown block as a stand-in',
      },
    ],
  ),
  ...row(
    "`npm start -- --sites DIR` serves the API of exactly the folder's dealers",
    [u('build-fleet')],
    [
      {
        id: 'fleet-manifest-unlisted',
        find: "  if (unlisted.length) problems.push(`site folders no manifest lists: ${unlisted.sort().join(', ')}`);",
        replace: '',
        why: 'a site folder the manifest does not list is refused',
      },
    ],
  ),
];
