/**
 * What the model blocks have in common, checked on more than one of them. Each block's own tests
 * live in its folder (src/blocks/modelVariants/, modelColors/, modelFeatures/).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { fixtureDealer, renderBlock } from '../../helpers/render.ts';
import type { Model } from '../../../src/content/entities.ts';
import type { DealerContent } from '../../../src/content/load.ts';

describe('model blocks rendered', () => {
  let dealer: DealerContent;
  const withModels = (models: Model[]): DealerContent => ({ ...dealer, models });
  beforeAll(async () => {
    dealer = await fixtureDealer('group-motors');
  });

  it('renders nothing for an unknown model', async () => {
    expect(await renderBlock('modelVariants', { model: 'nope' }, { dealer: withModels([]) })).not.toContain('<section');
    expect(await renderBlock('modelColors', { model: 'nope' }, { dealer: withModels([]) })).not.toContain('<section');
  });
});
