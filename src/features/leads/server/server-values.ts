/**
 * The lead values the server owns. A save's values are the visitor's answers plus the lead values
 * of spec §3 that the form island adds from the site, the page and the form (leadValues in
 * src/forms/island/values.ts). The server knows each of these itself, so it never takes them from
 * the request: what the visitor sent under one of these keys is replaced by the server's value, or
 * dropped when the server has none. Where the value is the visitor's own choice in a field of the
 * form, the choice must be one the form offers, else the save is refused (400, `fields` naming the
 * field). For a genuine save the result is exactly what the island sent.
 *
 *   category         the form's category (FormDef.category), or the visitor's choice in its lead
 *                    category select, which must be one of that field's options
 *   subcategory      the form's subcategory; none when the form has none
 *   page_id          the id of the page the form was found on (the save's form.pageId)
 *   PageTitle        that page's title: the snapshot page's, or the generated car, model or team page's
 *   dealership_name  the site's name
 *   dealershipId     the site's dealershipId; none when the site has none
 *   dealerCompanyId  the site's dealerCompanyId; none when the site has none
 *   location_id      the visitor's choice in the form's location_id field: one of the field's options
 *                    when it lists them, else one of the dealer's locations; none on a form without
 *                    that field. An id that is none of the dealer's locations is refused on any form.
 *   dealership_id    the dealership of the chosen location, else the dealer's only dealership, else
 *                    the site's dealershipId (dealerLeadValues in src/forms/island/values.ts)
 *   dealership_slug  the visitor's choice in the form's dealership_slug field (one of its options, or
 *                    of the dealer's dealerships), else the chosen location's dealership, else the
 *                    dealer's only dealership; none otherwise
 *   user             on a form with a hidden user field (an enquiry to one team member): the member's
 *                    name the form carries, which the team profile page's form (team-<slug>, see
 *                    src/domain/pages.ts) takes from the page; a form that carries no name keeps only
 *                    the exact name of one of the dealer's team members
 *
 * Any other lead category select or location select of the form must hold one of its options too,
 * on every save (a partial save's schemas check its own step only). The dealer facts come from
 * src/forms/lead-dealer.ts, as the build gives them to the island.
 */
import type { DealerContent } from '../../../content/load.ts';
import type { LeadValue } from '../contract/leads.ts';
import type { FieldDef } from '../../../forms/definition.ts';
import {
  dealerLeadValues,
  leadCategory,
  type DealerLeadFields,
  type LocationFacts,
} from '../../../forms/island/values.ts';
import { dealerLeadFields, locationFacts } from '../../../forms/lead-dealer.ts';
import { messages } from '../../../forms/messages.ts';
import { trimmedOrNumber } from '../../../lib/text.ts';
import type { FoundForm } from './validate.ts';

/** The keys whose values the server sets (see the table above). */
export const SERVER_OWNED = [
  'category',
  'subcategory',
  'page_id',
  'PageTitle',
  'dealership_name',
  'dealershipId',
  'dealerCompanyId',
  'location_id',
  'dealership_id',
  'dealership_slug',
] as const;

export interface OwnedValues {
  /** The values to store: the visitor's answers with the server's lead values. */
  values: Record<string, LeadValue>;
  /** The lead's category, subcategory and page title; undefined when the form is unknown (spam). */
  category?: string;
  subcategory?: string;
  pageTitle?: string;
  /** Field name → message, for a choice the form does not offer; empty when there is none. */
  fields: Record<string, string>;
}

interface DealerFacts {
  dealer: DealerLeadFields;
  locations: LocationFacts[];
  locationIds: Set<string>;
  dealershipSlugs: Set<string>;
  teamNames: Set<string>;
}

/** Content does not change while the API runs: each dealer's facts are read once. */
const factsOf = new WeakMap<DealerContent, DealerFacts>();

function dealerFacts(dealer: DealerContent): DealerFacts {
  let facts = factsOf.get(dealer);
  if (!facts) {
    const locations = locationFacts(dealer);
    facts = {
      dealer: dealerLeadFields(dealer),
      locations,
      locationIds: new Set(locations.map((l) => l.id)),
      dealershipSlugs: new Set(locations.map((l) => l.dealership_slug).filter((s) => s !== undefined)),
      teamNames: new Set(dealer.team.map((m) => m.name)),
    };
    factsOf.set(dealer, facts);
  }
  return facts;
}

/** The first field of this name on any step. */
function fieldNamed(fields: FieldDef[], name: string): FieldDef | undefined {
  return fields.find((f) => f.name === name);
}

/** Nothing chosen: absent, null or empty text. */
function blank(v: unknown): boolean {
  return v === undefined || v === null || (typeof v === 'string' && !v.trim());
}

function offers(field: FieldDef, value: string): boolean {
  return !field.options?.length || field.options.some((o) => o.value === value);
}

/**
 * The values to store for a save of `found` (undefined for a spam save naming no form of the
 * site) on page `pageId`, and the choices the form does not offer.
 */
export function ownedValues(
  dealer: DealerContent,
  found: FoundForm | undefined,
  pageId: string,
  sent: Record<string, LeadValue>,
): OwnedValues {
  const facts = dealerFacts(dealer);
  const fields = found ? found.def.steps.flatMap((s) => s.fields) : [];
  const problems: Record<string, string> = {};

  // Choices of the form's own selects: one of the options it lists.
  for (const f of fields) {
    if (f.type !== 'leadCategorySelect' && f.type !== 'locationSelect') continue;
    const chosen = trimmedOrNumber(sent[f.name]);
    if (chosen !== undefined && !offers(f, chosen) && !(f.name in problems))
      problems[f.name] = f.type === 'locationSelect' ? messages.location : messages.chooseListed;
  }

  const values: Record<string, LeadValue> = { ...sent };
  const locationField = fieldNamed(fields, 'location_id');
  const location = trimmedOrNumber(sent.location_id);
  if (!blank(sent.location_id)) {
    if (
      location === undefined ||
      !facts.locationIds.has(location) ||
      (locationField && !offers(locationField, location))
    )
      problems.location_id = messages.location;
  }
  const slugField = fieldNamed(fields, 'dealership_slug');
  const slug = trimmedOrNumber(sent.dealership_slug);
  if (slugField && !blank(sent.dealership_slug)) {
    const known =
      slug !== undefined && (slugField.options?.length ? offers(slugField, slug) : facts.dealershipSlugs.has(slug));
    if (!known) problems.dealership_slug = messages.location;
  }

  // A refused choice is not kept (a spam save, which is stored all the same).
  for (const name of Object.keys(problems)) values[name] = '';
  for (const key of SERVER_OWNED) {
    const chosenInField = (key === 'location_id' && locationField) || (key === 'dealership_slug' && slugField);
    if (!chosenInField) delete values[key];
  }
  Object.assign(
    values,
    dealerLeadValues(values, { def: found?.def, dealer: facts.dealer, locations: facts.locations }),
  );
  values.page_id = pageId;

  const userField = fieldNamed(fields, 'user');
  if (userField?.type === 'hidden') {
    const carried = trimmedOrNumber(userField.defaultValue);
    const named = trimmedOrNumber(sent.user);
    if (carried !== undefined) values.user = carried;
    else if (Object.hasOwn(sent, 'user')) values.user = named !== undefined && facts.teamNames.has(named) ? named : '';
  }

  if (!found) return { values, fields: problems };
  const { def, page } = found;
  // Read from what was sent, refused choices aside: a lead category select may be named category.
  const category = leadCategory(def, { ...sent, ...Object.fromEntries(Object.keys(problems).map((k) => [k, ''])) });
  values.category = category;
  if (def.subcategory) values.subcategory = def.subcategory;
  values.PageTitle = page.title;
  return {
    values,
    category,
    ...(def.subcategory ? { subcategory: def.subcategory } : {}),
    pageTitle: page.title,
    fields: problems,
  };
}
