/**
 * URLs as they may appear in logs, error messages and the outbox's last_error: a configured
 * address can carry credentials (`https://user:key@host/…`, `?api_key=…`), and neither may leave
 * the process in a log line. `redactUrl` keeps what an operator needs to tell one destination
 * from another (scheme, host, port, path) and masks the rest.
 */

const MASK = '***';

/**
 * The URL with its user name and password masked and every query value masked (names kept);
 * the fragment dropped. Text that is not an absolute URL, or is an opaque one (no `//` after the
 * scheme), is masked whole, since it cannot be told apart from a secret.
 */
export function redactUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return MASK;
  }
  // An opaque URL ("crm:s3cret@host/x"): the text after the scheme may be anything, a secret included.
  if (!url.host && !url.pathname.startsWith('/')) return MASK;
  if (url.username) url.username = MASK;
  if (url.password) url.password = MASK;
  const names = [...url.searchParams.keys()];
  if (names.length) url.search = names.map((n) => `${encodeURIComponent(n)}=${MASK}`).join('&');
  url.hash = '';
  return url.href.replace(/%2A%2A%2A/g, MASK);
}

/** `text` with every http(s) URL in it passed through `redactUrl` (for messages that quote one). */
export function redactUrls(text: string): string {
  return text.replace(/\bhttps?:\/\/[^\s"'<>]+/gi, (match) => {
    const trail = /[.,;:)\]]+$/.exec(match)?.[0] ?? '';
    return redactUrl(match.slice(0, match.length - trail.length)) + trail;
  });
}
