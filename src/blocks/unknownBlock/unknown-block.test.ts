import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ContentIssue } from '../../content/issues.ts';
import { validateBlocks } from '../../content/validate-blocks.ts';
import { setPreviewBuild } from '../../engine/integration/fleet-state.ts';
import { renderBlocks } from '../../../tests/helpers/render.ts';

function validate(raw: unknown[], placeholders: boolean) {
  const check = { errors: [] as ContentIssue[], warnings: [] as ContentIssue[] };
  const blocks = validateBlocks(
    raw,
    { dealer: 'acme', file: 'pages/contact.json', page: '/contact', prefix: ['blocks'], placeholders },
    check,
  );
  return { blocks, ...check };
}

const raw = [
  { id: 'h', type: 'heading', data: { text: 'Contact', level: 1 } },
  { id: 'f', type: 'fomr', data: { heading: 'Ask us' } },
];

afterEach(() => {
  vi.unstubAllEnvs();
  setPreviewBuild(false);
});

describe('unknown blocks in the editor preview and preview builds', () => {
  it('are dropped by default, with a warning', () => {
    const { blocks, warnings } = validate(raw, false);
    expect(blocks.map((b) => b.type)).toEqual(['heading']);
    expect(warnings).toHaveLength(1);
  });

  it('become a stand-in naming the type and the type meant, in place, when placeholders are asked for', () => {
    const { blocks, warnings } = validate(raw, true);
    expect(blocks.map((b) => [b.type, b.data])).toEqual([
      ['heading', { text: 'Contact', level: 1 }],
      ['unknownBlock', { type: 'fomr', meant: 'form' }],
    ]);
    expect(warnings).toHaveLength(1);
  });

  it('never takes a snapshot block typed as the stand-in itself', () => {
    const forged = [{ id: 'x', type: 'unknownBlock', data: { type: 'anything' } }];
    expect(validate(forged, false).blocks).toEqual([]);
    expect(validate(forged, false).warnings[0]!.message).toContain('unknown block type "unknownBlock"');
    expect(validate(forged, true).blocks[0]!.data).toEqual({ type: 'unknownBlock' });
  });

  it('shows editors a visible note in the preview (dev server or a --preview build)', async () => {
    const placeholder = [{ id: 'p', type: 'unknownBlock', data: { type: 'fomr', meant: 'form' } }];
    vi.stubEnv('DEV', true);
    const dev = await renderStandIn(placeholder);
    expect(dev).toContain('Block type "fomr" is not known, so this block is not shown on the live site.');
    expect(dev).toContain('Did you mean "form"?');
    vi.stubEnv('DEV', false);
    setPreviewBuild(true);
    expect(await renderStandIn(placeholder)).toContain('Block type "fomr" is not known');
  });

  it('renders nothing in a production build, even if content held one', async () => {
    vi.stubEnv('DEV', false);
    setPreviewBuild(false);
    const html = await renderStandIn([{ id: 'p', type: 'unknownBlock', data: { type: 'fomr' } }]);
    expect(html).not.toContain('fomr');
    expect(html).not.toContain('unknown-block"');
  });
});

/** The stand-in rendered through the registry (validation never makes one from raw content). */
async function renderStandIn(blocks: { id: string; type: string; data: unknown }[]): Promise<string> {
  return renderBlocks(blocks, { validated: blocks.map((b, index) => ({ ...b, tunes: {}, index })) });
}
