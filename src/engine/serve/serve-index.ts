/** The page at http://localhost:<port>/ that lists every built site. */
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import type { FailedDealer } from '../build/build-manifest.ts';
import type { ContentIssue } from '../../content/issues.ts';

export interface SiteEntry {
  slug: string;
  name: string;
}

const SLUG = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;

export function isSlug(s: string): boolean {
  return SLUG.test(s);
}

function decodeEntities(s: string): string {
  return s
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCodePoint(Number(n)))
    .replace(/&#x([0-9a-f]+);/gi, (_, n: string) => String.fromCodePoint(parseInt(n, 16)))
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

export function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/**
 * A site's display name: `name` of dealers/<slug>/site.json when that file is readable, else the
 * home page's og:site_name, else its <title>, else the slug.
 */
async function siteName(sitesDir: string, slug: string, dealersDir?: string): Promise<string> {
  if (dealersDir) {
    try {
      const site = JSON.parse(await readFile(path.join(dealersDir, slug, 'site.json'), 'utf8')) as { name?: unknown };
      if (typeof site.name === 'string' && site.name.trim()) return site.name.trim();
    } catch {
      // No readable snapshot for this site: fall back to the built page.
    }
  }
  try {
    const html = await readFile(path.join(sitesDir, slug, 'index.html'), 'utf8');
    const siteName = /<meta property="og:site_name" content="([^"]*)"/i.exec(html)?.[1];
    if (siteName?.trim()) return decodeEntities(siteName.trim());
    const title = /<title[^>]*>([^<]*)<\/title>/i.exec(html)?.[1];
    if (title?.trim()) return decodeEntities(title.trim());
  } catch {
    // Not built yet.
  }
  return slug;
}

/** Every folder of `sitesDir` that holds a built home page, sorted by slug. */
export async function listSites(sitesDir: string, dealersDir?: string): Promise<SiteEntry[]> {
  const entries = await readdir(sitesDir, { withFileTypes: true }).catch(() => []);
  const slugs: string[] = [];
  for (const e of entries) {
    if (!e.isDirectory() || !isSlug(e.name)) continue;
    const home = await readFile(path.join(sitesDir, e.name, 'index.html')).then(
      () => true,
      () => false,
    );
    if (home) slugs.push(e.name);
  }
  slugs.sort();
  return Promise.all(slugs.map(async (slug) => ({ slug, name: await siteName(sitesDir, slug, dealersDir) })));
}

/** `http://<slug>.localhost:<port>/` for the port the visitor used. */
export function siteOrigin(slug: string, port: number | string): string {
  return `http://${slug}.localhost:${port}`;
}

export function indexPage(
  sites: SiteEntry[],
  port: number | string,
  heading = 'Dealer sites',
  status?: string,
  failed: Record<string, FailedDealer> = {},
): string {
  const items = sites.length
    ? sites
        .map((s) => {
          const href = escapeHtml(siteOrigin(s.slug, port) + '/');
          const refused = failed[s.slug]
            ? ` <span class="broken">content errors: this is its last good site (built ${escapeHtml(failed[s.slug]!.lastGoodAt ?? '')})</span>`
            : '';
          return `      <li><a href="${href}">${escapeHtml(s.name)}</a> <code>${escapeHtml(s.slug)}</code>${refused}</li>`;
        })
        .join('\n')
    : '      <li>No site has been built yet. Run <code>npm run build</code>.</li>';
  const never = Object.entries(failed)
    .filter(([slug]) => !sites.some((s) => s.slug === slug))
    .map(
      ([slug, f]) =>
        `      <li><a href="${escapeHtml(siteOrigin(slug, port) + '/')}">${escapeHtml(slug)}</a> <span class="broken">not built: ${f.errors.length} content error${f.errors.length === 1 ? '' : 's'}</span></li>`,
    )
    .join('\n');
  return toolPage(
    heading,
    `      <h1>${escapeHtml(heading)}</h1>
${status ? `      <p>${escapeHtml(status)}</p>\n` : ''}      <ul>
${items}${never ? `\n${never}` : ''}
      </ul>
      <p>The API answers on every host under <a href="/api/health"><code>/api/</code></a>.</p>`,
  );
}

const TOOL_STYLE = `
      body { font: 1rem/1.5 system-ui, sans-serif; max-width: 40rem; margin: 2rem auto; padding: 0 1rem; color: #1a1a1a; }
      li { margin: 0.5rem 0; }
      code { color: #555; }
      .broken { color: #b00020; }`;

/**
 * The page shell of the local servers' own pages (site lists, the preview's content errors):
 * not indexed, plain styles; `extra` adds rules and head elements.
 */
export function toolPage(title: string, body: string, extra: { style?: string; head?: string } = {}): string {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta name="robots" content="noindex">
    <title>${escapeHtml(title)}</title>
    <style>${TOOL_STYLE}${extra.style ?? ''}
    </style>${extra.head ? `\n    ${extra.head}` : ''}
  </head>
  <body>
    <main>
${body}
    </main>
  </body>
</html>
`;
}

/**
 * What every page of a dealer answers (503) when its content was refused by the build and it has
 * no earlier site to show: the errors to fix, each with its file and JSON path. The other
 * dealers are served as usual.
 */
export function refusedSitePage(slug: string, failure: FailedDealer): string {
  const count = failure.errors.length;
  const items = issueItems(failure.errors);
  return toolPage(
    `Not built: ${slug}`,
    `      <h1>${escapeHtml(slug)} is not built</h1>
      <p>The build of ${escapeHtml(failure.at)} refused this dealer's content for ${count} error${count === 1 ? '' : 's'},
        and it has no earlier site to show. The other dealers are served as usual. Fix the content and build again.</p>
      <ul>
${items}
      </ul>`,
    { style: `\n      .issue { font-family: ui-monospace, monospace; font-size: 0.9rem; white-space: pre-wrap; }` },
  );
}

/** One list item per content issue: its file, its JSON path when it has one, and the message. */
export function issueItems(issues: ContentIssue[]): string {
  return issues
    .map((i) => {
      const at = i.path ? ` at <strong>${escapeHtml(i.path)}</strong>` : '';
      return `        <li class="issue"><strong>${escapeHtml(i.file || '(dealer folder)')}</strong>${at}: ${escapeHtml(i.message)}</li>`;
    })
    .join('\n');
}
