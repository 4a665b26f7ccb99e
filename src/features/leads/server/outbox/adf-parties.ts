/**
 * The people of an ADF lead: the visitor (<customer>), the dealer and the location the lead is for
 * (<vendor>), and this platform (<provider>). ADF's contact needs a name and an email or a phone,
 * the email first; the builder writes empty ones only when a lead has none (spam, say).
 */
import { el, optEl, textEl, type Child, type XmlElement } from './adf-xml.ts';
import type { LeadValues } from './adf-lead.ts';
import type { LeadPayload } from './payload.ts';
import { locale } from '../../../../lib/locale.ts';

/** The platform's name as <provider>. */
export const PROVIDER_NAME = 'Dealer Sites';

const AU_STATES = /^(ACT|NSW|NT|QLD|SA|TAS|VIC|WA)$/i;

/**
 * A mobile number by its prefix: +61 4 in Australia, +64 2 in New Zealand; written without the
 * country code, 04 on an AU site and 02 on an NZ site (in NZ 04 is Wellington's area code, in AU
 * 02 is New South Wales').
 */
export function phoneType(phone: string, country: string): 'cellphone' | 'voice' {
  const digits = phone.replace(/[^\d+]/g, '').replace(/^\+/, '00');
  if (/^0061(0)?4/.test(digits) || /^614\d{8}$/.test(digits)) return 'cellphone';
  if (/^0064(0)?2/.test(digits) || /^642\d{7,9}$/.test(digits)) return 'cellphone';
  return locale(country).phone.nationalMobile.test(digits) ? 'cellphone' : 'voice';
}

export interface AddressParts {
  streets: string[];
  city?: string;
  region?: string;
  postcode?: string;
}

/**
 * One-line addresses as the content and the finance form hold them: "200 Mann Street, Gosford
 * NSW 2250" (AU: suburb, state, postcode last) or "399 Moorhouse Avenue, Sydenham, Christchurch
 * 8011" (NZ: city and postcode last). Parts before the last are street lines.
 */
export function splitAddress(text: string): AddressParts {
  const parts = text
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.length < 2) return { streets: parts };
  const last = parts.pop()!;
  const au = /^(.*?)\s*\b([A-Za-z]{2,3})\s+(\d{4})$/.exec(last);
  if (au && AU_STATES.test(au[2]!))
    return { streets: parts, city: au[1] || undefined, region: au[2]!.toUpperCase(), postcode: au[3] };
  const nz = /^(.*?)\s+(\d{4})$/.exec(last);
  if (nz) return { streets: parts, city: nz[1], postcode: nz[2] };
  return { streets: parts, city: last };
}

function addressElement(a: AddressParts, country: string, type?: 'work' | 'home'): XmlElement | undefined {
  if (!a.streets.length && !a.city && !a.postcode) return undefined;
  const streets = a.streets.length ? a.streets : [''];
  return el(
    'address',
    { type },
    ...streets.map((s, i) => textEl('street', s, { line: String(i + 1) })),
    optEl('city', a.city),
    optEl('regioncode', a.region),
    optEl('postalcode', a.postcode),
    textEl('country', country),
  );
}

/** The visitor's address: the service form's fields, else the finance form's one line. */
function customerAddress(r: LeadValues, country: string): XmlElement | undefined {
  const street = r.peek('street');
  const city = r.peek('suburb');
  if (street || city) {
    return addressElement(
      {
        streets: [r.take('street') ?? ''],
        city: r.take('suburb'),
        region: r.take('state'),
        postcode: r.take('postcode'),
      },
      country,
    );
  }
  const line = r.take('currentAddress', 'Your Current Address');
  return line ? addressElement(splitAddress(line), country, 'home') : undefined;
}

function nameElements(r: LeadValues): XmlElement[] {
  const parts = [
    ['first', r.take('first_name')],
    ['middle', r.take('middle_name')],
    ['last', r.take('last_name')],
  ] as const;
  const named = parts.filter(([, v]) => v).map(([part, v]) => textEl('name', v, { part }));
  if (named.length) {
    // A full name given as well is kept in the comments only if it says something else.
    const full = r.peek('name');
    if (
      full &&
      full.text ===
        parts
          .map(([, v]) => v)
          .filter(Boolean)
          .join(' ')
    )
      r.place('name');
    return named;
  }
  return [textEl('name', r.take('name'), { part: 'full' })];
}

export function customerContact(r: LeadValues, country: string): XmlElement {
  const email = r.take('email');
  const phone = r.take('phone');
  return el(
    'contact',
    {},
    ...nameElements(r),
    // The DTD needs an email or a phone: an empty email says the lead gave neither.
    email !== undefined || phone === undefined ? textEl('email', email) : undefined,
    phone !== undefined ? textEl('phone', phone, { type: phoneType(phone, country) }) : undefined,
    customerAddress(r, country),
  );
}

/**
 * The dealer's ids in the dealer's own systems (spec lead values), as the lead route stores them:
 * the site's and its dealerships', whatever a request said (src/features/leads/server/server-values.ts).
 */
const DEALER_IDS = ['dealership_id', 'dealershipId', 'dealerCompanyId'];

/**
 * The dealer (vendorname) and the location the lead is for, or the dealer itself, as contact.
 * The dealer lead values the form adds go here too, so the comments keep the visitor's words.
 */
export function vendorElement(lead: LeadPayload, r: LeadValues): XmlElement {
  const site = lead.site;
  const ids = DEALER_IDS.map((name) => [name, r.take(name)] as const).filter(([, v]) => v !== undefined);
  if (r.peek('dealership_name')?.text === site.name) r.place('dealership_name');
  // An instruction to this platform (email the visitor a copy), not something the visitor said.
  r.place('send_customer_email');
  const location = lead.location;
  const phone = location?.phone ?? site.phone;
  const address: Child = location?.address
    ? addressElement(splitAddress(location.address), site.country, 'work')
    : undefined;
  return el(
    'vendor',
    {},
    textEl('id', String(site.id), { source: 'website' }),
    location && textEl('id', location.id, { source: 'location' }),
    ...ids.map(([source, value]) => textEl('id', value, { source })),
    textEl('vendorname', site.name),
    optEl('url', site.url),
    el(
      'contact',
      {},
      textEl('name', location?.name ?? site.name, { part: 'full', type: 'business' }),
      site.email || !phone ? textEl('email', site.email) : undefined,
      phone ? textEl('phone', phone, { type: 'voice' }) : undefined,
      address,
    ),
  );
}

/** This platform as the provider; its service is the lead's type (the form's category). */
export function providerElement(lead: LeadPayload, leadType: string): XmlElement {
  return el(
    'provider',
    {},
    textEl('name', PROVIDER_NAME, { part: 'full', type: 'business' }),
    textEl('service', leadType),
    optEl('url', lead.site.url),
  );
}
