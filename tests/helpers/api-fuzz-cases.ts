/**
 * The requests of the API fuzz test (tests/unit/api/api-fuzz.test.ts) as fast-check arbitraries:
 * lead saves and sessions, mutations of their keys, values and types, outsized bodies, search,
 * finance and read requests, and raw HTTP for the static server of npm start.
 */
import fc from 'fast-check';
import { HONEYPOT_FIELD, MAX_LEAD_BODY_BYTES } from '../../src/forms/contract.ts';
import {
  PROTO_KEYS,
  arr,
  entryOf,
  jsonText,
  lit,
  nastyKey,
  nastyString,
  nastyValue,
  nested,
  notAJsonObject,
  obj,
  percentEncode,
  prototypeShadow,
  slot,
  str,
  tree,
  withEntry,
  type Escaping,
  type JsonTree,
} from './fuzz.ts';

export type HostKind = 'own' | 'group' | 'domain' | 'plain' | 'unknown';

export interface ApiCase {
  method: string;
  /** Path and query exactly as sent. */
  target: string;
  host: HostKind;
  /** The Origin header, `{own}` standing for the origin of the host the request is sent to. */
  origin?: string;
  contentType?: string;
  body?: { json: JsonTree; escaping: Escaping } | { bytes: Uint8Array };
  /** Chunked bodies carry no Content-Length, so only the API's own cap stops them. */
  chunked?: boolean;
  /** A save a dealer's page would send, with a browser's headers. */
  valid?: boolean;
}

/** Values filled in when a request is sent: the run's idempotency key, the lead id of its last 200. */
export type Slots = Record<string, string>;

/** Largest body `npm start`'s server passes to the API (src/engine/serve/static-server.ts). */
export const SERVER_BODY_LIMIT = 1024 * 1024;

/** Every idempotency key is this long, so a body padded to an exact size stays that size. */
export const KEY_LENGTH = 36;

export function chunked(body: Buffer): Buffer {
  const parts: Buffer[] = [];
  for (let at = 0; at < body.length; at += 16_384) {
    const piece = body.subarray(at, at + 16_384);
    parts.push(Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from('0\r\n\r\n'));
  return Buffer.concat(parts);
}

export const hostKind: fc.Arbitrary<HostKind> = fc.oneof(
  { weight: 12, arbitrary: fc.constant('own' as const) },
  { weight: 1, arbitrary: fc.constantFrom<HostKind>('group', 'domain', 'plain', 'unknown') },
);

export const GARBAGE_ORIGINS = [
  'null',
  'a b',
  'http://',
  'https://www.minimotors.com.au.evil.example',
  'http://mini-motors.localhost:99999',
  '*',
  'file://',
  'HTTPS://WWW.MINIMOTORS.COM.AU',
  'http://[::1',
  'https://www.minimotors.com.au/',
  'javascript:alert(1)',
  '\u00e9',
  '{own}, {own}',
];

/** None (clients that are no browser), the site's own, its domain, a foreign one, garbage. */
export const origin: fc.Arbitrary<string | undefined> = fc.oneof(
  { weight: 6, arbitrary: fc.constant(undefined) },
  { weight: 4, arbitrary: fc.constant('{own}') },
  { weight: 1, arbitrary: fc.constant('https://www.minimotors.com.au') },
  {
    weight: 1,
    arbitrary: fc.constantFrom('https://evil.example', 'http://localhost:1', 'https://group-motors.localhost'),
  },
  { weight: 1, arbitrary: fc.constantFrom(...GARBAGE_ORIGINS) },
);

export const contentType: fc.Arbitrary<string | undefined> = fc.oneof(
  { weight: 12, arbitrary: fc.constant('application/json') },
  { weight: 2, arbitrary: fc.constant('application/json; charset=utf-8') },
  { weight: 1, arbitrary: fc.constant(undefined) },
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      'text/plain',
      'text/plain;charset=UTF-8',
      'multipart/form-data; boundary=x',
      'application/x-www-form-urlencoded',
      'Application/JSON',
      'application/json; charset=latin1',
      'application/jsonx',
      ';',
      '',
      'application/json, text/plain',
      'application/vnd.api+json',
    ),
  },
);

/** Headers a browser page of the dealer sends, most of the time; any of the others now and then. */
export const headers = fc.record({ host: hostKind, origin, contentType });

export const escaping: fc.Arbitrary<Escaping> = fc.constantFrom('escaped', 'raw');

/** What a visitor types into a form. */
export const person = fc.record({
  name: fc.constantFrom('Sam Lee', 'Ada', 'Zoë Ng', "Pat O'Brien", 'Nguyễn Văn A'),
  email: fc.constantFrom('sam@example.com', 'ada.l@example.com.au', 'z+cars@example.org'),
  phone: fc.constantFrom('0412 345 678', '+61 2 9555 0100', '0499999000'),
  message: fc.constantFrom('', 'Is it still available?', 'Call me after 5 🚗', 'Line one\nline two'),
});

export interface FormRef {
  pageId: string;
  blockId: string;
}

/** The forms of the fixture dealer, found once the dealers are loaded. */
export const forms = {} as { model: FormRef; car: FormRef & { carId: number } };

export function save(
  key: JsonTree,
  form: { pageId: string; blockId: string; step: string },
  isLastStep: boolean,
  values: Record<string, string>,
  extra: [string, JsonTree][] = [],
): JsonTree {
  return obj([
    ['idempotencyKey', key],
    ['isLastStep', lit(String(isLastStep))],
    ['form', tree(form)],
    ['values', tree(values)],
    ...extra,
  ]);
}

/** A valid save of one of mini-motors' forms, partial or final; `key` the session's key. */
export const validSave: fc.Arbitrary<JsonTree> = fc
  .tuple(
    fc.constantFrom('contact', 'finder-about', 'finder-car', 'model', 'car'),
    person,
    fc.option(fc.constantFrom('mini-motors', 'MINI-MOTORS', 'group-motors'), { freq: 4 }),
    fc.option(fc.constantFrom({ utm_source: 'google' }, { utm_campaign: 'spring', gclid: 'abc' }, {}), { freq: 3 }),
  )
  .map(([form, p, site, tracking]) => {
    const extra: [string, JsonTree][] = [];
    if (site !== null) extra.push(['site', str(site)]);
    if (tracking !== null) extra.push(['tracking', tree(tracking)]);
    const contact = { name: p.name, phone: p.phone, email: p.email, location_id: '11', message: p.message };
    switch (form) {
      case 'contact':
        return save(slot('key'), { pageId: '3', blockId: 'enquiry', step: 'contact' }, true, contact, extra);
      case 'finder-about':
        return save(
          slot('key'),
          { pageId: '3', blockId: 'car-finder', step: 'about' },
          false,
          { first_name: p.name, email: p.email, phone: p.phone },
          extra,
        );
      case 'finder-car':
        return save(
          slot('key'),
          { pageId: '3', blockId: 'car-finder', step: 'car' },
          true,
          { first_name: p.name, email: p.email, Make: 'Mazda', message: p.message },
          extra,
        );
      case 'model':
        return save(slot('key'), { ...forms.model, step: 'contact' }, true, contact, extra);
      case 'car':
        return save(
          slot('key'),
          { pageId: forms.car.pageId, blockId: forms.car.blockId, step: 'contact' },
          true,
          { ...contact, car_id: String(forms.car.carId) },
          extra,
        );
    }
  });

export const leadCase = (body: fc.Arbitrary<ApiCase['body']>, extra: Partial<ApiCase> = {}): fc.Arbitrary<ApiCase> =>
  fc.tuple(headers, body).map(([h, b]) => ({ method: 'POST', target: '/api/leads', ...h, body: b, ...extra }));

export const asJson = (json: fc.Arbitrary<JsonTree>) =>
  fc.tuple(json, escaping).map(([j, e]) => ({ json: j, escaping: e }));

/** A form session: steps of the finder form, then its final save with the lead id of the first. */
export const session: fc.Arbitrary<ApiCase[]> = fc
  .tuple(person, fc.integer({ min: 1, max: 2 }), fc.boolean(), headers)
  .map(([p, partials, withId, h]) => {
    const about = (phone: string) =>
      save(slot('key'), { pageId: '3', blockId: 'car-finder', step: 'about' }, false, {
        first_name: p.name,
        email: p.email,
        phone,
      });
    const steps: JsonTree[] = Array.from({ length: partials }, (_, i) => about(i ? p.phone : ''));
    steps.push(
      save(
        slot('key'),
        { pageId: '3', blockId: 'car-finder', step: 'car' },
        true,
        { first_name: p.name, email: p.email, Make: 'Kia' },
        withId ? [['lead_id', slot('leadId')]] : [],
      ),
    );
    return steps.map((json) => ({
      method: 'POST',
      target: '/api/leads',
      ...h,
      body: { json, escaping: 'escaped' as const },
    }));
  });

/** Field names of the fixture forms and of the lead values the API reads itself. */
export const VALUE_FIELDS = [
  'name',
  'first_name',
  'email',
  'phone',
  'location_id',
  'message',
  'Make',
  'car_id',
  'category',
  'subcategory',
  'PageTitle',
  HONEYPOT_FIELD,
];

export type Mutation = (body: JsonTree) => JsonTree;

export const inValues =
  (change: (values: JsonTree) => JsonTree): Mutation =>
  (body) =>
    withEntry(body, 'values', change(entryOf(body, 'values') ?? obj([])));
export const inForm =
  (change: (form: JsonTree) => JsonTree): Mutation =>
  (body) =>
    withEntry(body, 'form', change(entryOf(body, 'form') ?? obj([])));

/** Keys named like Object.prototype's members, with any value: in values, at the top, in form and tracking. */
export const prototypeKeyMutation: fc.Arbitrary<Mutation> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc
      .tuple(fc.constantFrom(...PROTO_KEYS), nastyValue)
      .map(([k, v]): Mutation => inValues((values) => withEntry(values, k, v))),
  },
  {
    weight: 1,
    arbitrary: fc.tuple(fc.constantFrom(...PROTO_KEYS), nastyValue).map(
      ([k, v]): Mutation =>
        (body) =>
          withEntry(body, k, v),
    ),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom(...PROTO_KEYS), nastyValue)
      .map(([k, v]): Mutation => inForm((form) => withEntry(form, k, v))),
  },
  {
    weight: 1,
    arbitrary: fc.tuple(fc.constantFrom(...PROTO_KEYS), nastyValue).map(
      ([k, v]): Mutation =>
        (body) =>
          withEntry(body, 'tracking', obj([[k, v]])),
    ),
  },
);

/** Keys other than Object.prototype's members (those have a property of their own above). */
export const otherKey = nastyString.filter((k) => !(PROTO_KEYS as readonly string[]).includes(k));

/** Values a form never sends under the names a form uses: {"toString":1}, lists, numbers, NUL, long text. */
export const fieldValueMutation: fc.Arbitrary<Mutation> = fc.oneof(
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.constantFrom(...VALUE_FIELDS), prototypeShadow)
      .map(([k, v]): Mutation => inValues((values) => withEntry(values, k, v))),
  },
  {
    weight: 3,
    arbitrary: fc
      .tuple(fc.constantFrom(...VALUE_FIELDS), nastyValue)
      .map(([k, v]): Mutation => inValues((values) => withEntry(values, k, v))),
  },
  {
    weight: 1,
    arbitrary: fc.tuple(otherKey, nastyValue).map(([k, v]): Mutation => inValues((values) => withEntry(values, k, v))),
  },
  {
    weight: 1,
    arbitrary: fc.tuple(otherKey, nastyString).map(
      ([k, v]): Mutation =>
        (body) =>
          withEntry(body, 'tracking', obj([[k, str(v)]])),
    ),
  },
);

/** Every field of the body with a value of the wrong type, missing, or given twice. */
export const wrongTypeMutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc
    .tuple(fc.constantFrom('idempotencyKey', 'lead_id', 'isLastStep', 'form', 'values', 'tracking', 'site'), nastyValue)
    .map(
      ([k, v]): Mutation =>
        (body) =>
          withEntry(body, k, v),
    ),
  fc
    .tuple(fc.constantFrom('pageId', 'blockId', 'step'), nastyValue)
    .map(([k, v]): Mutation => inForm((form) => withEntry(form, k, v))),
  fc.constantFrom('idempotencyKey', 'isLastStep', 'form', 'values').map(
    (k): Mutation =>
      (body) =>
        body.t === 'obj' ? obj(body.entries.filter(([name]) => name !== k)) : body,
  ),
  fc
    .constantFrom('pageId', 'blockId', 'step')
    .map((k): Mutation =>
      inForm((form) => (form.t === 'obj' ? obj(form.entries.filter(([name]) => name !== k)) : form)),
    ),
  // A duplicate key: JSON.parse keeps the last one.
  fc.tuple(fc.constantFrom('isLastStep', 'form', 'values', 'site', 'lead_id'), nastyValue).map(
    ([k, v]): Mutation =>
      (body) =>
        body.t === 'obj' ? obj([...body.entries, [k, v]]) : body,
  ),
  fc
    .constantFrom(
      lit('"00000000-0000-0000-0000-000000000000"'),
      str('FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF'),
      str('not-a-uuid'),
      str(' '),
      lit('12345'),
    )
    .map(
      (v): Mutation =>
        (body) =>
          withEntry(body, 'lead_id', v),
    ),
  fc.constantFrom('short', 'x'.repeat(201), 'has space', 'ключ-ключ-ключ', 'a\u0000bcdefghi', '\uD800abcdefgh').map(
    (k): Mutation =>
      (body) =>
        withEntry(body, 'idempotencyKey', str(k)),
  ),
);

export const mutated = (mutation: fc.Arbitrary<Mutation>) =>
  fc
    .tuple(validSave, fc.array(mutation, { minLength: 1, maxLength: 4 }))
    .map(([body, changes]) => changes.reduce((b, change) => change(b), body));

/** A valid save whose JSON is `bytes` long (with a key of KEY_LENGTH), padded in a value the form does not know. */
export function saveOfSize(bytes: number): JsonTree {
  const body = save(slot('key'), { pageId: '3', blockId: 'enquiry', step: 'contact' }, true, {
    name: 'Sam Lee',
    phone: '0412 345 678',
    email: 'sam@example.com',
    location_id: '11',
    notes: '',
  });
  const base = jsonText(body, 'escaped', { key: 'k'.repeat(KEY_LENGTH) }).length;
  return inValues((values) => withEntry(values, 'notes', str('x'.repeat(Math.max(0, bytes - base)))))(body);
}

/** Body sizes at and just over the API's limit and the server's. */
export const LIMIT_SIZES = [
  MAX_LEAD_BODY_BYTES - 1,
  MAX_LEAD_BODY_BYTES,
  MAX_LEAD_BODY_BYTES + 1,
  MAX_LEAD_BODY_BYTES * 2,
  SERVER_BODY_LIMIT + 1,
];

export const outsizedBody: fc.Arbitrary<{ json: JsonTree; chunked: boolean }> = fc
  .tuple(fc.constantFrom(...LIMIT_SIZES), fc.boolean())
  .map(([size, isChunked]) => ({ json: saveOfSize(size), chunked: isChunked }));

/** `body` (an object without slots) padded to `bytes` in a member no route reads. */
export function padded(body: JsonTree, bytes: number): JsonTree {
  const base = jsonText(withEntry(body, 'padding', str('')), 'escaped').length;
  return withEntry(body, 'padding', str('x'.repeat(Math.max(0, bytes - base))));
}

// ---------------------------------------------------------------------------------------------
// Search, finance and content routes

export const SEARCH_PATH = '/api/search/1/indexes/*/queries';
export const INDEX_NAMES = [
  'cars',
  'cars_newest',
  'cars_price_asc',
  'cars_price_desc',
  'cars_year_desc',
  'cars_km_asc',
  'offers',
];

export const validParams = fc.record(
  {
    query: fc.constantFrom('', 'toyota', 'cor', 'Toy COR', 'ute', 'cx-5', 'offer', '  '),
    facets: fc.constantFrom<unknown>(
      ['make'],
      ['make', 'model', 'price', 'certified'],
      '*',
      ['category', 'model.name'],
      [],
    ),
    facetFilters: fc.constantFrom<unknown>(
      undefined,
      ['make:Toyota'],
      [['make:Toyota', 'make:Kia'], 'certified:true'],
      '-make:Kia',
      '["make:Mazda"]',
    ),
    numericFilters: fc.constantFrom<unknown>(
      undefined,
      ['price>=1000'],
      ['year:2015 TO 2022', ['seats=5', 'seats=8']],
      'price<50000',
    ),
    filters: fc.constantFrom<unknown>(
      undefined,
      '',
      'make:Toyota AND price < 50000',
      'NOT make:Kia OR (year:2019 TO 2021)',
      'make:"Toyota"',
    ),
    hitsPerPage: fc.constantFrom<unknown>(undefined, 0, 3, 20, 250, 1000),
    page: fc.constantFrom<unknown>(undefined, 0, 1, 5),
  },
  { requiredKeys: ['query'] },
);

export const validSearchEntry: fc.Arbitrary<JsonTree> = fc
  .tuple(fc.constantFrom(...INDEX_NAMES), validParams, fc.constantFrom('object', 'string', 'flat', 'facet'))
  .map(([indexName, params, form]) => {
    const defined = Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined));
    if (indexName === 'offers') {
      for (const k of ['facetFilters', 'numericFilters', 'filters']) delete defined[k];
    }
    switch (form) {
      case 'object':
        return tree({ indexName, params: defined });
      case 'flat':
        return tree({ indexName, ...defined });
      case 'facet':
        return tree({
          indexName,
          type: 'facet',
          facet: indexName === 'offers' ? 'category' : 'make',
          facetQuery: 'to',
          params: { query: params.query },
        });
      case 'string':
        return tree({
          indexName,
          params: new URLSearchParams(
            Object.entries(defined).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
          ).toString(),
        });
    }
  });

export const SEARCH_PARAMS = [
  'query',
  'facets',
  'facetFilters',
  'numericFilters',
  'filters',
  'hitsPerPage',
  'page',
  'maxValuesPerFacet',
  'highlightPreTag',
  'highlightPostTag',
  'facet',
  'facetQuery',
  'maxFacetHits',
  'type',
  'params',
  'indexName',
];

/** Filter text built around hostile parts: NUL, control characters, Object.prototype's names, deep nesting. */
export const hostileFilterText: fc.Arbitrary<string> = fc.oneof(
  fc
    .tuple(
      fc.constantFrom('make', 'price', 'seats', ...PROTO_KEYS),
      fc.constantFrom(':', '=', '>=', '<', ' TO ', ':1 TO '),
      nastyString,
    )
    .map(([attr, op, value]) => `${attr}${op}${value}`),
  fc.tuple(nastyString, fc.constantFrom(':', '>', ''), nastyString).map(([a, op, b]) => `${a}${op}${b}`),
  {
    weight: 2,
    arbitrary: fc
      .constantFrom(10, 1_000, 3_000, 5_000, 12_000)
      .chain((n) =>
        fc.constantFrom(
          '('.repeat(n),
          `${'('.repeat(n)}make:Kia${')'.repeat(n)}`,
          `${'NOT '.repeat(n)}make:Kia`,
          Array.from({ length: Math.min(n, 4_000) }, () => 'make:Kia').join(' OR '),
        ),
      ),
  },
  fc.constantFrom(
    '"',
    '"unterminated',
    'make:"a\\"',
    '\\',
    'price:1 TO',
    'price:a TO b',
    '_tags:x',
    '<score=1>',
    'make:Kia AND',
    ') OR (',
    '-',
    ':',
    '[',
    '["make:Kia"',
  ),
);

export const hostileFilterValue: fc.Arbitrary<JsonTree> = fc.oneof(
  hostileFilterText.map(str),
  fc.array(hostileFilterText.map(str), { maxLength: 3 }).map((items) => arr(...items)),
  fc
    .array(
      fc.array(hostileFilterText.map(str), { maxLength: 3 }).map((items) => arr(...items)),
      { maxLength: 2 },
    )
    .map((items) => arr(...items)),
  nastyValue,
  fc.constantFrom(20, 40, 3_000).map((depth) => nested(depth, str('make:Kia'))),
  // Empty lists where a filter list or an OR group of filters belongs.
  fc.constantFrom(arr(), arr(arr()), arr(str('make:Kia'), arr()), str('[]'), str('[[]]'), str('[["make:Kia"],[]]')),
);

/** One filter parameter with a hostile value, as an object, a params string or on the entry. */
export const hostileFilterEntry: fc.Arbitrary<JsonTree> = fc
  .tuple(
    fc.constantFrom('facetFilters', 'numericFilters', 'filters'),
    hostileFilterValue,
    fc.constantFrom(...INDEX_NAMES),
    fc.constantFrom('object', 'string', 'flat'),
  )
  .map(([name, value, indexName, form]) => {
    if (form === 'flat')
      return obj([
        ['indexName', str(indexName)],
        [name, value],
      ]);
    return obj([
      ['indexName', str(indexName)],
      ['params', form === 'string' ? str(`${name}=${percentEncode(jsonText(value, 'raw'))}`) : obj([[name, value]])],
    ]);
  });

export const hostileSearchEntry: fc.Arbitrary<JsonTree> = fc.oneof(
  // Wrong indexName: Object.prototype's names, other text, other types.
  {
    weight: 3,
    arbitrary: fc
      .tuple(fc.oneof(fc.constantFrom(...PROTO_KEYS).map(str), nastyValue), validSearchEntry)
      .map(([name, entry]) => withEntry(entry, 'indexName', name)),
  },
  // params of every type; a params string with anything in it.
  fc
    .tuple(
      fc.oneof(
        nastyValue,
        fc.tuple(nastyKey, nastyString).map(([k, v]) => str(`${percentEncode(k)}=${percentEncode(v)}&${k}=${v}`)),
      ),
      fc.constantFrom(...INDEX_NAMES),
    )
    .map(([params, indexName]) =>
      obj([
        ['indexName', str(indexName)],
        ['params', params],
      ]),
    ),
  // One parameter with a hostile value, in the params object or on the entry.
  fc
    .tuple(validSearchEntry, fc.constantFrom(...SEARCH_PARAMS), fc.oneof(nastyValue, hostileFilterValue), fc.boolean())
    .map(([entry, name, value, inParams]) =>
      inParams ? withEntry(entry, 'params', obj([[name, value]])) : withEntry(entry, name, value),
    ),
  hostileFilterEntry,
  fc
    .tuple(fc.oneof(fc.constantFrom(...PROTO_KEYS).map(str), nastyValue), fc.constantFrom(...INDEX_NAMES))
    .map(([facet, indexName]) =>
      obj([
        ['indexName', str(indexName)],
        ['type', str('facet')],
        ['facet', facet],
      ]),
    ),
  fc.tuple(nastyKey, nastyValue, validSearchEntry).map(([k, v, entry]) => withEntry(entry, k, v)),
  nastyValue,
);

export const searchBody: fc.Arbitrary<JsonTree> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc
      .array(validSearchEntry, { minLength: 1, maxLength: 3 })
      .map((entries) => obj([['requests', arr(...entries)]])),
  },
  {
    weight: 6,
    arbitrary: fc
      .array(fc.oneof(validSearchEntry, hostileSearchEntry), { minLength: 1, maxLength: 3 })
      .map((entries) => obj([['requests', arr(...entries)]])),
  },
  { weight: 1, arbitrary: nastyValue.map((requests) => obj([['requests', requests]])) },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom(0, 50, 51, 500)
      .map((n) => obj([['requests', arr(...Array.from({ length: n }, () => tree({ indexName: 'cars' })))]])),
  },
  {
    weight: 1,
    arbitrary: fc.tuple(fc.constantFrom(...PROTO_KEYS, 'site'), nastyValue, validSearchEntry).map(([k, v, entry]) =>
      obj([
        [k, v],
        ['requests', arr(entry)],
      ]),
    ),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(validSearchEntry, fc.constantFrom(...LIMIT_SIZES))
      .map(([entry, size]) => padded(obj([['requests', arr(entry)]]), size)),
  },
);

export const searchTarget = fc.oneof(
  { weight: 6, arbitrary: fc.constant(SEARCH_PATH) },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom('cars', 'offers', '__proto__', 'constructor', '%00', '%zz', 'x'.repeat(300), '%ED%A0%80')
      .map((i) => `/api/search/1/indexes/${i}/queries`),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      `${SEARCH_PATH}?site=mini-motors`,
      `${SEARCH_PATH}?x-algolia-agent=Algolia%20for%20JavaScript`,
      `${SEARCH_PATH}?site=%00`,
    ),
  },
);

export const applicant = {
  lead_id: 'lead-123',
  first_name: 'Alice',
  last_name: 'Nguyen',
  email: 'alice@example.com',
  phone: '0412 345 678',
  dateOfBirth: '1990-04-30',
  driverLicenceNumber: '12345678',
  vehiclePriceBudget: 30000,
  privacy: true,
  electronic_communication: true,
  preferredDealership: 'Mini Motors Sydney',
};

export const FINANCE_FIELDS = [...Object.keys(applicant), 'name', 'middle_name', 'dealershipId', 'site'];

export const financeBody: fc.Arbitrary<JsonTree> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc
      .constantFrom(
        applicant,
        { ...applicant, phone: '0499 999 000' },
        { ...applicant, driverLicenceNumber: 'BAD' },
        { ...applicant, vehiclePriceBudget: '150001' },
        { ...applicant, site: 'mini-motors' },
      )
      .map(tree),
  },
  {
    weight: 6,
    arbitrary: fc
      .tuple(
        fc.array(fc.tuple(fc.oneof(nastyKey, fc.constantFrom(...FINANCE_FIELDS)), nastyValue), {
          minLength: 1,
          maxLength: 4,
        }),
      )
      .map(([changes]) => changes.reduce((body, [k, v]) => withEntry(body, k, v), tree(applicant))),
  },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom(199, 200, 201, 400)
      .map((n) => obj(Array.from({ length: n }, (_, i): [string, JsonTree] => [`field_${i}`, str('x')]))),
  },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom(50, 51, 1_000)
      .map((n) => withEntry(tree(applicant), 'interests', arr(...Array.from({ length: n }, () => str('car'))))),
  },
  { weight: 1, arbitrary: fc.constantFrom(...LIMIT_SIZES).map((size) => padded(tree(applicant), size)) },
);

export const carIdBody: fc.Arbitrary<JsonTree> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc
      .constantFrom<unknown>(1, '1', ' 101 ', 102, 103, '103', 2, 999, '999')
      .map((carId) => tree({ carId })),
  },
  {
    weight: 4,
    arbitrary: fc.oneof(nastyValue, fc.constantFrom(...PROTO_KEYS).map(str)).map((carId) => obj([['carId', carId]])),
  },
  {
    weight: 1,
    arbitrary: fc.tuple(fc.constantFrom(...PROTO_KEYS, 'site'), nastyValue).map(([k, v]) =>
      obj([
        ['carId', lit('1')],
        [k, v],
      ]),
    ),
  },
  { weight: 1, arbitrary: fc.constant(obj([])) },
  { weight: 1, arbitrary: fc.constantFrom(...LIMIT_SIZES).map((size) => padded(tree({ carId: 1 }), size)) },
);

export const providerName = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom('taurus', 'Taurus', 'moneyfirst') },
  { weight: 1, arbitrary: fc.constantFrom('__proto__', 'constructor', 'toString', 'a', '-', '_', 'x'.repeat(500)) },
  { weight: 1, arbitrary: fc.stringMatching(/^[A-Za-z0-9_-]{1,20}$/) },
);

export const financeCase: fc.Arbitrary<ApiCase> = fc.oneof(
  fc.tuple(headers, providerName, financeBody, escaping).map(([h, provider, json, e]) => ({
    method: 'POST',
    target: `/api/send-to-${provider}`,
    ...h,
    body: { json, escaping: e },
  })),
  fc
    .tuple(headers, carIdBody, escaping)
    .map(([h, json, e]) => ({ method: 'POST', target: '/api/finance-locations', ...h, body: { json, escaping: e } })),
  fc
    .tuple(headers, fc.constantFrom('/api/send-to-taurus', '/api/finance-locations'), notAJsonObject)
    .map(([h, target, bytes]) => ({ method: 'POST', target, ...h, body: { bytes } })),
);

/** Query values as they appear in a URL: right, wrong, malformed percent-encoding, hostile text encoded. */
export const queryValue = (good: string[]) =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...good) },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        '',
        '%00',
        '%zz',
        '%',
        '%ED%A0%80',
        '%F0%9F%9A%97',
        '+',
        '%20',
        'x'.repeat(3_000),
        ...PROTO_KEYS,
      ),
    },
    { weight: 2, arbitrary: nastyString.map(percentEncode) },
  );

export const reviewsTarget = fc
  .tuple(
    fc.option(queryValue(['901', '%20901', '902', '9'.repeat(16), '-1', '1e3', '0x385', '901.0']), { freq: 8 }),
    fc.option(queryValue(['Mini%20Motors%20Sydney', 'All%20Reviews', 'all+reviews', 'Nowhere']), { freq: 8 }),
    fc.option(
      fc.constantFrom(
        'websiteId=901',
        'gmbId=Mini%20Motors%20Sydney',
        'site=mini-motors',
        'websiteId[]=1',
        '&&',
        '=',
        'gmbId',
      ),
      { freq: 3 },
    ),
  )
  .map(([websiteId, gmbId, more]) => {
    const query = [
      websiteId !== null ? `websiteId=${websiteId}` : '',
      gmbId !== null ? `gmbId=${gmbId}` : '',
      more ?? '',
    ]
      .filter(Boolean)
      .join('&');
    return `/api/reviews${query ? `?${query}` : ''}`;
  });

export const modelsTarget = queryValue([
  'corolla',
  'COROLLA',
  '%20corolla%20',
  'hilux',
  'corolla/',
  'corolla?x=1',
  '..%2F..%2Fetc%2Fpasswd',
  'a%2Fb',
]).map((slug) => `/api/models/${slug}`);

export const readCase: fc.Arbitrary<ApiCase> = fc
  .tuple(
    fc.oneof(
      { weight: 3, arbitrary: reviewsTarget },
      { weight: 3, arbitrary: modelsTarget },
      {
        weight: 1,
        arbitrary: fc.constantFrom(
          '/api/manufacturer-locations',
          '/api/manufacturer-locations?site=mini-motors',
          '/api/manufacturer-locations?%zz',
          '/api/health',
          '/api/health/',
          '/api/health?x=%00',
        ),
      },
    ),
    headers,
    fc.constantFrom('GET', 'GET', 'GET', 'HEAD'),
  )
  .map(([target, h, method]) => ({ method, target, ...h, contentType: undefined }));

export const UNKNOWN_PATHS = [
  '/api',
  '/api/',
  '/api/unknown',
  '/api/leads/1',
  '/api/leads/',
  '/api//leads',
  '/api/health/x',
  '/api/%',
  '/api/%zz',
  '/api/%00',
  '/api/..',
  '/api/../api/leads',
  '/api/search/1/indexes//queries',
  '/api/search/1/indexes/cars',
  '/api/send-to-',
  '/api/send-to-a/b',
  '/api/send-to-%00',
  '/api/models',
  '/api/models/',
  '/api/reviews/x',
  '/api/__proto__',
  '/api/constructor',
  '/api/finance-locations/x',
  `/api/${'x'.repeat(5_000)}`,
];

export const otherCase: fc.Arbitrary<ApiCase> = fc
  .tuple(
    fc.constantFrom('GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'TRACE'),
    fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom(...UNKNOWN_PATHS) },
      {
        weight: 2,
        arbitrary: fc.constantFrom(
          '/api/leads',
          SEARCH_PATH,
          '/api/send-to-taurus',
          '/api/finance-locations',
          '/api/health',
          '/api/manufacturer-locations',
          '/api/models/corolla',
          '/api/reviews?websiteId=901&gmbId=x',
        ),
      },
      { weight: 1, arbitrary: nastyString.map((s) => `/api/${percentEncode(s)}`) },
    ),
    headers,
    fc.option(
      fc.oneof(
        notAJsonObject.map((bytes): ApiCase['body'] => ({ bytes })),
        asJson(validSave),
      ),
      { freq: 2 },
    ),
  )
  .map(([method, target, h, body]) => ({
    method,
    target,
    ...h,
    body: body && method !== 'GET' && method !== 'HEAD' ? body : undefined,
  }));
