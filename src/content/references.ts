/** Cross-file checks: unique slugs, so that two entities never fight over one URL. */
import type { DealerContent } from './dealer.ts';
import type { ContentIssue } from './issues.ts';

function duplicates<T>(dealer: string, file: string, items: T[], key: (t: T) => string, what: string): ContentIssue[] {
  const seen = new Map<string, number>();
  const out: ContentIssue[] = [];
  items.forEach((item, i) => {
    const k = key(item);
    const first = seen.get(k);
    if (first !== undefined) {
      out.push({
        dealer,
        file,
        path: `[${i}]`,
        message: `${what} "${k}" is also used by [${first}]; it must be unique`,
      });
    } else seen.set(k, i);
  });
  return out;
}

export function checkReferences(d: DealerContent): ContentIssue[] {
  return [
    ...duplicates(d.slug, 'cars.json', d.cars, (c) => c.slug, 'slug'),
    ...duplicates(d.slug, 'team.json', d.team, (m) => m.slug, 'slug'),
    ...duplicates(d.slug, 'models.json', d.models, (m) => m.new_slug || m.slug, 'slug'),
  ];
}
