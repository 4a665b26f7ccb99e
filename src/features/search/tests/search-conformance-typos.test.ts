/**
 * Typo tolerance and the other text settings, through Algolia's official client: one typo from
 * 4 letters and two from 8 (minWordSizefor1Typo, minWordSizefor2Typos), exact matches ranked
 * before typo matches, typoTolerance false/min/strict, typos in numbers only when allowed, typos
 * in the start of a word being typed, queryType and restrictSearchableAttributes.
 */
import { describe, expect, it } from 'vitest';
import { testDatabases } from '../../../../tests/helpers/db.ts';
import { idsOf, serveSearch, searchOne } from '../../../../tests/helpers/search-clients.ts';
import { idsWhere } from '../../../../tests/helpers/search-stock.ts';

describe.each(testDatabases)('typo tolerance through algoliasearch v5 on $label', (database) => {
  const served = serveSearch(database);
  /** The hits of the primary index (relevance, then newest), in order. */
  const ids = async (query: string, params: Record<string, unknown> = {}) =>
    idsOf(await searchOne(served.client, 'cars', { query, hitsPerPage: 100, ...params }));
  const sorted = async (query: string, params: Record<string, unknown> = {}) =>
    (await ids(query, params)).sort((a, b) => +a - +b);

  it('finds makes and models with one typo from 4 letters: a letter missing, added, wrong or swapped', async () => {
    const toyotas = ['1', '2', '3', '4'];
    for (const typo of ['toyta', 'toyotta', 'toyoda', 'tyoota']) expect(await sorted(typo), typo).toEqual(toyotas);
    expect(await sorted('hilix')).toEqual(['3']);
    expect(await sorted('crolla')).toEqual(['1', '2']);
    expect(await sorted('mazda carnvial')).toEqual([]);
    expect(await sorted('kia carnvial')).toEqual(['7']);
    expect(await sorted('parramata')).toEqual(idsWhere((c) => c.location_name === 'Parramatta'));
    // Three letters allow none; a word needs all its letters within the budget.
    expect(await sorted('kai')).toEqual([]);
    expect(await sorted('crola')).toEqual([]);
  });

  it('allows two typos from 8 letters, and only one below', async () => {
    expect(await sorted('lnadcruisr')).toEqual(['4']);
    expect(await sorted('mitsbushi')).toEqual(['13', '14']);
    expect(await sorted('outlnadr')).toEqual(['14']);
    expect(await sorted('tucsn')).toEqual(['9']);
    expect(await sorted('tsucn')).toEqual([]);
  });

  it('ranks exact matches before typo matches, whatever the order after relevance', async () => {
    // "ford" is Ford (exact) and, one letter off the start of "Forester", the newer Subaru.
    expect(await ids('ford')).toEqual(['8', '12']);
    expect(await ids('ford', { typoTolerance: 'min' })).toEqual(['8']);
    expect(await ids('hilux')).toEqual(['3']);
    const exactFirst = await searchOne(served.client, 'cars', { query: 'ford', facets: ['make'] });
    expect(exactFirst.facets!.make).toEqual({ Ford: 1, Subaru: 1 });
  });

  it('turns typos off with typoTolerance false, keeps the fewest with "min" and the two fewest with "strict"', async () => {
    expect(await sorted('toyta', { typoTolerance: false })).toEqual([]);
    expect(await sorted('toyta', { typoTolerance: 'false' })).toEqual([]);
    expect(await sorted('toyota', { typoTolerance: false })).toEqual(['1', '2', '3', '4']);
    expect(await sorted('toyta', { typoTolerance: 'min' })).toEqual(['1', '2', '3', '4']);
    expect(await sorted('ford', { typoTolerance: 'strict' })).toEqual(['8', '12']);
    expect(await sorted('toyta', { minWordSizefor1Typo: 6 })).toEqual([]);
    expect(await sorted('mitsbushi', { minWordSizefor2Typos: 10 })).toEqual([]);
  });

  it('leaves numbers exact unless allowTyposOnNumericTokens is on', async () => {
    expect(await sorted('2019')).toEqual(idsWhere((c) => c.year === 2019));
    expect(await sorted('2019', { allowTyposOnNumericTokens: true })).toEqual(
      idsWhere((c) => [2017, 2018, 2019].includes(c.year)),
    );
  });

  it('matches typos in the start of a word being typed, and highlights what they matched', async () => {
    expect(await sorted('lancru')).toEqual(['4']);
    expect(await sorted('outlandr')).toEqual(['14']);
    const hit = (await searchOne(served.client, 'cars', { query: 'toyta crolla' })).hits.find(
      (h) => h.objectID === '2',
    )!;
    expect(hit._highlightResult).toMatchObject({
      make: { value: '<em>Toyota</em>', matchLevel: 'partial', matchedWords: ['toyta'], fullyHighlighted: true },
      name: {
        value: '2022 <em>Toyota</em> <em>Corolla</em> Cross GXL',
        matchLevel: 'full',
        matchedWords: ['toyta', 'crolla'],
      },
    });
  });

  it('matches whole words only where queryType says so', async () => {
    expect(await sorted('toyota cor', { queryType: 'prefixLast' })).toEqual(['1', '2']);
    expect(await sorted('cor toyota', { queryType: 'prefixLast' })).toEqual([]);
    expect(await sorted('cor', { queryType: 'prefixNone' })).toEqual([]);
    expect(await sorted('corolla', { queryType: 'prefixNone' })).toEqual(['1', '2']);
    expect(await sorted('corola', { queryType: 'prefixNone' })).toEqual(['1', '2']);
  });

  it('matches only the attributes restrictSearchableAttributes names', async () => {
    const penrith = idsWhere((c) => c.location_name === 'Penrith');
    expect(await sorted('penrith')).toEqual(penrith);
    expect(await sorted('penrith', { restrictSearchableAttributes: ['location_name'] })).toEqual(penrith);
    expect(await sorted('penrith', { restrictSearchableAttributes: ['make', 'model'] })).toEqual([]);
    expect(await sorted('one owner', { restrictSearchableAttributes: ['dealercomments'] })).toEqual(['7']);
    expect(await sorted('toyta hilux', { restrictSearchableAttributes: ['make', 'model'] })).toEqual(['3']);
    expect(await sorted('ascent toyota', { restrictSearchableAttributes: ['make', 'model'] })).toEqual([]);
    await expect(
      searchOne(served.client, 'cars', { query: 'x', restrictSearchableAttributes: ['vin'] }),
    ).rejects.toMatchObject({ status: 400 });
  });
});
