/**
 * The pages of the editor preview that are not dealer pages: the list of dealers at
 * http://localhost:<port>/, and the page a broken dealer (or one broken page) answers with, naming
 * each file and JSON path to fix. Both load Vite's client, so an open tab reloads by itself once the content changes.
 */
import { formatIssue, type ContentIssue } from '../../content/issues.ts';
import { escapeHtml, issueItems, siteOrigin, toolPage } from '../serve/serve-index.ts';
import type { DealerState } from './dev-content.ts';
import type { BrokenPage } from './dev-page-errors.ts';

/** Wider than the site list, for file paths; error lines in red. */
const STYLE = `
      body { max-width: 48rem; }
      .broken, .issue strong { color: #b00020; }
      .issue { font-family: ui-monospace, monospace; font-size: 0.9rem; white-space: pre-wrap; }`;

/** A preview page: loads Vite's client, so an open tab reloads by itself when content changes. */
function document(title: string, body: string): string {
  return toolPage(title, body, { style: STYLE, head: '<script type="module" src="/@vite/client"></script>' });
}

/** The dealers of the preview, each linked to its own host; broken ones say so. */
export function devIndexPage(
  dealers: DealerState[],
  port: number | string,
  heading = 'Dealer sites (preview)',
  status?: string,
): string {
  const items = dealers.length
    ? dealers
        .map((d) => {
          const name = d.content?.site.name ?? d.lastGood?.site.name ?? d.slug;
          const note = d.issues.length
            ? ` <span class="broken">${d.issues.length} content error${d.issues.length === 1 ? '' : 's'}</span>`
            : '';
          return `        <li><a href="${escapeHtml(siteOrigin(d.slug, port) + '/')}">${escapeHtml(name)}</a> <code>${escapeHtml(d.slug)}</code>${note}</li>`;
        })
        .join('\n')
    : '        <li>No dealer folder here.</li>';
  return document(
    heading,
    `      <h1>${escapeHtml(heading)}</h1>
${status ? `      <p>${escapeHtml(status)}</p>\n` : ''}      <ul>
${items}
      </ul>
      <p>Edits under the dealers folder show on the next reload. The API answers on every host under <a href="/api/health"><code>/api/</code></a>.</p>`,
  );
}

/** One line per issue, as the terminal prints them: "slug: file at path: message". */
export function describeIssues(issues: ContentIssue[]): string {
  return issues.map((i) => `  ✗ ${formatIssue(i)}`).join('\n');
}

/** The same for warnings (content that renders, but maybe not as meant). */
export function describeWarnings(warnings: ContentIssue[]): string {
  return warnings.map((w) => `  ! ${formatIssue(w)}`).join('\n');
}

/** What every page of a broken dealer answers (status 500) until its content is valid again. */
export function contentErrorPage(state: DealerState): string {
  const count = state.issues.length;
  const items = issueItems(state.issues);
  return document(
    `Content error: ${state.slug}`,
    `      <h1>Content error in ${escapeHtml(state.slug)}</h1>
      <p>The content of this dealer has ${count} error${count === 1 ? '' : 's'}, so none of its pages is shown
        (not even from older content). Fix ${count === 1 ? 'it' : 'them'} and this page reloads by itself.</p>
      <ul>
${items}
      </ul>`,
  );
}

/**
 * What a broken page of an otherwise valid dealer answers (status 500): the errors of its file
 * (and, on the home page, of the page files whose path cannot be read). The other pages show.
 */
export function pageErrorPage(state: DealerState, route: string, broken: BrokenPage[]): string {
  const issues = broken.flatMap((b) => b.issues);
  const count = issues.length;
  const files = [...new Set(broken.map((b) => b.file))].join(', ');
  return document(
    `Content error: ${route} of ${state.slug}`,
    `      <h1>Content error on ${escapeHtml(route)}</h1>
      <p>${escapeHtml(files)} ${broken.length === 1 ? 'has' : 'have'} ${count} error${count === 1 ? '' : 's'}, so this page is not shown
        (not even from older content); the dealer's other pages are. Fix ${count === 1 ? 'it' : 'them'} and this page reloads by itself.</p>
      <ul>
${issueItems(issues)}
      </ul>`,
  );
}

/**
 * The editor-only box at the top of a dealer's home page listing the page files whose errors no
 * page can show (their path cannot be read), with file and JSON path.
 */
export function unplacedErrorsBox(broken: BrokenPage[]): string {
  const issues = broken.flatMap((b) => b.issues);
  const files = broken.map((b) => b.file).join(', ');
  return `<aside role="note" style="margin:1rem;padding:1rem 1.25rem;border:2px dashed #b00020;border-radius:6px;background:#fff5f6;color:#5c0010;font:0.95rem/1.4 system-ui,sans-serif;overflow-wrap:anywhere">
  <p style="margin:0 0 0.5rem;font-weight:600">Preview only: ${escapeHtml(files)} ${broken.length === 1 ? 'is not shown on any page (its page path cannot be read). Its errors' : 'are not shown on any page (their page paths cannot be read). Their errors'}:</p>
  <ul style="margin:0;padding-left:1.25rem;font-family:ui-monospace,monospace;font-size:0.85rem">
${issueItems(issues)}
  </ul>
</aside>`;
}
