import { describe, expect, it } from 'vitest';
import { model as modelSchema, type Model } from '../../../src/content/entities.ts';
import { findModel, modelOfPage } from '../../../src/domain/model-find.ts';

const model = (over: Record<string, unknown>): Model => modelSchema.parse({ slug: 'm', name: 'M', ...over });

describe('finding the model', () => {
  const models = [model({ slug: 'cx-5', new_slug: 'mazda-cx-5' }), model({ slug: 'rav4' })];
  it('by the block slug (or new_slug)', () => {
    expect(findModel(models, 'cx-5')?.slug).toBe('cx-5');
    expect(findModel(models, 'mazda-cx-5')?.slug).toBe('cx-5');
    expect(findModel(models, 'nope')).toBeUndefined();
  });
  it('by the model page path /{new_slug || slug}', () => {
    expect(modelOfPage(models, '/mazda-cx-5')?.slug).toBe('cx-5');
    expect(modelOfPage(models, '/rav4')?.slug).toBe('rav4');
    expect(modelOfPage(models, '/rav4/order-now')).toBeUndefined();
    expect(modelOfPage(models, '/')).toBeUndefined();
  });
});
