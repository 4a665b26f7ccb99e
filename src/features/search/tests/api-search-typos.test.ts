import { describe, expect, it } from 'vitest';
import { parseFacetFilters } from '../rules/filters.ts';
import { highlightValue } from '../server/highlight.ts';
import { ParamError, parseSearchRequest, type TextSettings } from '../contract/search-params.ts';
import { projectHit, retrievePlan } from '../server/retrieve.ts';
import { prefixFlags, typoBudget, typosOf, type TermMatch } from '../server/typos.ts';
import { editDistance } from '../../../lib/edit-distance.ts';

const DEFAULTS: TextSettings = {
  typoTolerance: true,
  minWordSizefor1Typo: 4,
  minWordSizefor2Typos: 8,
  allowTyposOnNumericTokens: false,
  queryType: 'prefixAll',
};
const d = (a: string, b: string, max = 2) => editDistance([...a], [...b], max);

describe('counting typos as Algolia does', () => {
  it('counts a letter left out, added or replaced, and two neighbours swapped, as one typo each', () => {
    expect(d('toyota', 'toyota')).toBe(0);
    expect(d('toyta', 'toyota')).toBe(1);
    expect(d('toyotta', 'toyota')).toBe(1);
    expect(d('toyoda', 'toyota')).toBe(1);
    expect(d('tyoota', 'toyota')).toBe(1);
    expect(d('lnadcruisr', 'landcruiser')).toBe(2);
    // More than the budget is budget + 1, however far.
    expect(d('mazda', 'mitsubishi', 2)).toBe(3);
    expect(d('ab', 'abcdefg', 1)).toBe(2);
    expect(d('škoda', 'skoda')).toBe(1);
  });

  it('allows one typo from 4 letters and two from 8; none for numbers unless allowed, none when off', () => {
    expect([3, 4, 7, 8].map((n) => typoBudget('x'.repeat(n), DEFAULTS))).toEqual([0, 1, 1, 2]);
    expect(typoBudget('2019', DEFAULTS)).toBe(0);
    expect(typoBudget('2019', { ...DEFAULTS, allowTyposOnNumericTokens: true })).toBe(1);
    expect(typoBudget('i30x', DEFAULTS)).toBe(1);
    expect(typoBudget('toyota', { ...DEFAULTS, typoTolerance: false })).toBe(0);
    expect(typoBudget('toyota', { ...DEFAULTS, typoTolerance: 'min' })).toBe(1);
    expect(typoBudget('toyota', { ...DEFAULTS, minWordSizefor1Typo: 7 })).toBe(0);
  });

  it('measures a word being typed against the starts of words, the fewest typos and then the longest start', () => {
    expect(typosOf('lancru', 'landcruiser', 1, true)).toEqual({ typos: 1, length: 7 });
    expect(typosOf('lancru', 'landcruiser', 1, false)).toBeUndefined();
    expect(typosOf('ford', 'forester', 1, true)).toEqual({ typos: 1, length: 4 });
    expect(typosOf('corola', 'corolla', 1, false)).toEqual({ typos: 1, length: 7 });
    // An exact start is no typo match: the query word matches it exactly.
    expect(typosOf('toyo', 'toyota', 1, true)).toBeUndefined();
    expect(typosOf('crola', 'corolla', 1, true)).toBeUndefined();
  });

  it('makes every word a prefix, the last one only, or none, as queryType says', () => {
    expect(prefixFlags(3, 'prefixAll')).toEqual([true, true, true]);
    expect(prefixFlags(3, 'prefixLast')).toEqual([false, false, true]);
    expect(prefixFlags(3, 'prefixNone')).toEqual([false, false, false]);
  });
});

describe('highlighting', () => {
  const terms: TermMatch[] = [
    { term: 'toyta', prefix: true, typoWords: new Map([['toyota', { typos: 1, length: 6 }]]) },
    { term: 'cor', prefix: true, typoWords: new Map() },
  ];
  it('wraps the start a query word matched, or the whole word it matched with typos', () => {
    expect(highlightValue('2021 Toyota Corolla', terms, '<b>', '</b>')).toEqual({
      value: '2021 <b>Toyota</b> <b>Cor</b>olla',
      matchLevel: 'full',
      matchedWords: ['toyta', 'cor'],
      fullyHighlighted: false,
    });
    expect(highlightValue('TOYOTA', terms, '<b>', '</b>')).toEqual({
      value: '<b>TOYOTA</b>',
      matchLevel: 'partial',
      matchedWords: ['toyta'],
      fullyHighlighted: true,
    });
    expect(highlightValue('Mazda', terms, '<b>', '</b>')).toEqual({
      value: 'Mazda',
      matchLevel: 'none',
      matchedWords: [],
    });
  });
});

describe('reading the parameters', () => {
  const parse = (params: Record<string, unknown>, indexName = 'cars') => parseSearchRequest({ indexName, params });
  const refused = (params: Record<string, unknown>) => {
    try {
      parse(params);
    } catch (e) {
      return e instanceof ParamError ? e.param : 'other';
    }
    return 'accepted';
  };

  it('reads "attr:-value" as a negation and "attr:\\-value" as a value; refuses "-attr:value"', () => {
    expect(parseFacetFilters(['make:-Kia', 'make:\\-Kia'])).toEqual({
      kind: 'and',
      items: [
        { kind: 'not', item: { kind: 'facet', attr: 'make', value: 'Kia' } },
        { kind: 'facet', attr: 'make', value: '-Kia' },
      ],
    });
    expect(refused({ facetFilters: ['-make:Kia'] })).toBe('facetFilters');
  });

  it('reads the text settings, as values or as the text of a params string, and refuses wrong ones', () => {
    const req = parseSearchRequest({
      indexName: 'cars',
      params:
        'typoTolerance=min&minWordSizefor1Typo=5&queryType=prefixLast&restrictSearchableAttributes=%5B%22model%22%2C%22make%22%5D',
    });
    expect(req.text).toEqual({
      ...DEFAULTS,
      typoTolerance: 'min',
      minWordSizefor1Typo: 5,
      queryType: 'prefixLast',
      restrict: [1, 2],
    });
    expect(parse({ typoTolerance: 'false', allowTyposOnNumericTokens: 'true' }).text).toMatchObject({
      typoTolerance: false,
      allowTyposOnNumericTokens: true,
    });
    expect(refused({ typoTolerance: 'sometimes' })).toBe('typoTolerance');
    expect(refused({ queryType: 'prefixFirst' })).toBe('queryType');
    expect(refused({ restrictSearchableAttributes: ['vin'] })).toBe('restrictSearchableAttributes');
    expect(refused({ sortFacetValuesBy: 'size' })).toBe('sortFacetValuesBy');
    expect(refused({ clickAnalytics: 'yes' })).toBe('clickAnalytics');
    expect(refused({ attributesToRetrieve: ['vin\u0000'] })).toBe('attributesToRetrieve');
  });

  it('takes offset and length over page and hitsPerPage, length as hitsPerPage when left out', () => {
    expect(parse({ offset: 5, length: 3, page: 2 })).toMatchObject({ offset: 5, length: 3, page: 2 });
    expect(parse({ offset: 5, hitsPerPage: 7 })).toMatchObject({ offset: 5, length: 7 });
    expect(parse({ length: 3 })).toMatchObject({ offset: undefined, length: undefined });
    expect(parse({ offset: 0, length: 1000 }).length).toBe(250);
  });

  it('refuses tag filters, which no record could pass, and lets empty ones by', () => {
    expect(refused({ tagFilters: ['new'] })).toBe('tagFilters');
    expect(refused({ tagFilters: 'new' })).toBe('tagFilters');
    expect(refused({ tagFilters: '' })).toBe('accepted');
    expect(refused({ tagFilters: [[]] })).toBe('accepted');
    expect(refused({ tagFilters: '[]' })).toBe('accepted');
  });
});

describe('what a hit carries', () => {
  const record = {
    objectID: '1',
    make: 'Toyota',
    vin: 'V',
    rego: 'R',
    model: { name: 'Corolla', slug: 'corolla' },
    price: 1,
  };
  const plan = (params: Record<string, unknown>, indexName = 'cars') =>
    retrievePlan(parseSearchRequest({ indexName, params }));
  it('keeps what is named, all but what is left out for "*", and a VIN or registration only when named', () => {
    expect(projectHit(record, plan({ attributesToRetrieve: ['make'] }))).toEqual({ objectID: '1', make: 'Toyota' });
    expect(projectHit(record, plan({ attributesToRetrieve: ['*', '-price'] }))).toEqual({
      objectID: '1',
      make: 'Toyota',
      model: { name: 'Corolla', slug: 'corolla' },
    });
    expect(projectHit(record, plan({ attributesToRetrieve: ['*', '-model.slug', 'vin'] }))).toEqual({
      objectID: '1',
      make: 'Toyota',
      vin: 'V',
      model: { name: 'Corolla' },
      price: 1,
    });
    expect(projectHit(record, plan({ attributesToRetrieve: ['model.name'] }, 'offers'))).toEqual({
      objectID: '1',
      model: { name: 'Corolla' },
    });
    expect(plan({})).toMatchObject({
      all: false,
      drop: ['vin', 'rego'],
      keep: expect.arrayContaining(['objectID', 'slug', 'photos', 'name']),
    });
    expect(plan({ attributesToHighlight: ['vin', 'make'] }).highlight).toEqual(['make']);
    expect(plan({ attributesToHighlight: ['vin'], attributesToRetrieve: ['vin'] }).highlight).toEqual(['vin']);
  });
});

describe('paths a request names', () => {
  it("never reach Object.prototype's members", () => {
    const plan = retrievePlan(
      parseSearchRequest({
        indexName: 'cars',
        params: { attributesToRetrieve: ['__proto__', 'constructor', 'make.__proto__', 'toString'] },
      }),
    );
    const hit = projectHit({ objectID: '1', make: 'Toyota' }, plan);
    expect(hit).toEqual({ objectID: '1' });
    expect(Object.getPrototypeOf(hit)).toBe(Object.prototype);
    const all = retrievePlan(
      parseSearchRequest({
        indexName: 'cars',
        params: { attributesToRetrieve: ['*', '-__proto__.x', '-constructor'] },
      }),
    );
    expect(JSON.stringify(projectHit({ objectID: '1', make: 'Toyota' }, all))).toBe('{"objectID":"1","make":"Toyota"}');
  });
});
