/** The dealer's `site.json`: identity, theme, integrations and every dealer-specific option. */
import { z, opt, id } from './zod.ts';
import { optionalCssColour } from './colour.ts';

const customMessage = z.object({
  category: z.string(),
  subcategory: opt(z.string()),
  offerRejected: opt(z.boolean()),
  title: opt(z.string()),
  /** May contain `{team_member}`, replaced by the user name or 'our team'. */
  description: z.string(),
});
export type CustomMessage = z.output<typeof customMessage>;

const quickServiceStep = z.enum(['vehicle', 'contact', 'order']);

/**
 * Dealer-specific behaviour. Every option has a default, so code reads
 * `site.options.forms.termsRequired` without null checks.
 */
export const siteOptions = z
  .object({
    team: z.object({ profilePages: opt(z.boolean()).default(true) }).prefault({}),
    models: z.object({ futureVehiclesTab: opt(z.boolean()).default(false) }).prefault({}),
    offers: z
      .object({ ignoreExclusionsForManufacturers: opt(z.array(z.string())).default([]) })
      .prefault({}),
    brands: z
      .object({
        bookServiceButton: opt(z.boolean()).default(false),
        usedStockSuffixes: opt(z.array(z.string())).default(['Automotive Direct', 'Direct Used Cars']),
      })
      .prefault({}),
    forms: z
      .object({
        termsRequired: opt(z.boolean()).default(false),
        longFormCompactProgress: opt(z.boolean()).default(false),
        serviceBooking: z
          .object({
            vehicleStep: opt(z.boolean()).default(true),
            serviceIntervalRequired: opt(z.boolean()).default(false),
            serviceIntervals: opt(z.array(z.string())).default([]),
            serviceTypes: opt(z.array(z.string())).default([]),
            addressFields: opt(z.boolean()).default(false),
            confirmationMessage: opt(z.string()),
            freeRideRadiusKm: opt(z.number().positive()),
          })
          .prefault({}),
        quickService: z
          .object({
            steps: opt(z.array(quickServiceStep).min(1)).default(['vehicle', 'contact', 'order']),
          })
          .prefault({}),
        finance: z
          .object({
            step2Title: opt(z.string()).default('Finance Details'),
            lookupCarLocation: opt(z.boolean()).default(false),
            customThankYouText: opt(z.string()),
            customThankYouLink: opt(z.string()),
          })
          .prefault({}),
      })
      .prefault({}),
    success: z.object({ customMessages: opt(z.array(customMessage)).default([]) }).prefault({}),
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
  return (u.protocol === 'https:' || u.protocol === 'http:') && !!u.hostname && !u.username && !u.password
    && u.pathname === '/' && !u.search && !u.hash && !/[?#]/.test(value);
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
  options: opt(siteOptions).transform((o) => o ?? siteOptions.parse({})),
});

export type Site = z.output<typeof siteSchema>;
export type SiteInput = z.input<typeof siteSchema>;
export type SiteOptions = z.output<typeof siteOptions>;
export { id };
