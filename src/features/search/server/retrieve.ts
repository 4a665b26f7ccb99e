/**
 * What a hit carries (attributesToRetrieve) and which of its attributes are highlighted
 * (attributesToHighlight), as Algolia reads them: a list of attributes (dotted paths reach into
 * objects, "model.name"), "*" for all, "-attr" with "*" to leave one out; objectID always. The
 * index's settings (settings.ts) apply when a request names none. Attributes the settings keep
 * for requests that name them (a car's VIN and registration) are never part of "*".
 */
import { RESERVED_KEYS } from '../../../contract/parse.ts';
import type { SearchRequest } from '../contract/search-params.ts';
import { SETTINGS, valueAt } from '../rules/settings.ts';

type Hit = Record<string, unknown>;

export interface RetrievePlan {
  /** Every attribute (but `excluded`), or only `named`. */
  all: boolean;
  named: string[];
  excluded: string[];
  /** Attributes to highlight; '*' for every text attribute a hit may carry. */
  highlight: string[] | '*';
  /**
   * The top-level keys the statement returns of each record (`keep`), or all but `drop`: what
   * the hit and its highlighting need, no more.
   */
  keep?: string[];
  drop: string[];
}

const top = (attr: string) => attr.split('.')[0]!;

export function retrievePlan(req: SearchRequest): RetrievePlan {
  const settings = SETTINGS[req.index.kind];
  const list = req.attributesToRetrieve ?? settings.attributesToRetrieve;
  const all = list.includes('*');
  const named = list.filter((a) => a !== '*' && !a.startsWith('-'));
  const excluded = all ? list.filter((a) => a.startsWith('-')).map((a) => a.slice(1)) : [];
  const allowed = (attr: string) =>
    !settings.onRequestOnly.includes(top(attr)) || named.some((n) => top(n) === top(attr));
  const asked = req.attributesToHighlight ?? settings.attributesToHighlight;
  const highlight = asked.includes('*') ? '*' : asked.filter(allowed);
  const drop = settings.onRequestOnly.filter((a) => !allowed(a));
  if (all || highlight === '*') return { all, named, excluded, highlight, drop };
  return { all, named, excluded, highlight, keep: [...new Set(['objectID', ...named, ...highlight].map(top))], drop };
}

/**
 * Sets the value at `path` of `target`, copying the objects on the way (the record stays as it
 * is). Names Object.prototype has ("__proto__", …) are never set: a request may send any path.
 */
export function setAt(target: Hit, path: string[], value: unknown): void {
  const [head, ...rest] = path;
  if (RESERVED_KEYS.has(head!)) return;
  if (!rest.length) {
    target[head!] = value;
    return;
  }
  const inner = target[head!];
  const copy: Hit = inner && typeof inner === 'object' && !Array.isArray(inner) ? { ...(inner as Hit) } : {};
  target[head!] = copy;
  setAt(copy, rest, value);
}

/** `record` without the value at `path`. */
function withoutAt(record: Hit, path: string[]): Hit {
  const [head, ...rest] = path;
  if (!Object.hasOwn(record, head!)) return record;
  const { [head!]: inner, ...others } = record;
  if (!rest.length) return others;
  if (!inner || typeof inner !== 'object' || Array.isArray(inner)) return record;
  return { ...others, [head!]: withoutAt(inner as Hit, rest) };
}

/** The hit as returned: the record's attributes the plan retrieves, objectID first. */
export function projectHit(record: Hit, plan: RetrievePlan): Hit {
  let out: Hit;
  if (plan.all) {
    out = { ...record };
    for (const attr of [...plan.excluded, ...plan.drop]) out = withoutAt(out, attr.split('.'));
  } else {
    out = {};
    for (const attr of plan.named) {
      const value = valueAt(record, attr);
      if (value !== undefined) setAt(out, attr.split('.'), value);
    }
  }
  return { objectID: record.objectID, ...out };
}

/** The attributes to highlight of one record: its text values, by path. */
export function highlightedAttributes(record: Hit, plan: RetrievePlan): string[] {
  if (plan.highlight !== '*') return plan.highlight.filter((a) => typeof valueAt(record, a) === 'string');
  const paths: string[] = [];
  const walk = (value: unknown, path: string): void => {
    if (typeof value === 'string') paths.push(path);
    else if (value && typeof value === 'object' && !Array.isArray(value)) {
      for (const [k, v] of Object.entries(value)) walk(v, path ? `${path}.${k}` : k);
    }
  };
  for (const [k, v] of Object.entries(record)) if (k !== 'objectID' && !plan.drop.includes(k)) walk(v, k);
  return paths;
}
