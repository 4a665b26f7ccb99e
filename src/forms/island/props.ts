/** The serialisable props a form block gives its island (built at build time by the block). */
import type { FormDef } from '../types.ts';
import type { CarCard } from '../../stores/submission.ts';
import type { ItemCar } from '../../site/analytics-ecommerce.ts';
import type { DealerLeadFields, LocationFacts, Values } from './values.ts';

export interface FormIslandProps {
  def: FormDef;
  /** Prefix of every id in the form (from the block id). */
  idBase: string;
  /** The id of the block's heading, which names the form. */
  headingId: string;
  site: {
    slug: string;
    id: number;
    /** integrations.financeProvider: the finance route is /api/send-to-{provider}. */
    financeProvider?: string;
    /** forms.finance.lookupCarLocation: ask the provider's dealership id of a stock car. */
    lookupCarLocation: boolean;
    manufacturerDataLayer: boolean;
  };
  page: { id: string; title: string; path: string };
  blockId: string;
  dealer: DealerLeadFields;
  locations: LocationFacts[];
  /** Path of the dealer's thank-you page (the page holding a `success` block). */
  successPath: string;
  /** Values the page itself implies, e.g. the car of a car page. */
  pageValues?: Values;
  similarCar?: CarCard;
  /** The stock car the form is about (a car page's enquiry): the item of its `generate_lead` event. */
  leadCar?: ItemCar;
  candidateCars?: CarCard[];
  /**
   * The page's formStepHeadings layout flag (spec §9, 2024-06-24): each step shows its heading and
   * description above its fields. False: only the form heading and progress show. Default true.
   */
  stepHeadings?: boolean;
  /** API origin; '' (default) is the site's own origin. */
  apiBase?: string;
}
