/**
 * Renders blocks through Astro's container API with a fixture dealer, as a page would.
 * `renderBlock('heading', { text: 'Hi', level: 2 })` validates the data with the real schema
 * first, so a test cannot pass data the build would reject.
 */
import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { getContainerRenderer } from '@astrojs/react/container-renderer';
import { loadRenderers } from 'astro:container';
import BlockList from '../../src/blocks/BlockList.astro';
import { validateBlocks } from '../../src/content/validate-blocks.ts';
import { loadDealers, type DealerContent } from '../../src/content/load.ts';
import { layoutFlags } from '../../src/site/cutoffs.ts';
import type { BlockContext } from '../../src/blocks/types.ts';
import type { ContentIssue } from '../../src/content/issues.ts';

let container: AstroContainer | undefined;
async function getContainer() {
  if (!container) {
    const renderers = await loadRenderers([getContainerRenderer()]);
    container = await AstroContainer.create({ renderers });
  }
  return container;
}

const dealerCache = new Map<string, Promise<DealerContent>>();

/** A dealer from tests/fixtures/dealers (default "mini-motors"), validated like a build would. */
export function fixtureDealer(slug = 'mini-motors', dir = 'tests/fixtures/dealers'): Promise<DealerContent> {
  const key = `${dir}/${slug}`;
  if (!dealerCache.has(key)) {
    dealerCache.set(
      key,
      loadDealers(dir, { only: [slug] }).then((r) => {
        if (r.errors.length) throw new Error(JSON.stringify(r.errors, null, 2));
        return r.dealers[0]!;
      }),
    );
  }
  return dealerCache.get(key)!;
}

export interface RenderOptions {
  dealer?: DealerContent;
  publishedAt?: string;
  path?: string;
  tunes?: Record<string, unknown>;
  aboveFold?: boolean;
  /** Blocks as validation left them, rendered as they are instead of `raw` (stand-ins only validation makes). */
  validated?: unknown[];
}

/** Validates raw blocks as the loader does; throws with the issues when they are invalid. */
export function toBlocks(raw: unknown[]) {
  const check = { errors: [] as ContentIssue[], warnings: [] as ContentIssue[] };
  const blocks = validateBlocks(raw, { dealer: 'test', file: 'test.json', page: '/test', prefix: ['blocks'] }, check);
  if (check.errors.length) throw new Error('invalid block data: ' + JSON.stringify(check.errors));
  return { blocks, warnings: check.warnings };
}

/** HTML of raw blocks rendered through the registry, as on a page. */
export async function renderBlocks(raw: unknown[], options: RenderOptions = {}): Promise<string> {
  const blocks = options.validated ?? toBlocks(raw).blocks;
  const dealer = options.dealer ?? (await fixtureDealer());
  const publishedAt = options.publishedAt ?? '2025-06-01';
  const ctx: BlockContext = {
    dealer,
    page: { id: 'test', path: options.path ?? '/test', title: 'Test page', publishedAt },
    flags: layoutFlags(publishedAt),
    aboveFold: options.aboveFold ?? false,
  };
  const c = await getContainer();
  return c.renderToString(BlockList, { props: { blocks, ctx } });
}

/** HTML of one block of `type` with `data`. */
export function renderBlock(type: string, data: unknown, options: RenderOptions = {}): Promise<string> {
  return renderBlocks([{ id: 'b1', type, data, tunes: options.tunes }], options);
}
