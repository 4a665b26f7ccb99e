/**
 * The forms' and thank-you pages' site options (site.options.forms and site.options.success):
 * their fields, defaults and the spec rules behind them. siteOptions in site.ts holds them with
 * the other groups; dealers/README.md lists every option.
 */
import { z, opt } from './zod.ts';

/**
 * An admin-defined thank-you message (spec §2 "Success (thank-you) page": "Custom messages are
 * admin-defined per category/subcategory").
 */
const customMessage = z.object({
  /** Required. The query-string form of the category it answers, e.g. "competition-enquiry". */
  category: z.string(),
  /**
   * Absent: the entry answers any subcategory of its category, as the fallback when no entry
   * names the submitted subcategory (spec §2: "They fall back to an entry with empty subcategory").
   */
  subcategory: opt(z.string()),
  /**
   * Absent: matches whatever the offer_rejected parameter says. For valuation-type categories an
   * entry with it set answers only submissions with that offer_rejected flag (spec §2: "For
   * valuation-type categories they are also matched on the offerRejected flag").
   */
  offerRejected: opt(z.boolean()),
  /** Absent: the thank-you page keeps its variant's own title (spec §2: "custom title and description allowed"). */
  title: opt(z.string()),
  /**
   * Required. Replaces the variant's paragraphs. May contain `{team_member}`, replaced by the user
   * name or 'our team' (spec §2: "A team-member placeholder in a message is replaced").
   */
  description: z.string(),
});
export type CustomMessage = z.output<typeof customMessage>;

const quickServiceStep = z.enum(['vehicle', 'contact', 'order']);

/** Form options (site.options.forms). Absent: every default below. */
export const formOptions = z
  .object({
    /**
     * Default false. True: the last step of every form gets a required terms checkbox, with the
     * error '*You must agree to the terms of use before submitting.' (spec §5 "Validation rules":
     * "Terms checkbox is required on one site").
     */
    termsRequired: opt(z.boolean()).default(false),
    /**
     * Default false: every form shows its full progress bar. True: forms of more than 10 steps
     * show a compact "Step n of N" progress instead (spec §4 "Generic form": "Long forms over 10
     * steps are treated specially on one site").
     */
    longFormCompactProgress: opt(z.boolean()).default(false),
    /** Service booking forms (page, full and quick forms). Absent: every default below. */
    serviceBooking: z
      .object({
        /**
         * Default true: the full service booking form has three steps (Contact Details, Vehicle
         * Details, Order Details). False: two steps, Contact and Order, with no Vehicle step
         * (spec §2 "Forms": "One dealer has two steps, with no Vehicle step").
         */
        vehicleStep: opt(z.boolean()).default(true),
        /** Default false: Service Interval is optional. True: it is required (spec §2 "Forms", Service Interval). */
        serviceIntervalRequired: opt(z.boolean()).default(false),
        /**
         * Default []: Service Interval is a free-text field. Non-empty: it is a select of these
         * options, e.g. ["3,000km or 3 months", "15,000km or 12 months"] (spec §2 "Forms").
         */
        serviceIntervals: opt(z.array(z.string())).default([]),
        /**
         * Default []: no Service Type field. Non-empty: the full and quick forms' Order Details
         * step gets a required Service Type select of these options (spec §2 "Forms", quick service form).
         */
        serviceTypes: opt(z.array(z.string())).default([]),
        /**
         * Default false. True: the service booking form asks for street, suburb, state and
         * postcode (spec §3 "Service form fields": "address fields (street, suburb, state,
         * postcode, for one dealer)").
         */
        addressFields: opt(z.boolean()).default(false),
        /**
         * No default: absent, the service-booking thank-you page says a team member will confirm
         * within 24-48 hours. Set, this text replaces it (spec §2 "Success (thank-you) page":
         * "some dealers: 'We will contact you to confirm your service booking'").
         */
        confirmationMessage: opt(z.string()),
        /**
         * No default: absent, no free-ride note. Set (e.g. 8), the service-booking thank-you page
         * offers a free ride within this many km, except for the complimentary 3,000km or 3
         * months interval (spec §2 "Success (thank-you) page" and §9: "Free ride text: within
         * 8 km radius (one dealer)").
         */
        freeRideRadiusKm: opt(z.number().positive()),
      })
      .prefault({}),
    /** The quick service form. Absent: every default below. */
    quickService: z
      .object({
        /**
         * Default ["vehicle", "contact", "order"]: the quick service form's steps, in this order
         * (Vehicle Details with rego only, Contact Details, Order Details); a repeated step counts
         * once (spec §2 "Forms": "Contact and Vehicle for one dealer").
         */
        steps: opt(z.array(quickServiceStep).min(1)).default(['vehicle', 'contact', 'order']),
      })
      .prefault({}),
    /** The finance form and its thank-you page. Absent: every default below. */
    finance: z
      .object({
        /**
         * Default "Finance Details": the heading of the finance form's step 2 (spec §2 "Forms":
         * "step 2 Finance Details (titled 'Almost There!' for some dealers)").
         */
        step2Title: opt(z.string()).default('Finance Details'),
        /**
         * Default false. True: a finance form sent from a stock car's page (car_id present)
         * first asks POST /api/finance-locations for the provider's dealership of that car
         * (spec §7 "The calls it makes": POST /api/finance-locations, "used only when a car_id is
         * present and a flag is set").
         */
        lookupCarLocation: opt(z.boolean()).default(false),
        /**
         * No default: absent, the finance thank-you page shows only its own text. Set, the page
         * adds this text (spec §2 "Success (thank-you) page": "optional custom finance text or link").
         */
        customThankYouText: opt(z.string()),
        /**
         * No default: absent, no link. Set, the finance thank-you page adds a link to this
         * address (spec §2 "Success (thank-you) page": "optional custom finance text or link").
         */
        customThankYouLink: opt(z.string()),
      })
      .prefault({}),
  })
  .prefault({});

/** Thank-you page options (site.options.success). Absent: every default below. */
export const successOptions = z
  .object({
    /**
     * Default []: every thank-you page shows its variant's own texts. An entry matching the
     * category (and subcategory, and offer_rejected for valuations) replaces the title and
     * paragraphs (spec §2 "Success (thank-you) page": "Custom messages are admin-defined").
     */
    customMessages: opt(z.array(customMessage)).default([]),
  })
  .prefault({});
