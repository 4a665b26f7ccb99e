/**
 * Snapshot pages of a synthetic dealer: mostly static blocks, with interactive ones (team tabs,
 * card carousel, brand modal, sales counter) on the home, about, team and brands pages and on
 * every fourth news article.
 */
import { articleTopics, image, int, pick, sections, slugify, type Place, type Rand } from './bench-synthetic-data.ts';

export interface DealerFacts {
  name: string;
  make: string;
  place: Place;
  gmb: string;
  site: { contact: { phone: string; email: string } };
  models: { slug: string; name: string; from_price: number }[];
  offers: { name: string; price: number }[];
}

interface RawBlock {
  id: string;
  type: string;
  data: Record<string, unknown>;
  tunes?: Record<string, unknown>;
}

export interface RawPage {
  id: string;
  path: string;
  title: string;
  description: string;
  publishedAt: string;
  blocks: RawBlock[];
}

type Maker = (r: Rand, d: DealerFacts, add: Add) => { path: string; title: string };
type Add = (type: string, data: Record<string, unknown>, tunes?: Record<string, unknown>) => RawBlock;

const day = (r: Rand) => new Date(Date.UTC(2023, 8, 1) + int(r, 0, 665) * 86_400_000).toISOString().slice(0, 10);
const money = (n: number) => `$${n.toLocaleString('en-AU')}`;

const heading = (add: Add, text: string, level = 2) => add('heading', { text, level });
const paragraph = (add: Add, text: string) => add('paragraph', { text });

function intro(r: Rand, d: DealerFacts, topic: string): string {
  return pick(r, [
    `At <strong>${d.name}</strong> our ${topic} team has looked after drivers in ${d.place.suburb} and surrounds for years.`,
    `Whether you drive a ${d.make} or another make, ${d.name} makes ${topic} simple. Call us on <a href="tel:${d.site.contact.phone.replace(/\D/g, '')}">${d.site.contact.phone}</a>.`,
    `${topic[0]!.toUpperCase()}${topic.slice(1)} at ${d.name} is backed by factory-trained staff, genuine parts and honest advice.`,
  ]);
}

function modelCards(d: DealerFacts) {
  return d.models.map((m) => ({
    heading: m.name,
    image: image(m.name, 600, 400),
    href: `/${m.slug}`,
    linkText: 'Explore',
    tagline: `From ${money(m.from_price)}`,
    description: `Discover the ${d.make} ${m.name}.`,
  }));
}

function faq(r: Rand, add: Add, d: DealerFacts, topic: string) {
  const questions = [
    [
      `How do I book ${topic}?`,
      `Book online or call ${d.site.contact.phone}. We will confirm within one business day.`,
    ],
    ['Do you offer a courtesy car?', `Yes, courtesy cars are available for most bookings in ${d.place.suburb}.`],
    [
      'Which payment methods do you accept?',
      'We accept cash, card and bank transfer. Finance is available to approved applicants.',
    ],
    ['Will servicing with you keep my warranty?', 'Yes. We follow the manufacturer schedule and use genuine parts.'],
  ].slice(0, int(r, 2, 4));
  return add('faq', {
    heading: 'Frequently asked questions',
    questions: questions.map(([question, answer], n) => ({
      question,
      answer: [{ id: `answer-${n}`, type: 'paragraph', data: { text: answer } }],
    })),
  });
}

function extras(r: Rand, add: Add, d: DealerFacts, topic: string) {
  if (r() < 0.5)
    add('imageBanner', {
      image: image(`${d.name} ${topic}`, 1600, 500),
      content: `<h2>${d.name}</h2><p>Proudly serving ${d.place.suburb}.</p>`,
    });
  if (r() < 0.5) faq(r, add, d, topic);
  if (r() < 0.4)
    add('reviews', {
      variant: pick(r, ['simple', 'highlighted', 'full', 'mini', 'modern']),
      heading: 'What our customers say',
      gmbProfile: d.gmb,
    });
  add('buttons', {
    buttons: [
      { text: 'Contact us', href: '/contact-us', btnType: 'solid' },
      { text: 'Book a service', href: '/service', btnType: 'outline' },
    ],
    alignment: 'center',
  });
}

const home: Maker = (r, d, add) => {
  add('imageBanner', {
    image: image(`${d.name} showroom`, 1600, 600),
    layout: 'full',
    overlay: { active: true, color: '#000000', opacity: 0.4 },
    content: `<h1>Welcome to ${d.name}</h1><p>New and used ${d.make} vehicles, servicing and parts in ${d.place.suburb}.</p>`,
  });
  heading(add, `The ${d.make} range`);
  if (d.models.length)
    add('cardsTool', { cards: modelCards(d), cardCols: 3, isCarousel: true, loop: true, mobileArrows: true });
  add('columns', {
    cols: ['Sales', 'Service', 'Finance'].map((topic, n) => ({
      width: 4,
      blocks: [
        { id: `col-heading-${n}`, type: 'heading', data: { text: topic, level: 3 } },
        { id: `col-text-${n}`, type: 'paragraph', data: { text: intro(r, d, topic.toLowerCase()) } },
      ],
    })),
  });
  add('salesCounter', {
    heading: 'Cars delivered',
    value: int(r, 2000, 40000),
    suffix: '+',
    description: `Happy drivers across ${d.place.state}`,
  });
  add('reviews', { variant: 'highlighted', heading: 'Rated by our customers', gmbProfile: d.gmb });
  add('buttons', {
    buttons: [
      { text: 'Browse new cars', href: '/new-cars', btnType: 'solid' },
      { text: 'Book a service', href: '/service', btnType: 'outline' },
    ],
  });
  return { path: '/', title: d.name };
};

const about: Maker = (r, d, add) => {
  heading(add, `About ${d.name}`, 1);
  paragraph(add, intro(r, d, 'sales and service'));
  add('alternatingColumns', {
    items: ['Our history', 'Our community'].map((h, n) => ({
      image: image(h, 800, 533),
      heading: h,
      description: `<p>${n ? 'We sponsor local clubs and events' : 'Family owned since the 1980s'} in ${d.place.suburb}.</p>`,
      buttons: n ? [] : [{ text: 'Meet the team', href: '/our-team' }],
    })),
  });
  add('columns', {
    cols: [
      ['Years in business', 38, ''],
      ['Vehicles serviced each year', 12000, '+'],
      ['Staff', 45, ''],
    ].map(([h, v, s], n) => ({
      width: 4,
      blocks: [{ id: `counter-${n}`, type: 'salesCounter', data: { heading: h, value: v, suffix: s } }],
    })),
  });
  return { path: '/about-us', title: `About ${d.name}` };
};

const team: Maker = (r, d, add) => {
  heading(add, 'Meet the team', 1);
  paragraph(add, intro(r, d, 'friendly'));
  add('team', { heading: 'Our people', layout: 'tabs' });
  return { path: '/our-team', title: 'Our Team' };
};

const brands: Maker = (r, d, add) => {
  heading(add, 'Our brands', 1);
  paragraph(add, intro(r, d, 'sales'));
  add('websiteBrands', {
    heading: 'Brands in our group',
    subheading: 'Choose a brand to visit its website',
    variant: 'modal',
    theme: 'light',
  });
  return { path: '/our-brands', title: 'Our Brands' };
};

const section =
  (path: string, title: string): Maker =>
  (r, d, add) => {
    const topic = title.toLowerCase();
    heading(add, title, 1);
    paragraph(add, intro(r, d, topic));
    if (path === '/new-cars' && d.models.length) add('cardsTool', { cards: modelCards(d), cardCols: 3 });
    else if (path === '/special-offers' && d.offers.length) {
      add('cardsTool', {
        cards: d.offers.map((o) => ({
          heading: o.name,
          image: image(o.name, 600, 400),
          href: '/contact-us',
          linkText: 'Enquire now',
          tagline: money(o.price),
        })),
        cardCols: 2,
      });
    } else if (path === '/contact-us') {
      add('columns', {
        cols: ['Sales', 'Service'].map((kind, n) => ({
          width: 6,
          blocks: [
            { id: `contact-heading-${n}`, type: 'heading', data: { text: kind, level: 2 } },
            {
              id: `contact-text-${n}`,
              type: 'paragraph',
              data: {
                text: `${d.name} ${kind}, ${d.place.suburb} ${d.place.state}. Phone ${d.site.contact.phone}, <a href="mailto:${d.site.contact.email}">${d.site.contact.email}</a>.`,
              },
            },
          ],
        })),
      });
    } else {
      add('list', {
        style: pick(r, ['ordered', 'unordered']),
        items: [
          'Factory-trained technicians',
          'Genuine parts and accessories',
          'Courtesy cars and free Wi-Fi lounge',
          `Open six days in ${d.place.suburb}`,
        ].slice(0, int(r, 2, 4)),
      });
      add('alternatingColumns', {
        items: [
          {
            image: image(title, 800, 533),
            heading: `Why choose ${d.name}`,
            description: `<p>${intro(r, d, topic)}</p>`,
          },
        ],
      });
    }
    extras(r, add, d, topic);
    return { path, title };
  };

const article =
  (n: number): Maker =>
  (r, d, add) => {
    const round = Math.floor(n / articleTopics.length);
    const title = articleTopics[n % articleTopics.length]! + (round ? ` (part ${round + 1})` : '');
    heading(add, title, 1);
    for (let p = int(r, 2, 4); p > 0; p--)
      paragraph(
        add,
        `${intro(r, d, 'news')} ${pick(r, ['Read on for our tips.', 'Here is what you need to know.', 'Talk to us any time.'])}`,
      );
    add('imageBanner', { image: image(title, 1200, 500) });
    add('list', { style: 'unordered', items: ['Check your tyres', 'Top up fluids', 'Plan your rest stops'] });
    if (n % 4 === 3 && d.models.length) add('cardsTool', { cards: modelCards(d), isCarousel: true });
    else if (n % 4 === 3)
      add('salesCounter', { heading: 'Kilometres driven by our customers', value: int(r, 1e6, 9e6) });
    else if (r() < 0.5) faq(r, add, d, 'a service');
    add('buttons', { buttons: [{ text: 'More news', href: '/news' }] });
    return { path: `/news/${slugify(title)}`, title };
  };

const fixed: Maker[] = [
  home,
  about,
  team,
  section(...sections[0]!),
  section(...sections[1]!),
  brands,
  ...sections.slice(2).map((s) => section(...s)),
];

/** `count` pages: home first, then about, team, brand and section pages, then news articles. */
export function syntheticPages(r: Rand, d: DealerFacts, count: number): RawPage[] {
  return Array.from({ length: count }, (_, n) => {
    const blocks: RawBlock[] = [];
    const add: Add = (type, data, tunes) => {
      const block = { id: `${type}-${blocks.length + 1}`, type, data, ...(tunes ? { tunes } : {}) };
      blocks.push(block);
      return block;
    };
    const { path, title } = (fixed[n] ?? article(n - fixed.length))(r, d, add);
    return {
      id: `${n + 1}`,
      path,
      title,
      description: `${title} at ${d.name}, ${d.place.suburb} ${d.place.state}.`,
      publishedAt: day(r),
      blocks,
    };
  });
}
