import { describe, expect, it } from 'vitest';
import { jsonInStringLiteral } from '../../../src/engine/build/build-api.ts';

/** What the API's content module held before: the JSON text escaped by JSON.stringify, less its quotes. */
const byStringify = (text: string) => JSON.stringify(text).slice(1, -1);

describe('the content module escapes the JSON text byte for byte as JSON.stringify would', () => {
  const texts = [
    JSON.stringify({ name: 'Coastal "Motor" Group', path: 'C:\\cars\\', note: 'line\nbreak\ttab\r' }),
    JSON.stringify({ name: 'Māori Motors — Whanganui ☕ 🚗', sep: '\u2028\u2029', nul: '\u0000\u001f\b\f' }),
    '{\n  "pretty": "printed",\n\t"with": "whitespace"\n}',
    '{}',
    '',
  ];
  for (const text of texts) {
    it(JSON.stringify(text.slice(0, 40)), async () => {
      const escaped = jsonInStringLiteral(Buffer.from(text)).toString('utf8');
      expect(escaped).toBe(byStringify(text));
      // And a module holding it as a string literal gives back the text itself.
      const source = `export default "${escaped}";`;
      const loaded = (await import(`data:text/javascript,${encodeURIComponent(source)}`)) as { default: string };
      expect(loaded.default).toBe(text);
    });
  }

  it('leaves a text with nothing to escape as it is', () => {
    const bytes = Buffer.from('[1,2,3]');
    expect(jsonInStringLiteral(bytes)).toBe(bytes);
  });
});
