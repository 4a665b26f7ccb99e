/**
 * What differs between an Australian and a New Zealand dealer's site, in one table: currency,
 * language tag, legal wording, phone and postcode rules, region names, time zones and the form
 * wording that changes with the country. Code asks `locale(site.country).…` instead of testing the
 * country itself, so a difference is written once, here.
 *
 * The bottom layer: it imports nothing, and the pages, forms, blocks and API all read it.
 */

/** The countries a dealer can be in (site.json's `country`). */
export type Country = 'AU' | 'NZ';

export const COUNTRIES: readonly Country[] = ['AU', 'NZ'];

/** True for a country this product serves. */
export function isCountry(value: unknown): value is Country {
  return (COUNTRIES as readonly unknown[]).includes(value);
}

export interface Locale {
  country: Country;
  /** The country's name as texts use it: "Australia", "New Zealand". */
  name: string;
  /** The pages' `lang`: en-AU or en-NZ. */
  language: 'en-AU' | 'en-NZ';
  currency: {
    /** ISO 4217: the currency of the dealer's prices, feeds, structured data and valuations. */
    code: 'AUD' | 'NZD';
    /** Both write their dollars "$". */
    symbol: '$';
    /** As the default terms of use name it: "Prices shown are in Australian dollars". */
    name: string;
  };
  legal: {
    /** Whose laws the default terms of use are governed by; an Australian state is named first when known. */
    governingLaw: (state: string | undefined) => string;
    /** The privacy law the default privacy policy cites. */
    privacyAct: string;
    /**
     * Australian credit law: an advertised rate shows its comparison rate and the comparison-rate
     * warning beside it (the car page's finance example). New Zealand has no such rule.
     */
    comparisonRate: boolean;
    /**
     * New Zealand's Consumer Information Standards (Used Motor Vehicles) Regulations 2008: a
     * motor vehicle trader shows a Consumer Information Notice with every used vehicle offered for
     * sale, online too. Australia has no national equivalent.
     */
    usedVehicleNotice: boolean;
  };
  /** The time zone of the whole country, or undefined where it goes by state (regionZones). */
  timeZone: string | undefined;
  /** A region's time zone, by its code (Australian states). Empty where timeZone covers all. */
  regionZones: Readonly<Record<string, string>>;
  phone: {
    /** The country calling code, as E.164 numbers start. */
    callingCode: '+61' | '+64';
    /** A mobile number in national form, as the mobile-number error message shows it. */
    mobileExample: string;
    /**
     * A mobile written in national form with no country code (digits only): 04 and 8 digits in
     * Australia; 02 in New Zealand (where 04 is Wellington's area code).
     */
    nationalMobile: RegExp;
  };
  postcode: {
    /** Both countries' postcodes are four digits. */
    pattern: RegExp;
    /** The shipped postcode and suburb dataset (public/data/). */
    dataset: string;
    /**
     * The countries a site's offline place search looks in, in the order ties are broken: its own
     * first (New Zealand sites can also find Australian places; Australian sites search their own
     * dataset only, but rank their own country first should both be given).
     */
    searchOrder: readonly Country[];
    /** Whether the site searches the other country's dataset as well as its own. */
    searchesAbroad: boolean;
  };
  address: {
    /** The first-level divisions an address may name: Australian state codes, New Zealand regions. */
    regions: readonly string[];
    /** Whether the forms offer `regions` as a choice (a select of states) or ask for free text. */
    regionChoice: boolean;
    /** The address form's label for the region field: "State" or "Region". */
    regionLabel: string;
    /** The address form's label for the suburb field. */
    suburbLabel: string;
    /**
     * How a place is written after its suburb: "Gosford NSW 2250" (AU) or
     * "Riccarton, Christchurch 8041" (NZ, where `state` holds the city or region).
     */
    placeLabel: (place: { locality: string; state: string; postcode: string }) => string;
    /**
     * New Zealand: a city alone before the postcode (Auckland, Wellington, Nelson) shares its
     * region's name, and is also the locality.
     */
    cityNamesRegion: boolean;
    /** Whether the site's `state` follows the dealer's suburbs in generated page descriptions ("Gosford, NSW"). */
    stateInDescriptions: boolean;
  };
  vehicle: {
    /**
     * Whether a vehicle is registered by state: the forms offer a Vehicle State select and the
     * valuation route reads a plate's state from the site's. New Zealand has one national register.
     */
    registeredByState: boolean;
  };
  forms: {
    /** The finance calculator takes a typed amount beside its slider. */
    typedFinanceAmount: boolean;
    /** The trade-in form's wording and contact fields (spec §2, §3). */
    tradeIn: {
      /** First and last name, both required, with Email and Phone; else the usual contact fields. */
      splitName: boolean;
      kmsLabel: string;
      commentsLabel: string;
    };
  };
}

const AU: Locale = {
  country: 'AU',
  name: 'Australia',
  language: 'en-AU',
  currency: { code: 'AUD', symbol: '$', name: 'Australian dollars' },
  legal: {
    governingLaw: (state) => (state ? `${state}, Australia` : 'Australia'),
    privacyAct: 'the Privacy Act 1988 (Cth) and the Australian Privacy Principles',
    comparisonRate: true,
    usedVehicleNotice: false,
  },
  timeZone: undefined,
  regionZones: {
    ACT: 'Australia/Sydney',
    NSW: 'Australia/Sydney',
    VIC: 'Australia/Melbourne',
    QLD: 'Australia/Brisbane',
    SA: 'Australia/Adelaide',
    WA: 'Australia/Perth',
    TAS: 'Australia/Hobart',
    NT: 'Australia/Darwin',
  },
  phone: { callingCode: '+61', mobileExample: '0412 345 678', nationalMobile: /^04\d{8}$/ },
  postcode: {
    pattern: /^\d{4}$/,
    dataset: '/data/postcodes-au.json',
    searchOrder: ['AU', 'NZ'],
    searchesAbroad: false,
  },
  address: {
    regions: ['ACT', 'NSW', 'NT', 'QLD', 'SA', 'TAS', 'VIC', 'WA'],
    regionChoice: true,
    regionLabel: 'State',
    suburbLabel: 'Suburb',
    placeLabel: (p) => `${p.locality} ${p.state} ${p.postcode}`,
    cityNamesRegion: false,
    stateInDescriptions: true,
  },
  vehicle: { registeredByState: true },
  forms: {
    typedFinanceAmount: false,
    tradeIn: { splitName: false, kmsLabel: 'Kms', commentsLabel: 'Comments' },
  },
};

const NZ: Locale = {
  country: 'NZ',
  name: 'New Zealand',
  language: 'en-NZ',
  currency: { code: 'NZD', symbol: '$', name: 'New Zealand dollars' },
  legal: {
    governingLaw: () => 'New Zealand',
    privacyAct: 'the Privacy Act 2020 (NZ)',
    comparisonRate: false,
    usedVehicleNotice: true,
  },
  timeZone: 'Pacific/Auckland',
  regionZones: {},
  phone: { callingCode: '+64', mobileExample: '021 123 4567', nationalMobile: /^02\d/ },
  postcode: { pattern: /^\d{4}$/, dataset: '/data/postcodes-nz.json', searchOrder: ['NZ', 'AU'], searchesAbroad: true },
  address: {
    // New Zealand addresses rarely name their region, but one that does must not be read as the town.
    regions: [
      'Northland',
      'Auckland',
      'Waikato',
      'Bay of Plenty',
      'Gisborne',
      "Hawke's Bay",
      'Taranaki',
      'Manawatu-Whanganui',
      'Wellington',
      'Tasman',
      'Nelson',
      'Marlborough',
      'West Coast',
      'Canterbury',
      'Otago',
      'Southland',
    ],
    regionChoice: false,
    regionLabel: 'Region',
    suburbLabel: 'Suburb / Town',
    placeLabel: (p) => `${p.locality}, ${p.state} ${p.postcode}`,
    cityNamesRegion: true,
    stateInDescriptions: false,
  },
  vehicle: { registeredByState: false },
  forms: {
    typedFinanceAmount: true,
    tradeIn: { splitName: true, kmsLabel: 'Vehicle Kilometers', commentsLabel: 'Additional Comments' },
  },
};

export const LOCALES: Readonly<Record<Country, Locale>> = { AU, NZ };

/**
 * The locale of a country. Anything but "NZ" reads as Australia, the product's home market (a
 * lead or dataset file from elsewhere that names no country, say).
 */
export function locale(country: string | undefined): Locale {
  return isCountry(country) ? LOCALES[country] : AU;
}
