/**
 * llms.txt (src/engine/build/llms-txt.ts): the dealer, what it sells and where, its stock, range,
 * offers, locations, forms and the agents' interfaces, in plain Markdown, from the dealer's
 * content; for a sample dealer and for bare ones (no stock, no locations, NZ). Served as UTF-8
 * plain text by npm start and by the deploy's _headers.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadDealers, type DealerContent } from '../../../src/content/load.ts';
import { llmsTxt, placeOf } from '../../../src/engine/build/llms-txt.ts';
import { LLMS_TXT_TYPE, headersFile } from '../../../src/engine/build/site-files.ts';
import { contentType } from '../../../src/engine/serve/serve-files.ts';
import { headersFor, parseHeaders } from '../../../src/engine/serve/serve-headers.ts';
import { isListed } from '../../../src/domain/routes.ts';
import { fixtureDealers } from '../../helpers/db.ts';

let samples: DealerContent[];
let fixtures: DealerContent[];

beforeAll(async () => {
  const loaded = await loadDealers('dealers');
  expect(loaded.errors).toEqual([]);
  samples = loaded.dealers;
  fixtures = await fixtureDealers();
});

const section = (text: string, heading: string) => {
  const start = text.indexOf(`\n## ${heading}\n`);
  if (start < 0) return undefined;
  const end = text.indexOf('\n## ', start + 1);
  return text.slice(start, end < 0 ? undefined : end);
};

describe('llms.txt', () => {
  it('describes a sample dealer: name, summary, stock, range, offers, locations, forms and agents', () => {
    const tasman = samples.find((d) => d.slug === 'tasman-motors')!;
    const text = llmsTxt(tasman);
    const lines = text.split('\n');
    expect(lines[0]).toBe('# Tasman Motors');
    expect(lines[2]).toMatch(
      /^> Tasman Motors is a car dealer selling new, demo and used cars \(.*Mitsubishi.*\), in /,
    );
    expect(lines[2]).toContain('Christchurch');
    expect(lines[2]).toMatch(/New Zealand\.$/);
    expect(text).toContain('Prices are in New Zealand dollars.');

    const listed = tasman.cars.filter(isListed).length;
    expect(section(text, 'Stock')).toContain(`${listed} cars were listed when the site was built.`);
    expect(section(text, 'Stock')).toContain('(https://www.tasmanmotors.co.nz/used-cars)');

    const range = section(text, 'New-car range')!;
    expect(range).toContain('- [Triton](https://www.tasmanmotors.co.nz/triton)');
    expect(range).toContain('- [ASX](https://www.tasmanmotors.co.nz/asx)');
    expect(range).toMatch(/: from \$\d{1,3},\d{3}/);

    expect(section(text, 'Offers')).toContain('(https://www.tasmanmotors.co.nz/special-offers)');

    const locations = section(text, 'Locations')!;
    expect(locations).toContain('### Tasman Mitsubishi Sydenham');
    expect(locations).toContain('- Address: 399 Moorhouse Avenue, Sydenham, Christchurch 8011');
    expect(locations).toContain('- Phone: 03 366 4100');
    expect(locations).toMatch(/- Hours: Mon–Fri 8am – 5:30pm/);

    const enquire = section(text, 'Enquire and book')!;
    expect(enquire).toContain('- Email: hello@tasmanmotors.co.nz');
    expect(enquire).toContain('[Book a Test Drive](https://www.tasmanmotors.co.nz/book-test-drive)');

    const agents = section(text, 'Agents')!;
    expect(agents).toContain('(https://www.tasmanmotors.co.nz/api/mcp)');
    expect(agents).toContain('Streamable HTTP');
    expect(agents).toContain('(https://www.tasmanmotors.co.nz/api/openapi.json)');
    // Plain Markdown: no HTML.
    expect(text).not.toMatch(/<[a-z]/i);
  });

  it('follows the content: another dealer, another file', () => {
    const ridgeline = samples.find((d) => d.slug === 'ridgeline-mazda')!;
    const text = llmsTxt(ridgeline);
    expect(text.startsWith('# Ridgeline Mazda\n')).toBe(true);
    expect(text).toContain('Geelong West VIC');
    expect(text).toContain('Prices are in Australian dollars.');
    expect(text).not.toContain('tasmanmotors');
  });

  it('describes a bare dealer: no stock, no locations, no range', () => {
    const bare = fixtures.find((d) => d.slug === 'group-motors')!;
    expect(bare.cars.length + bare.locations.length + bare.models.length).toBe(0);
    const text = llmsTxt(bare);
    expect(text.split('\n').slice(0, 3)).toEqual([
      '# Group Motors',
      '',
      '> Group Motors is a car dealer selling cars, in VIC, Australia.',
    ]);
    expect(section(text, 'Stock')).toContain('No cars were listed when the site was built.');
    expect(section(text, 'New-car range')).toBeUndefined();
    expect(section(text, 'Locations')).toBeUndefined();
    expect(section(text, 'Offers')).toBeUndefined();
    expect(section(text, 'Enquire and book')).toContain('- Phone: (03) 9555 0200');
    expect(section(text, 'Agents')).toContain('(https://www.groupmotors.com.au/api/mcp)');
  });

  it('describes an NZ dealer without contact details or state, escaping Markdown in its words', () => {
    const bare = structuredClone(fixtures.find((d) => d.slug === 'group-motors')!);
    bare.site = { ...bare.site, name: 'Kiwi [Cars] *Ltd*', country: 'NZ', state: undefined, contact: undefined };
    const text = llmsTxt(bare);
    expect(text.split('\n')[0]).toBe('# Kiwi \\[Cars\\] \\*Ltd\\*');
    expect(text).toContain('> Kiwi \\[Cars\\] \\*Ltd\\* is a car dealer selling cars, in New Zealand.');
    expect(text).toContain('Prices are in New Zealand dollars.');
    expect(section(text, 'Enquire and book')).not.toContain('Phone');
  });

  it('names a place by its address’s last part without the postcode', () => {
    expect(placeOf('12 Bay St, Parramatta NSW 2150')).toBe('Parramatta NSW');
    expect(placeOf('399 Moorhouse Avenue, Sydenham, Christchurch 8011')).toBe('Christchurch');
    expect(placeOf('')).toBeUndefined();
  });

  it('is served as UTF-8 plain text by npm start and by the _headers of static hosts', () => {
    expect(LLMS_TXT_TYPE).toBe('text/plain; charset=utf-8');
    expect(contentType('llms.txt')).toBe(LLMS_TXT_TYPE);
    const rules = parseHeaders(headersFile("default-src 'self'")).rules;
    expect(headersFor(rules, '/llms.txt').get('content-type')?.value).toBe(LLMS_TXT_TYPE);
  });
});
