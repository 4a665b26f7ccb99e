/**
 * The order form of /models/order-now?model_id=&model_name=&vehicle= and /{model}/order-now. The
 * hidden model_id, model_name and vehicle come from the query (the island fills them); on a
 * model's own order page they default to that model.
 */
import type { FormBase, FormContext } from '../types.ts';
import { contactFields, field, messageField, toOptions } from '../fields.ts';
import { locationChoice, locationsOf } from '../dealer-choices.ts';

export const ORDER_CATEGORY = 'New Vehicle Enquiry';

/** The model whose order page this is: `/cx-60/order-now` → the model with slug or new_slug cx-60. */
function pageModel(ctx: FormContext) {
  const m = /^\/?(.+?)\/order-now\/?$/.exec(ctx.pagePath);
  const slug = m?.[1]?.split('/').pop();
  if (!slug || slug === 'models') return undefined;
  return ctx.models.find((x) => x.slug === slug || x.new_slug === slug);
}

export function orderNowForm(ctx: FormContext): FormBase {
  const model = pageModel(ctx);
  const d = (v: unknown) => (v === undefined ? {} : { defaultValue: v });
  return {
    category: ORDER_CATEGORY,
    heading: model ? `Order your ${model.name}` : 'Order Your New Vehicle',
    steps: [
      {
        key: 'details',
        heading: 'Your Details',
        fields: [
          ...contactFields(ctx),
          field('model_id', 'hidden', 'Model id', false, d(model?.id === undefined ? undefined : String(model.id))),
          field('model_name', 'hidden', 'Model', false, d(model?.name)),
          field('vehicle', 'hidden', 'Vehicle', false),
        ],
        rules: [],
      },
      {
        key: 'order',
        heading: 'Your Order',
        fields: [
          ...locationChoice(locationsOf(ctx, 'sales')),
          field('purchase_method', 'radio', 'How would you like to pay?', true, {
            options: toOptions(['Cash', 'Finance', 'Not sure yet']),
          }),
          field('has_trade_in', 'radio', 'Do you have a trade-in?', true, { options: toOptions(['Yes', 'No']) }),
          messageField('Comments'),
        ],
        rules: [],
      },
    ],
  };
}
