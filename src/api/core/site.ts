/**
 * Which dealer a request is for, resolved once per request: the host (`<slug>.localhost`, or the
 * host of a dealer's site.url with or without "www."), else an explicit `site` slug (the JSON
 * body's `site` field, then the `site` query parameter). The host wins: a page served from a
 * dealer's domain always saves to that dealer.
 */
import type { DealerContent } from '../../content/load.ts';

const indexes = new WeakMap<
  DealerContent[],
  { bySlug: Map<string, DealerContent>; byHost: Map<string, DealerContent> }
>();

function bareHost(host: string): string {
  return host
    .trim()
    .toLowerCase()
    .replace(/:\d*$/, '')
    .replace(/\.$/, '')
    .replace(/^www\./, '');
}

function indexOf(dealers: DealerContent[]) {
  let index = indexes.get(dealers);
  if (!index) {
    index = { bySlug: new Map(), byHost: new Map() };
    for (const d of dealers) {
      index.bySlug.set(d.slug, d);
      index.byHost.set(`${d.slug}.localhost`, d);
      try {
        index.byHost.set(bareHost(new URL(d.site.url).host), d);
      } catch {
        // A dealer without a usable site.url is found by slug only.
      }
    }
    indexes.set(dealers, index);
  }
  return index;
}

/** The dealer for this request, or undefined (the caller answers 404). */
export function resolveSite(request: Request, dealers: DealerContent[], bodySite?: unknown): DealerContent | undefined {
  const { bySlug, byHost } = indexOf(dealers);
  const url = new URL(request.url);
  for (const host of [url.host, request.headers.get('host'), request.headers.get('x-forwarded-host')]) {
    if (!host) continue;
    const found = byHost.get(bareHost(host.split(',')[0]!));
    if (found) return found;
  }
  for (const slug of [bodySite, url.searchParams.get('site')]) {
    if (typeof slug === 'string' && slug) {
      const found = bySlug.get(slug.trim().toLowerCase());
      if (found) return found;
    }
  }
  return undefined;
}
