/**
 * A CloudFront Function (runtime cloudfront-js-2.0) that gives one dealer's site on Amazon S3 what
 * a static host does by itself (docs/deploy.md, AWS):
 *
 *   viewer request   `/x/` and `/x` are served from `/x/index.html`, as npm start serves them;
 *   viewer response  the headers of the site's `_headers`, rule for rule as npm start applies
 *                    them (src/engine/serve/serve-headers.ts: least specific rule first, a header
 *                    named again replacing the earlier one).
 *
 * The rules are compiled into the function's code, so a site's function is made again whenever
 * its `_headers` changes (its CSP follows the site's content, and pages showing the Google map
 * have a policy of their own: site-files.ts `mapPagePaths`).
 */
import { parseHeaders, patternRegExp, specificity } from './serve-headers.ts';

/** CloudFront refuses function code larger than this. */
export const CLOUDFRONT_FUNCTION_MAX_BYTES = 10_240;

export function cloudFrontFunction(headersText: string, source = '_headers'): string {
  const { rules, problems } = parseHeaders(headersText);
  if (problems.length) throw new Error(`${source} cannot be read:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  const ordered = rules
    .map((rule, order) => ({ rule, order }))
    .sort((a, b) => specificity(a.rule.pattern) - specificity(b.rule.pattern) || a.order - b.order)
    .map(({ rule }) => {
      // Within one rule a repeated header adds a value, as on the static hosts.
      const merged = new Map<string, string>();
      for (const [name, value] of rule.headers) {
        const key = name.toLowerCase();
        merged.set(key, merged.has(key) ? `${merged.get(key)}, ${value}` : value);
      }
      return [patternRegExp(rule.pattern).source, [...merged]] as const;
    })
    // "/contact" and "/contact/" compile to one expression: a page's rule written for both of its
    // addresses is kept once (the later copy, which is where it took effect).
    .filter(
      ([re, headers], i, all) =>
        !all.slice(i + 1).some(([later, h]) => later === re && JSON.stringify(h) === JSON.stringify(headers)),
    );
  const code = [
    `// Generated from ${source} by scripts/cloudfront-function.ts: make it again when that file changes.`,
    `var RULES = ${JSON.stringify(ordered.map(([re, headers]) => [re, headers]))}.map(function (r) { return [new RegExp(r[0]), r[1]]; });`,
    'function handler(event) {',
    '  var request = event.request;',
    '  var uri = request.uri;',
    "  if (event.context.eventType === 'viewer-request') {",
    "    var last = uri.slice(uri.lastIndexOf('/') + 1);",
    "    if (last === '') request.uri = uri + 'index.html';",
    "    else if (last.indexOf('.') === -1) request.uri = uri + '/index.html';",
    '    return request;',
    '  }',
    '  var response = event.response;',
    "  var path = uri.replace(/\\/index\\.html$/, '/');",
    '  for (var i = 0; i < RULES.length; i++) {',
    '    if (!RULES[i][0].test(path)) continue;',
    '    var headers = RULES[i][1];',
    '    for (var j = 0; j < headers.length; j++) response.headers[headers[j][0]] = { value: headers[j][1] };',
    '  }',
    '  return response;',
    '}',
    '',
  ].join('\n');
  const bytes = Buffer.byteLength(code);
  if (bytes > CLOUDFRONT_FUNCTION_MAX_BYTES) {
    throw new Error(
      `The CloudFront Function for ${source} is ${bytes} bytes, over CloudFront's limit of ${CLOUDFRONT_FUNCTION_MAX_BYTES}.`,
    );
  }
  return code;
}
