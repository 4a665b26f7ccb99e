/**
 * The `_headers` file of a site root, as Netlify and Cloudflare Pages read it, and as `npm start`
 * applies it:
 *
 *     # comment
 *     /*
 *       Cache-Control: public, max-age=0
 *     /_astro/*
 *       Cache-Control: public, max-age=31536000, immutable
 *
 * A line starting at column 0 is a URL pattern; the indented `Name: value` lines below it are its
 * headers. `*` matches any run of characters (slashes included), `:name` one path segment.
 */

export interface HeaderRule {
  pattern: string;
  headers: [name: string, value: string][];
  /** 1-based line of the pattern, for messages. */
  line: number;
}

export interface ParsedHeaders {
  rules: HeaderRule[];
  /** Lines that could not be read, as "line N: why". */
  problems: string[];
}

export function parseHeaders(text: string): ParsedHeaders {
  const rules: HeaderRule[] = [];
  const problems: string[] = [];
  let current: HeaderRule | undefined;
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = i + 1;
    const trimmed = raw.trim();
    if (!trimmed || trimmed.startsWith('#')) return;
    if (!/^\s/.test(raw)) {
      if (!trimmed.startsWith('/')) {
        problems.push(`line ${line}: "${trimmed}" is not a URL pattern (patterns start with "/")`);
        current = undefined;
        return;
      }
      current = { pattern: trimmed, headers: [], line };
      rules.push(current);
      return;
    }
    const colon = trimmed.indexOf(':');
    if (!current) {
      problems.push(`line ${line}: header "${trimmed}" comes before any URL pattern`);
    } else if (colon <= 0) {
      problems.push(`line ${line}: "${trimmed}" is not a "Name: value" header`);
    } else {
      current.headers.push([trimmed.slice(0, colon).trim(), trimmed.slice(colon + 1).trim()]);
    }
  });
  return { rules, problems };
}

const compiled = new Map<string, RegExp>();

export function patternRegExp(pattern: string): RegExp {
  let re = compiled.get(pattern);
  if (!re) {
    const body = pattern
      .replace(/\/+$/, '')
      .split(/(\*|:[A-Za-z_][A-Za-z0-9_]*)/)
      .map((part) =>
        part === '*' ? '.*' : part.startsWith(':') ? '[^/]+' : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'),
      )
      .join('');
    // "/contact" and "/contact/" name the same page.
    re = new RegExp(`^${body}/?$`);
    compiled.set(pattern, re);
  }
  return re;
}

export function matchesPattern(pattern: string, pathname: string): boolean {
  return patternRegExp(pattern).test(pathname);
}

/**
 * How specific a pattern is: an exact path beats any wildcard pattern; among wildcard patterns,
 * the one with more literal characters wins ("/_astro/*" beats "/*").
 */
export function specificity(pattern: string): number {
  const wild = /\*|:[A-Za-z_]/.test(pattern);
  const literal = pattern.replace(/\*|:[A-Za-z_][A-Za-z0-9_]*/g, '').length;
  return wild ? literal : 1_000_000 + literal;
}

/**
 * The headers for one request path: every matching rule applied from least to most specific
 * (file order among equals), a header named again replacing the earlier value. A page's rules
 * hold at each of its addresses: "/contact/index.html" is matched as "/contact/" too, as the
 * CloudFront Function matches it (a page with a policy of its own keeps it however it is asked for).
 */
export function headersFor(rules: HeaderRule[], pathname: string): Map<string, { name: string; value: string }> {
  const page = /\/index\.html$/.test(pathname) ? pathname.replace(/index\.html$/, '') : undefined;
  const matching = rules
    .map((rule, order) => ({ rule, order }))
    .filter(({ rule }) => matchesPattern(rule.pattern, pathname) || (!!page && matchesPattern(rule.pattern, page)))
    .sort((a, b) => specificity(a.rule.pattern) - specificity(b.rule.pattern) || a.order - b.order);
  const out = new Map<string, { name: string; value: string }>();
  for (const { rule } of matching) {
    const seen = new Set<string>();
    for (const [name, value] of rule.headers) {
      const key = name.toLowerCase();
      // Within one rule a repeated header adds a value, as on the static hosts.
      const earlier = seen.has(key) ? out.get(key) : undefined;
      out.set(key, { name, value: earlier ? `${earlier.value}, ${value}` : value });
      seen.add(key);
    }
  }
  return out;
}
