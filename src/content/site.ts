/** The dealer's `site.json`: identity, theme, integrations and every dealer-specific option. */
import { z, opt, id } from './zod.ts';
import { optionalCssColour } from './colour.ts';
import { formOptions, successOptions } from './site-form-options.ts';
import { siteNavigation } from './site-navigation.ts';
import { marketPriceSettings, onlineDealSettings, tradeInSettings } from './site-shopper.ts';

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
    /** Form options. Absent: every default of formOptions (site-form-options.ts). */
    forms: formOptions,
    /** Thank-you page options. Absent: every default of successOptions (site-form-options.ts). */
    success: successOptions,
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
  /**
   * (1.3) The editor's menus (site-navigation.ts): `header` and `footer`, each a list of links with
   * at most one level of children. Either absent: that menu is derived from the pages as before.
   */
  navigation: opt(siteNavigation),
  /** (1.3 extension, site-shopper.ts) The market-price indicator on car cards and pages. */
  market_price: opt(marketPriceSettings),
  /** (1.3 extension, site-shopper.ts) A conditional trade-in offer from the online valuation. */
  trade_in: opt(tradeInSettings),
  /** (1.3 extension, site-shopper.ts) One online deal from a car page. */
  online_deal: opt(onlineDealSettings),
});

export type Site = z.output<typeof siteSchema>;
export type SiteInput = z.input<typeof siteSchema>;
export type SiteOptions = z.output<typeof siteOptions>;
export { id };
