/** Word lists and seeded random helpers behind the synthetic dealers (scripts/bench/synthetic.ts). */

export const PHOTO = '/images/no-photo.svg';

export type Rand = () => number;

/** mulberry32: small, fast and the same on every machine. */
export function seeded(seed: number): Rand {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const int = (r: Rand, min: number, max: number) => min + Math.floor(r() * (max - min + 1));
export const pick = <T>(r: Rand, items: readonly T[]): T => items[Math.floor(r() * items.length)]!;
export const slugify = (s: string) =>
  s
    .toLowerCase()
    .replace(/'/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
export const image = (alt: string, width: number, height: number) => ({ url: PHOTO, alt, width, height });

export interface Place {
  suburb: string;
  state: string;
  country: 'AU' | 'NZ';
  postcode: string;
  lat: number;
  long: number;
}

const au = (suburb: string, state: string, postcode: string, lat: number, long: number): Place => ({
  suburb,
  state,
  country: 'AU',
  postcode,
  lat,
  long,
});
const nz = (suburb: string, state: string, postcode: string, lat: number, long: number): Place => ({
  suburb,
  state,
  country: 'NZ',
  postcode,
  lat,
  long,
});

export const places: Place[] = [
  au('Parramatta', 'NSW', '2150', -33.815, 151.001),
  au('Penrith', 'NSW', '2750', -33.751, 150.694),
  au('Liverpool', 'NSW', '2170', -33.92, 150.924),
  au('Chatswood', 'NSW', '2067', -33.797, 151.183),
  au('Hornsby', 'NSW', '2077', -33.703, 151.099),
  au('Campbelltown', 'NSW', '2560', -34.065, 150.814),
  au('Newcastle', 'NSW', '2300', -32.927, 151.776),
  au('Wollongong', 'NSW', '2500', -34.425, 150.893),
  au('Ringwood', 'VIC', '3134', -37.815, 145.229),
  au('Dandenong', 'VIC', '3175', -37.987, 145.215),
  au('Geelong', 'VIC', '3220', -38.149, 144.361),
  au('Frankston', 'VIC', '3199', -38.144, 145.126),
  au('Essendon', 'VIC', '3040', -37.756, 144.918),
  au('Box Hill', 'VIC', '3128', -37.819, 145.122),
  au('Springwood', 'QLD', '4127', -27.612, 153.128),
  au('Toowoomba', 'QLD', '4350', -27.561, 151.954),
  au('Southport', 'QLD', '4215', -27.967, 153.4),
  au('Cairns', 'QLD', '4870', -16.92, 145.771),
  au('Townsville', 'QLD', '4810', -19.259, 146.817),
  au('Joondalup', 'WA', '6027', -31.745, 115.766),
  au('Osborne Park', 'WA', '6017', -31.9, 115.81),
  au('Cannington', 'WA', '6107', -32.017, 115.935),
  au('Glenelg', 'SA', '5045', -34.98, 138.516),
  au('Elizabeth', 'SA', '5112', -34.72, 138.67),
  au('Glenorchy', 'TAS', '7010', -42.833, 147.276),
  au('Launceston', 'TAS', '7250', -41.433, 147.145),
  au('Phillip', 'ACT', '2606', -35.35, 149.085),
  au('Winnellie', 'NT', '0820', -12.43, 130.88),
  nz('Takapuna', 'Auckland', '0622', -36.788, 174.77),
  nz('Botany', 'Auckland', '2013', -36.93, 174.91),
  nz('Manukau', 'Auckland', '2104', -36.993, 174.88),
  nz('Hamilton', 'Waikato', '3204', -37.787, 175.279),
  nz('Tauranga', 'Bay of Plenty', '3110', -37.687, 176.165),
  nz('Lower Hutt', 'Wellington', '5010', -41.209, 174.908),
  nz('Christchurch', 'Canterbury', '8011', -43.532, 172.636),
  nz('Dunedin', 'Otago', '9016', -45.879, 170.503),
  nz('Palmerston North', 'Manawatu-Whanganui', '4410', -40.356, 175.611),
];

/** Makes with a few of their models and each model's body type. */
export const makes: Record<string, [model: string, body: string][]> = {
  Toyota: [
    ['Corolla', 'Hatch'],
    ['Camry', 'Sedan'],
    ['RAV4', 'SUV'],
    ['HiLux', 'Ute'],
    ['LandCruiser Prado', 'SUV'],
    ['Yaris Cross', 'SUV'],
    ['Kluger', 'SUV'],
  ],
  Mazda: [
    ['Mazda3', 'Hatch'],
    ['CX-3', 'SUV'],
    ['CX-30', 'SUV'],
    ['CX-5', 'SUV'],
    ['CX-60', 'SUV'],
    ['BT-50', 'Ute'],
  ],
  Hyundai: [
    ['i30', 'Hatch'],
    ['Venue', 'SUV'],
    ['Kona', 'SUV'],
    ['Tucson', 'SUV'],
    ['Santa Fe', 'SUV'],
    ['IONIQ 5', 'SUV'],
  ],
  Kia: [
    ['Picanto', 'Hatch'],
    ['Cerato', 'Sedan'],
    ['Seltos', 'SUV'],
    ['Sportage', 'SUV'],
    ['Sorento', 'SUV'],
    ['Carnival', 'People Mover'],
  ],
  Ford: [
    ['Ranger', 'Ute'],
    ['Everest', 'SUV'],
    ['Puma', 'SUV'],
    ['Mustang', 'Coupe'],
    ['Transit Custom', 'Van'],
  ],
  Mitsubishi: [
    ['ASX', 'SUV'],
    ['Eclipse Cross', 'SUV'],
    ['Outlander', 'SUV'],
    ['Triton', 'Ute'],
    ['Pajero Sport', 'SUV'],
  ],
  Nissan: [
    ['Qashqai', 'SUV'],
    ['X-Trail', 'SUV'],
    ['Navara', 'Ute'],
    ['Patrol', 'SUV'],
    ['Pathfinder', 'SUV'],
  ],
  Subaru: [
    ['Impreza', 'Hatch'],
    ['Crosstrek', 'SUV'],
    ['Forester', 'SUV'],
    ['Outback', 'Wagon'],
    ['WRX', 'Sedan'],
  ],
  Volkswagen: [
    ['Polo', 'Hatch'],
    ['Golf', 'Hatch'],
    ['T-Roc', 'SUV'],
    ['Tiguan', 'SUV'],
    ['Amarok', 'Ute'],
  ],
  MG: [
    ['MG3', 'Hatch'],
    ['ZS', 'SUV'],
    ['HS', 'SUV'],
    ['MG4', 'Hatch'],
  ],
  Honda: [
    ['Civic', 'Hatch'],
    ['HR-V', 'SUV'],
    ['CR-V', 'SUV'],
    ['ZR-V', 'SUV'],
  ],
  Isuzu: [
    ['D-MAX', 'Ute'],
    ['MU-X', 'SUV'],
  ],
};

export const variantNames = [
  'Ascent',
  'Sport',
  'GX',
  'GXL',
  'Touring',
  'Premium',
  'Limited',
  'Elite',
  'GT-Line',
  'Active',
];
export const modelNameSuffixes = ['', ' Hybrid', ' Sport', ' Cross', ' Plus', ' GR', ' X'];

export const colours = [
  ['Glacier White', '#f4f4f2'],
  ['Eclipse Black', '#111111'],
  ['Silver Pearl', '#b9bcc0'],
  ['Graphite', '#4a4d52'],
  ['Soul Red', '#9d1420'],
  ['Deep Blue', '#1d3461'],
] as const;

export const features = [
  'Autonomous emergency braking',
  'Apple CarPlay and Android Auto',
  'Reversing camera',
  'Adaptive cruise control',
  'Lane keep assist',
  'Blind spot monitoring',
  'Dual-zone climate control',
  '18-inch alloy wheels',
  'Wireless phone charger',
  'Heated front seats',
  'Power tailgate',
  'LED headlights',
  'Rear cross-traffic alert',
  '360-degree camera',
  '7-year warranty',
];

export const firstNames = [
  'Olivia',
  'Jack',
  'Charlotte',
  'Noah',
  'Mia',
  'William',
  'Amelia',
  'Oliver',
  'Isla',
  'Lucas',
  'Ava',
  'Thomas',
  'Grace',
  'Henry',
  'Chloe',
  'James',
  'Ruby',
  'Leo',
  'Zoe',
  'Aroha',
  'Nikau',
  'Priya',
  'Wei',
  'Mohammed',
  'Sofia',
  'Daniel',
  'Hannah',
  'Liam',
  'Emily',
  'Ethan',
];
export const lastNames = [
  'Smith',
  'Jones',
  'Williams',
  'Brown',
  'Wilson',
  'Taylor',
  'Nguyen',
  'Anderson',
  'Thompson',
  'White',
  'Walker',
  'Harris',
  'Martin',
  'Kelly',
  'Ryan',
  'Patel',
  'Singh',
  'Chen',
  'Ngata',
  'Te Rangi',
  "O'Brien",
  'Murphy',
  'Campbell',
  'Stewart',
  'Robinson',
  'Clarke',
  'Mitchell',
];

/** Staff categories and the positions within them (spec's default category order). */
export const staffRoles: [category: string, positions: string[]][] = [
  ['management', ['Dealer Principal', 'General Manager']],
  ['sales', ['Sales Consultant', 'Sales Manager']],
  ['new vehicle sales', ['New Vehicle Sales Consultant']],
  ['finance', ['Business Manager', 'Finance Manager']],
  ['service', ['Service Advisor', 'Service Manager', 'Workshop Foreman']],
  ['parts', ['Parts Interpreter', 'Parts Manager']],
  ['administration', ['Receptionist', 'Accounts']],
];

/** Static site sections in the order a dealer group usually adds them. */
export const sections: [path: string, title: string][] = [
  ['/service', 'Book a Service'],
  ['/finance', 'Car Finance'],
  ['/parts', 'Genuine Parts'],
  ['/contact-us', 'Contact Us'],
  ['/why-service-with-us', 'Why Service With Us'],
  ['/new-cars', 'New Cars'],
  ['/special-offers', 'Special Offers'],
  ['/warranty', 'Warranty'],
  ['/fleet', 'Fleet Sales'],
  ['/accessories', 'Accessories'],
  ['/careers', 'Careers'],
  ['/sell-my-car', 'Sell My Car'],
  ['/capped-price-servicing', 'Capped Price Servicing'],
  ['/roadside-assist', 'Roadside Assistance'],
];

export const articleTopics = [
  'Five things to check before a road trip',
  'How capped price servicing works',
  'Choosing between hybrid and diesel',
  'What your warranty covers',
  'Towing with an SUV',
  'Caring for your paint through summer',
  'Trading in your car: what affects the price',
  'First car buying guide',
  'Understanding safety ratings',
  'Why genuine parts matter',
  'Tyre pressure and fuel economy',
  'Winter driving tips',
  'Family SUVs compared',
  'Our community sponsorships this year',
  'Meet the workshop team',
];

export const reviewTexts = [
  'Great service from start to finish, the team kept me updated all day.',
  'Bought my new car here and the whole process was easy and transparent.',
  'Friendly staff and the service was done on time. Will be back.',
  'Very happy with the trade-in price and the handover was thorough.',
  'The service advisor explained everything clearly and there were no surprises on the bill.',
  'Took a while to get a booking, but the work itself was excellent.',
];
