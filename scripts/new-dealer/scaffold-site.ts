/**
 * The new dealer's site.json from the sample's (scaffold.ts): its own slug, name, address and
 * fresh ids, and none of the sample's tag manager container, review profiles, listing account,
 * keys, chat, legal ids, social profiles or contact details.
 */
import {
  isObject,
  isReviewProfileName,
  isSecretName,
  withoutFields,
  type Json,
  type JsonObject,
} from './scaffold-clean.ts';
import { PLACEHOLDER_EMAIL, type ScaffoldContext } from './scaffold-context.ts';

/** Removes `group.field` (and the group when it is left empty); true when it was there. */
function drop(site: JsonObject, group: string, field: string): boolean {
  const g = site[group];
  if (!isObject(g) || !(field in g)) return false;
  delete g[field];
  if (!Object.keys(g).length) delete site[group];
  return true;
}

/** The fields of a group, as "group.a, group.b". */
const fieldsOf = (v: Json | undefined, group: string) =>
  isObject(v) ? Object.keys(v).map((k) => `${group}.${k}`) : [];

export function scaffoldSite(ctx: ScaffoldContext, company: number): JsonObject {
  const { dealer, changed, todo } = ctx;
  const site = structuredClone(ctx.sample);
  site.id = ctx.id;
  site.slug = dealer.slug;
  site.name = dealer.name;
  site.url = dealer.url;
  changed.push(`site.json: id ${ctx.id} (unused by any dealer of the folder), slug, name and url`);
  if (site.country !== dealer.country) {
    site.country = dealer.country;
    delete site.state;
    changed.push(`site.json: country ${dealer.country} (state left out)`);
  }
  if ('dealershipId' in site) site.dealershipId = ctx.dealership(site.dealershipId);
  if ('dealerCompanyId' in site) site.dealerCompanyId = company;
  if ('dealershipId' in site || 'dealerCompanyId' in site)
    changed.push('site.json: fresh dealershipId and dealerCompanyId');

  site.contact = { phone: ctx.phone, email: PLACEHOLDER_EMAIL };
  changed.push(`site.json: contact set to placeholders (${ctx.phone}, ${PLACEHOLDER_EMAIL})`);
  const removed: string[] = [];
  const gone = (group: string, field: string) => drop(site, group, field) && removed.push(`${group}.${field}`);
  gone('analytics', 'gtmId');
  gone('integrations', 'googleMapsKey');
  gone('integrations', 'reviewsGmbIds');
  gone('stock', 'default_account');
  for (const group of ['legal', 'social', 'chat'] as const) {
    removed.push(...fieldsOf(site[group], group));
    delete site[group];
  }
  if (isObject(site.logo)) {
    removed.push('logo');
    delete site.logo;
  }
  // Whatever else names a secret or a review profile (a CMS adds fields over time).
  const cleaned = withoutFields(site, (k) => isSecretName(k) || isReviewProfileName(k), '', removed);
  if (removed.length) changed.push(`site.json: removed ${removed.join(', ')}`);

  todo.push(
    "site.json contact.phone and contact.email: the dealer's own (placeholders now)",
    'site.json url: the production address' + (dealer.url.endsWith('.example.com') ? ' (a placeholder now)' : ''),
    "site.json logo: the dealer's logo ({ url, width, height }); none now, so the header shows the name",
    "site.json theme: primaryColor, secondaryColor and fontFamily are the sample's",
    "site.json analytics.gtmId: the dealer's own Google Tag Manager container, if it has one",
    "site.json integrations: googleMapsKey (the dealer's key, limited to its domain), reviewsGmbIds, financeProvider",
    dealer.country === 'NZ'
      ? "site.json legal: nzbn and dealerLicence (the motor vehicle trader number, shown on NZ used cars' notices)"
      : 'site.json legal: abn and dealerLicence (e.g. "MD 12345", "LMCT 6789")',
    "site.json social: the dealer's profile URLs",
    'site.json consent.mode: "opt_in" (the default) for AU dealers',
    'site.json reservations: deposit, hold_hours and terms, or enabled false',
    'site.json chat: sms and script_url, if the dealer has them',
    'site.json stock.default_account: the listing account of its stock feed, when listing pages filter on one',
    "site.json options: the sample's behaviour (forms, thank-you messages, brands), see dealers/README.md",
  );
  return cleaned as JsonObject;
}
