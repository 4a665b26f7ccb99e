/** Link targets from the CMS, made safe to put in an `href`. */

const ALLOWED_SCHEMES = new Set(['http', 'https', 'mailto', 'tel']);

/**
 * The CMS link when it is relative or uses http(s), mailto or tel; undefined for anything else
 * (`javascript:`, `data:` …) and for an empty link. Browsers ignore tabs, newlines and control
 * characters inside a scheme, so they are removed before the scheme is read.
 */
export function safeHref(href: string | undefined | null): string | undefined {
  const trimmed = href?.trim();
  if (!trimmed) return undefined;
  const compact = trimmed.replace(/[\u0000-\u0020\u007f]/g, '');
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(compact)?.[1];
  if (scheme && !ALLOWED_SCHEMES.has(scheme.toLowerCase())) return undefined;
  return trimmed;
}
