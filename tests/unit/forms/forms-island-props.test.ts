import { describe, expect, it } from 'vitest';
import { fixtureDealer } from '../../helpers/render.ts';
import { layoutFlags } from '../../../src/site/cutoffs.ts';
import type { BlockContext } from '../../../src/blocks/types.ts';
import type { DealerContent } from '../../../src/content/load.ts';
import type { Car } from '../../../src/content/entities.ts';
import { formData } from '../../../src/content/forms.ts';
import {
  DEFAULT_SUCCESS_PATH,
  formIslandProps,
  isFirstForm,
  similarCar,
  successPath,
} from '../../../src/components/form/form-props.ts';

const ctxFor = (dealer: DealerContent, path: string): BlockContext => ({
  dealer,
  page: { id: 9, path, title: 'Page', publishedAt: '2025-01-01' },
  flags: layoutFlags('2025-01-01'),
  aboveFold: false,
});
const car = (over: Partial<Car>): Car => ({
  ...({} as Car),
  id: 1,
  name: 'x',
  slug: 'x',
  make: 'Toyota',
  model: 'Corolla',
  year: 2021,
  km: 1,
  price: 1,
  photos: [],
  photos_count: 0,
  car_type: 'used',
  status: 'available',
  created_at_timestamp: 1,
  ...over,
});

describe('form block props', () => {
  it("sends visitors to the dealer's page holding the thank-you block, else /thank-you", async () => {
    const dealer = await fixtureDealer();
    expect(successPath(dealer)).toBe(DEFAULT_SUCCESS_PATH);
    const withThanks = {
      ...dealer,
      pages: [
        ...dealer.pages,
        {
          id: 'ty',
          path: '/thanks',
          title: 'Thanks',
          publishedAt: '2025-01-01',
          noindex: false,
          blocks: [
            {
              id: 'c',
              type: 'columns',
              data: { cols: [{ blocks: [{ id: 's', type: 'success', data: {}, tunes: {}, index: 0 }] }] },
              tunes: {},
              index: 0,
            },
          ],
        },
      ],
    } as DealerContent;
    expect(successPath(withThanks)).toBe('/thanks');
  });

  it('knows the first form of a page, nested forms included', async () => {
    const dealer = await fixtureDealer();
    expect(isFirstForm(dealer, '/enquire', 'enquiry')).toBe(true);
    expect(isFirstForm(dealer, '/enquire', 'car-finder')).toBe(false);
  });

  it('suggests a listed car of the same make and model, never the same car or a sold one', () => {
    const cars = [car({ id: 1 }), car({ id: 2, status: 'sold' }), car({ id: 3, model: 'Yaris' }), car({ id: 4 })];
    expect(similarCar(cars, { id: 1, make: 'Toyota', model: 'Corolla' })?.id).toBe(4);
    expect(similarCar(cars, { id: 4, make: 'toyota', model: 'corolla' })?.id).toBe(1);
    expect(similarCar(cars, { make: 'Toyota', model: 'Camry' })?.id).toBe(1);
    expect(similarCar(cars, { make: 'Kia', model: 'Rio' })).toBeUndefined();
  });

  it('fills car_id and selected_car on a car page', async () => {
    const dealer = await fixtureDealer();
    const props = formIslandProps(
      formData.parse({ formType: 'contact' }),
      'default-form-0',
      ctxFor(dealer, '/cars/2021-toyota-corolla-1'),
    );
    expect(props.pageValues).toMatchObject({ car_id: '1', selected_car: '2021 Toyota Corolla' });
  });

  it('gives the island the lead fields of the dealer and its locations', async () => {
    const dealer = await fixtureDealer();
    const props = formIslandProps(formData.parse({ formType: 'contact' }), 'f', ctxFor(dealer, '/contact'));
    expect(props.dealer.dealership_name).toBe('Mini Motors');
    expect(props.locations.map((l) => l.id)).toEqual(dealer.locations.map((l) => String(l.id)));
    expect(props.page).toEqual({ id: '9', title: 'Page', path: '/contact' });
    expect(props.site).toMatchObject({ slug: 'mini-motors', lookupCarLocation: false, manufacturerDataLayer: false });
    expect(props.def.formType).toBe('contact');
  });
});
