/**
 * The block definitions (src/content/blocks/<group>/<type>.ts) are the one place that says what a block's
 * data is and which child block lists it nests: walking a tree and validating nested blocks follow
 * them, for every nesting type, with full JSON paths.
 */
import { describe, expect, it } from 'vitest';
import { registry } from '../../../src/blocks/registry.ts';
import {
  blockDataSchemas,
  blockDefinitions,
  blockTypes,
  nestedBlockLists,
  type Block,
} from '../../../src/content/blocks.ts';
import { validateBlocks, type BlockCheck } from '../../../src/content/validate-blocks.ts';
import { walkBlocks } from '../../../src/content/block-tree.ts';

const where = { dealer: 'acme', file: 'pages/home.json', page: '/', prefix: ['blocks'] };

/** Valid data for each nesting type, holding `inner` as its only child block. */
const holding: Record<string, (inner: unknown) => Record<string, unknown>> = {
  columns: (inner) => ({ cols: [{ width: 6, blocks: [] }, { blocks: [inner] }] }),
  faq: (inner) => ({
    questions: [
      { question: 'First?', answer: [] },
      { question: 'Why?', answer: [inner] },
    ],
  }),
};

/** Where `holding` puts its child block, under the holder's `data`. */
const innerPath: Record<string, string> = {
  columns: 'data.cols[1].blocks[0]',
  faq: 'data.questions[1].answer[0]',
};

function validate(raw: unknown[]): { blocks: Block[]; check: BlockCheck } {
  const check: BlockCheck = { errors: [], warnings: [] };
  return { blocks: validateBlocks(raw, where, check), check };
}

const nestingTypes = blockTypes.filter((type) => blockDefinitions[type].children !== undefined);

describe('block definitions', () => {
  it('define every type of the component registry, each under its own type name and with its data schema', () => {
    expect(Object.keys(registry).sort()).toEqual(Object.keys(blockDefinitions).sort());
    for (const type of blockTypes) {
      expect(blockDefinitions[type].type).toBe(type);
      expect(blockDataSchemas[type]).toBe(blockDefinitions[type].data);
    }
  });

  it('name exactly the nesting types this test knows how to fill', () => {
    expect([...nestingTypes].sort()).toEqual(Object.keys(holding).sort());
  });

  it('declare no child lists for a block that nests nothing, or for an unknown type', () => {
    expect(nestedBlockLists('paragraph', { text: 'x' })).toEqual([]);
    expect(nestedBlockLists('legacyWidget', { cols: [{ blocks: [] }] })).toEqual([]);
  });

  describe.each(nestingTypes)('%s', (type) => {
    const inner = { id: 'in', type: 'paragraph', data: { text: 'Deep' } };

    it('walkBlocks reaches the blocks it nests, two levels down too', () => {
      const raw = [{ id: 'outer', type, data: holding[type]!({ id: 'mid', type, data: holding[type]!(inner) }) }];
      const { blocks, check } = validate(raw);
      expect(check.errors).toEqual([]);
      expect([...walkBlocks(blocks)].map((b) => `${b.type}:${b.id}`)).toEqual([
        `${type}:outer`,
        `${type}:mid`,
        'paragraph:in',
      ]);
    });

    it('validates the blocks it nests, reporting an error at the full JSON path', () => {
      const broken = { id: 'in', type: 'heading', data: { text: 7, level: 2 } };
      const raw = [
        { id: 'p', type: 'paragraph', data: { text: 'First' } },
        { id: 'outer', type, data: holding[type]!(broken) },
      ];
      const { blocks, check } = validate(raw);
      expect(check.errors.map((e) => e.path)).toEqual([`blocks[1].${innerPath[type]}.data.text`]);
      // The broken child is left out; its holder stays.
      expect(blocks.map((b) => b.id)).toEqual(['p', 'outer']);
      expect([...walkBlocks(blocks)].map((b) => b.id)).toEqual(['p', 'outer']);
    });

    it('warns about an unknown type nested in it at the full JSON path, and leaves the input unchanged', () => {
      const raw = [{ id: 'outer', type, data: holding[type]!({ id: 'w', type: 'legacyWidget', data: {} }) }];
      const before = JSON.stringify(raw);
      const { check } = validate(raw);
      expect(check.warnings.map((w) => w.path)).toEqual([`blocks[0].${innerPath[type]}`]);
      expect(JSON.stringify(raw)).toBe(before);
    });
  });
});

describe('the block schemas stay out of the browser', () => {
  it('src/domain/routes.ts, whose path constants the form island imports, does not bring in the block tree or the schemas', async () => {
    const { build } = await import('esbuild');
    const result = await build({
      entryPoints: [new URL('../../../src/domain/routes.ts', import.meta.url).pathname],
      bundle: true,
      write: false,
      metafile: true,
      format: 'esm',
      platform: 'browser',
      logLevel: 'silent',
    });
    const inputs = Object.keys(result.metafile.inputs);
    expect(inputs.filter((i) => /src\/content\/blocks\.ts|src\/lib\/block-tree\.ts|\/zod\//.test(i))).toEqual([]);
  });
});
