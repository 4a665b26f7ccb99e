/**
 * The table behind the local valuation model's new prices (valuation-prices.ts): each segment's
 * price for a mainstream make, and each make's tier, models and usual segment. The sample
 * dealers' new-model from-prices and stock prices were the yardstick; the figures are for an
 * estimate, not a price guide.
 */

export type Segment =
  | 'light'
  | 'small'
  | 'medium'
  | 'large'
  | 'smallSuv'
  | 'mediumSuv'
  | 'largeSuv'
  | 'offroad'
  | 'ute'
  | 'people'
  | 'van'
  | 'sports';

/** AUD, new, a typical mainstream-make variant of the segment. */
export const SEGMENT_PRICE: Record<Segment, number> = {
  light: 24_000,
  small: 33_000,
  medium: 42_000,
  large: 52_000,
  smallSuv: 34_000,
  mediumSuv: 45_000,
  largeSuv: 60_000,
  offroad: 85_000,
  ute: 56_000,
  people: 55_000,
  van: 52_000,
  sports: 55_000,
};

export interface MakeEntry {
  /** The make as the valuation names it. */
  name: string;
  /** Multiplies segment prices: 1 for mainstream makes, above for premium ones, below for value ones. */
  tier: number;
  /** Models by their letters and digits in lower case ("cx5" for CX-5); a number is the model's own price. */
  models: Record<string, Segment | number>;
  /** The segment of a model the table does not list. */
  usual: Segment;
  /** Other spellings of the make, as letters and digits in lower case. */
  aliases?: string[];
}

export const MAKES: MakeEntry[] = [
  {
    name: 'Toyota',
    tier: 1,
    usual: 'mediumSuv',
    models: {
      yaris: 'light',
      yariscross: 'smallSuv',
      aqua: 'light',
      prius: 'small',
      corolla: 'small',
      corollacross: 'mediumSuv',
      camry: 'medium',
      chr: 'smallSuv',
      rav4: 'mediumSuv',
      kluger: 'largeSuv',
      fortuner: 'largeSuv',
      prado: 'offroad',
      landcruiserprado: 'offroad',
      landcruiser70: 'offroad',
      landcruiser: 110_000,
      hilux: 'ute',
      hiace: 'van',
      granvia: 'people',
      '86': 'sports',
      gr86: 'sports',
      supra: 90_000,
    },
  },
  {
    name: 'Mazda',
    tier: 1,
    usual: 'mediumSuv',
    models: {
      mazda2: 'light',
      '2': 'light',
      demio: 'light',
      mazda3: 'small',
      '3': 'small',
      axela: 'small',
      mazda6: 'medium',
      '6': 'medium',
      atenza: 'medium',
      cx3: 'smallSuv',
      cx30: 'smallSuv',
      cx5: 'mediumSuv',
      cx8: 'largeSuv',
      cx9: 'largeSuv',
      cx60: 65_000,
      cx70: 75_000,
      cx90: 80_000,
      mx30: 'smallSuv',
      bt50: 'ute',
      mx5: 'sports',
    },
  },
  {
    name: 'Hyundai',
    tier: 1,
    usual: 'mediumSuv',
    models: {
      i20: 'light',
      i30: 'small',
      elantra: 'small',
      sonata: 'medium',
      venue: 'smallSuv',
      kona: 'smallSuv',
      tucson: 'mediumSuv',
      santafe: 'largeSuv',
      palisade: 'largeSuv',
      staria: 'people',
      iload: 'van',
      ioniq5: 70_000,
    },
  },
  {
    name: 'Kia',
    tier: 1,
    usual: 'mediumSuv',
    models: {
      picanto: 'light',
      rio: 'light',
      cerato: 'small',
      k4: 'small',
      stonic: 'smallSuv',
      seltos: 'smallSuv',
      niro: 'smallSuv',
      sportage: 'mediumSuv',
      sorento: 'largeSuv',
      carnival: 'people',
      ev5: 60_000,
      ev6: 70_000,
    },
  },
  {
    name: 'Mitsubishi',
    tier: 0.95,
    usual: 'mediumSuv',
    models: {
      mirage: 'light',
      asx: 'smallSuv',
      eclipsecross: 'smallSuv',
      outlander: 'mediumSuv',
      pajerosport: 'largeSuv',
      pajero: 'largeSuv',
      triton: 'ute',
      express: 'van',
    },
  },
  {
    name: 'Nissan',
    tier: 1,
    usual: 'mediumSuv',
    models: {
      micra: 'light',
      note: 'light',
      pulsar: 'small',
      leaf: 50_000,
      juke: 'smallSuv',
      qashqai: 'mediumSuv',
      xtrail: 'mediumSuv',
      pathfinder: 'largeSuv',
      patrol: 'offroad',
      navara: 'ute',
    },
  },
  {
    name: 'Honda',
    tier: 1,
    usual: 'smallSuv',
    models: {
      jazz: 'light',
      fit: 'light',
      city: 'light',
      civic: 'small',
      accord: 'medium',
      hrv: 'smallSuv',
      zrv: 'smallSuv',
      crv: 'mediumSuv',
      odyssey: 'people',
    },
  },
  {
    name: 'Subaru',
    tier: 1,
    usual: 'mediumSuv',
    models: {
      impreza: 'small',
      xv: 'smallSuv',
      crosstrek: 'smallSuv',
      forester: 'mediumSuv',
      outback: 'mediumSuv',
      liberty: 'medium',
      levorg: 'medium',
      wrx: 'sports',
      brz: 'sports',
    },
  },
  {
    name: 'Ford',
    tier: 1,
    usual: 'ute',
    models: {
      fiesta: 'light',
      focus: 'small',
      mondeo: 'medium',
      falcon: 'large',
      territory: 'largeSuv',
      puma: 'smallSuv',
      escape: 'mediumSuv',
      kuga: 'mediumSuv',
      everest: 70_000,
      ranger: 'ute',
      mustang: 'sports',
      transit: 'van',
    },
  },
  {
    name: 'Holden',
    tier: 1,
    usual: 'large',
    models: {
      barina: 'light',
      spark: 'light',
      cruze: 'small',
      astra: 'small',
      commodore: 'large',
      trax: 'smallSuv',
      equinox: 'mediumSuv',
      captiva: 'mediumSuv',
      acadia: 'largeSuv',
      trailblazer: 'largeSuv',
      colorado: 'ute',
    },
  },
  {
    name: 'Volkswagen',
    tier: 1.15,
    usual: 'mediumSuv',
    aliases: ['vw'],
    models: {
      polo: 'light',
      golf: 'small',
      passat: 'medium',
      tcross: 'smallSuv',
      troc: 'smallSuv',
      tiguan: 'mediumSuv',
      touareg: 100_000,
      amarok: 'ute',
      transporter: 'van',
      caddy: 'van',
      multivan: 'people',
    },
  },
  {
    name: 'Suzuki',
    tier: 0.9,
    usual: 'light',
    models: {
      swift: 'light',
      baleno: 'light',
      ignis: 'light',
      vitara: 'smallSuv',
      scross: 'smallSuv',
      jimny: 35_000,
    },
  },
  { name: 'Isuzu', tier: 1, usual: 'ute', models: { dmax: 'ute', mux: 'largeSuv' } },
  {
    name: 'MG',
    tier: 0.8,
    usual: 'smallSuv',
    models: { mg3: 'light', '3': 'light', mg4: 'small', zs: 'smallSuv', hs: 'mediumSuv' },
  },
  {
    name: 'GWM',
    tier: 0.85,
    usual: 'mediumSuv',
    aliases: ['greatwall', 'haval'],
    models: {
      jolion: 'smallSuv',
      h6: 'mediumSuv',
      cannon: 'ute',
      ute: 'ute',
      tank300: 'largeSuv',
    },
  },
  { name: 'LDV', tier: 0.85, usual: 'ute', models: { t60: 'ute', d90: 'largeSuv', g10: 'van', deliver9: 'van' } },
  {
    name: 'BYD',
    tier: 0.95,
    usual: 'smallSuv',
    models: { atto3: 'smallSuv', dolphin: 'small', seal: 'medium', shark6: 'ute' },
  },
  { name: 'Tesla', tier: 1, usual: 'mediumSuv', models: { model3: 60_000, modely: 65_000 } },
  {
    name: 'Jeep',
    tier: 1.15,
    usual: 'largeSuv',
    models: {
      compass: 'mediumSuv',
      cherokee: 'mediumSuv',
      grandcherokee: 'largeSuv',
      wrangler: 'offroad',
    },
  },
  {
    name: 'Skoda',
    tier: 1.1,
    usual: 'mediumSuv',
    models: {
      fabia: 'light',
      scala: 'small',
      octavia: 'small',
      superb: 'medium',
      kamiq: 'smallSuv',
      karoq: 'mediumSuv',
      kodiaq: 'largeSuv',
    },
  },
  {
    name: 'Peugeot',
    tier: 1.1,
    usual: 'smallSuv',
    models: { '208': 'light', '308': 'small', '2008': 'smallSuv', '3008': 'mediumSuv', '5008': 'largeSuv' },
  },
  {
    name: 'Renault',
    tier: 1,
    usual: 'smallSuv',
    models: { clio: 'light', megane: 'small', captur: 'smallSuv', koleos: 'mediumSuv' },
  },
  {
    name: 'Audi',
    tier: 1.6,
    usual: 'mediumSuv',
    models: {
      a1: 'light',
      a3: 'small',
      a4: 'medium',
      a6: 'large',
      q2: 'smallSuv',
      q3: 'smallSuv',
      q5: 'mediumSuv',
      q7: 'largeSuv',
    },
  },
  {
    name: 'BMW',
    tier: 1.6,
    usual: 'mediumSuv',
    models: {
      '1series': 'small',
      '2series': 'small',
      '3series': 'medium',
      '5series': 'large',
      x1: 'smallSuv',
      x3: 'mediumSuv',
      x5: 'largeSuv',
    },
  },
  {
    name: 'Mercedes-Benz',
    tier: 1.6,
    usual: 'mediumSuv',
    aliases: ['mercedes', 'benz'],
    models: {
      aclass: 'small',
      cclass: 'medium',
      eclass: 'large',
      gla: 'smallSuv',
      glc: 'mediumSuv',
      gle: 'largeSuv',
    },
  },
  {
    name: 'Lexus',
    tier: 1.5,
    usual: 'mediumSuv',
    models: { is: 'medium', es: 'medium', ux: 'smallSuv', nx: 'mediumSuv', rx: 'largeSuv' },
  },
  { name: 'Volvo', tier: 1.45, usual: 'mediumSuv', models: { xc40: 'smallSuv', xc60: 'mediumSuv', xc90: 'largeSuv' } },
  {
    name: 'Land Rover',
    tier: 1.9,
    usual: 'largeSuv',
    aliases: ['rangerover'],
    models: { defender: 'largeSuv', discovery: 'largeSuv' },
  },
  { name: 'Porsche', tier: 2.4, usual: 'mediumSuv', models: { '911': 260_000, cayenne: 150_000, macan: 110_000 } },
];
