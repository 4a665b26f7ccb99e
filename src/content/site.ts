/** The dealer's `site.json`: identity, theme, integrations and every dealer-specific option. */
import { z, opt, id } from './zod.ts';
import { optionalCssColour } from './colour.ts';

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

/**
 * Dealer-specific behaviour. Every option has a default, so code reads
 * `site.options.forms.termsRequired` without null checks. Every option is listed, with its default,
 * in the options table of dealers/README.md (tests/unit/project/site-options-doc.test.ts keeps the two in step).
 */
export const siteOptions = z
  .object({
    /** Staff options. Absent: every default below. */
    team: z
      .object({
        /**
         * Default true: each staff member gets a profile page at /team/{slug} and the team cards
         * link to it (a member with remove_profile_page still gets none). False: no profile pages
         * and no links (spec §2 "Routes": "/team/{slug} ... It is omitted for some sites").
         */
        profilePages: opt(z.boolean()).default(true),
      })
      .prefault({}),
    /** Model range options. Absent: every default below. */
    models: z
      .object({
        /**
         * Default false. True: the model range screen (brandModels block) adds a 'Future Vehicles'
         * tab holding the models whose status is coming_soon (spec §2 "Model range screen").
         */
        futureVehiclesTab: opt(z.boolean()).default(false),
      })
      .prefault({}),
    /** Offers options. Absent: every default below. */
    offers: z
      .object({
        /**
         * Default []: every offer whose excluded_website_ids lists this site is hidden. Offers of a
         * manufacturer named here (compared without case) are shown even so (spec §2 "Offers":
         * "hidden on sites listed in excluded_website_ids, with an exceptions list for one manufacturer").
         */
        ignoreExclusionsForManufacturers: opt(z.array(z.string())).default([]),
      })
      .prefault({}),
    /** Brand modal options (websiteBrands block). Absent: every default below. */
    brands: z
      .object({
        /**
         * Default false. True: on a page whose path contains why-service-with-us, each website in
         * the brand modal also gets a 'Book Your Service' button to its /service page (spec §2
         * "Brands": "'Book Your Service' on one site's why-service-with-us page").
         */
        bookServiceButton: opt(z.boolean()).default(false),
        /**
         * Default ["Automotive Direct", "Direct Used Cars"]: a website whose name ends in one of
         * these (compared without case) gets a 'Visit Used Stock' button to its /used-cars page. A
         * list given here replaces the defaults (spec §2 "Brands": "for names ending in Automotive
         * Direct or Direct Used Cars").
         */
        usedStockSuffixes: opt(z.array(z.string())).default(['Automotive Direct', 'Direct Used Cars']),
      })
      .prefault({}),
    /** Form options. Absent: every default below. */
    forms: z
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
      .prefault({}),
    /** Thank-you page options. Absent: every default below. */
    success: z
      .object({
        /**
         * Default []: every thank-you page shows its variant's own texts. An entry matching the
         * category (and subcategory, and offer_rejected for valuations) replaces the title and
         * paragraphs (spec §2 "Success (thank-you) page": "Custom messages are admin-defined").
         */
        customMessages: opt(z.array(customMessage)).default([]),
      })
      .prefault({}),
  })
  .prefault({});

/**
 * True for an http(s) origin, with or without a trailing slash: pages, the sitemap and the API
 * join paths onto it and match request hosts against it, so a path, query, fragment or login in
 * it would end up in every absolute URL.
 */
export function isSiteOrigin(value: string): boolean {
  if (value !== value.trim() || !URL.canParse(value)) return false;
  const u = new URL(value);
  return (
    (u.protocol === 'https:' || u.protocol === 'http:') &&
    !!u.hostname &&
    !u.username &&
    !u.password &&
    u.pathname === '/' &&
    !u.search &&
    !u.hash &&
    !/[?#]/.test(value)
  );
}

const siteOrigin = z.string().superRefine((value, ctx) => {
  if (isSiteOrigin(value)) return;
  const shown = JSON.stringify(value.length > 60 ? `${value.slice(0, 57)}...` : value);
  ctx.addIssue({
    code: 'custom',
    message: `expected the site's address as an absolute http(s) URL with no path, such as "https://www.example.com.au", got ${shown}`,
  });
});

/** An absolute http(s) URL: a profile link is followed off the site, so a relative one would 404. */
const socialUrl = z.string().refine((v) => /^https?:\/\/[^\s/]+/i.test(v), {
  message: 'expected an absolute http(s) URL, such as "https://www.facebook.com/yourdealer"',
});

/** A CDN template must say where the image and the width go, or every image would break. */
const imageTransform = z.string().refine((v) => v.includes('{url}') && v.includes('{width}'), {
  message: 'expected a URL template holding both {url} and {width}, such as "https://images.example.net/{width}/{url}"',
});

export const siteSchema = z.object({
  /** Website id: matched by offers' excluded_website_ids, reviews and locations' website_id. */
  id: z.number(),
  slug: z.string().regex(/^[a-z0-9-]+$/, 'expected lowercase letters, digits and hyphens only'),
  name: z.string().min(1),
  /** Production origin, e.g. "https://www.harbourcitytoyota.com.au". */
  url: siteOrigin,
  country: z.enum(['AU', 'NZ']),
  state: opt(z.string()),
  manufacturer: opt(z.string()),
  dealershipId: opt(z.number()),
  dealerCompanyId: opt(z.number()),
  logo: opt(z.object({ url: z.string(), width: opt(z.number()), height: opt(z.number()) })),
  theme: opt(
    z.object({
      primaryColor: optionalCssColour,
      secondaryColor: optionalCssColour,
      fontFamily: opt(z.string()),
    }),
  ),
  contact: opt(z.object({ phone: opt(z.string()), email: opt(z.string()) })),
  analytics: opt(z.object({ gtmId: opt(z.string()), manufacturerDataLayer: opt(z.boolean()) })),
  integrations: opt(
    z.object({
      financeProvider: opt(z.string()),
      googleMapsKey: opt(z.string()),
      reviewsGmbIds: opt(z.array(z.string())),
    }),
  ),
  /** (1.1) Shown in the footer: ABN (AU) or NZBN (NZ), and the dealer licence, e.g. "MD 12345". */
  legal: opt(z.object({ abn: opt(z.string()), nzbn: opt(z.string()), dealerLicence: opt(z.string()) })),
  /** (1.1) Profile URLs, shown in the footer and given to search engines as the dealer's sameAs. */
  social: opt(
    z.object({
      facebook: opt(socialUrl),
      instagram: opt(socialUrl),
      youtube: opt(socialUrl),
      linkedin: opt(socialUrl),
      tiktok: opt(socialUrl),
    }),
  ),
  /** (1.1) An image CDN: `transform` is a URL template with {url} and {width}; absent, images are used as given. */
  images: opt(z.object({ transform: opt(imageTransform) })),
  /**
   * (1.2) Reserve a stock car online with a deposit: "Reserve for $X" on car pages, a hosted
   * checkout for the deposit, and a hold of `hold_hours` once paid.
   */
  reservations: opt(
    z.object({
      /** Required. False: nothing of reservations shows. */
      enabled: z.boolean(),
      /** Required. Whole dollars in the site's currency, e.g. 500. */
      deposit: z
        .number()
        .int({ error: 'reservations.deposit must be whole dollars, e.g. 500.' })
        .min(1, { error: 'reservations.deposit must be at least 1 dollar.' })
        .max(100_000, { error: 'reservations.deposit must be at most 100,000 dollars.' }),
      /** How long a paid reservation holds the car, in hours; default 48. */
      hold_hours: opt(
        z
          .number()
          .int({ error: 'reservations.hold_hours must be whole hours, e.g. 48.' })
          .min(1, { error: 'reservations.hold_hours must be at least 1.' })
          .max(24 * 30, { error: 'reservations.hold_hours must be at most 720 (30 days).' }),
      ),
      /** HTML: the refund and hold terms shown before payment (sanitised as rich text). */
      terms: opt(z.string()),
    }),
  ),
  options: opt(siteOptions).transform((o) => o ?? siteOptions.parse({})),
  /**
   * (1.2) Consent before tags: "opt_in" (the default) loads no analytics, marketing or chat script
   * until the visitor agrees; "notice" loads them at once and says so, with a way to opt out.
   */
  consent: opt(z.object({ mode: opt(z.enum(['opt_in', 'notice'])) })),
  /**
   * (1.2) Talking to the dealer: `sms`, a number for click-to-SMS on car pages; `script_url`, a chat
   * vendor's script (https, or a path on the dealer's own site), loaded only after consent and first use.
   */
  /**
   * (1.3) Live stock: `default_account`, the listing account (the `account` cars blocks filter on)
   * of a fed car whose feed row names none.
   */
  stock: opt(z.object({ default_account: opt(z.string().trim().min(1)) })),
  chat: opt(
    z.object({
      sms: opt(z.string()),
      script_url: opt(
        z
          .string()
          .trim()
          .refine((v) => /^https:\/\/[^/\\\s]+\S*$/i.test(v) || /^\/(?![/\\])\S+$/.test(v), {
            message: 'expected an https:// address or a path on the site such as "/chat/widget.js"',
          }),
      ),
    }),
  ),
});

export type Site = z.output<typeof siteSchema>;
export type SiteInput = z.input<typeof siteSchema>;
export type SiteOptions = z.output<typeof siteOptions>;
export { id };
