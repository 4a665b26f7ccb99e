/**
 * Checks of the raw HTTP request that every entry point shares (the Node adapter, the static
 * server, the API app): a Host header and a request target a server can make a URL of.
 */

const HOST = /^(?:\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9._~!$&'()*+,;=-]+)(?::(\d{1,5}))?$/;

/** Whether `host` is a host name or address with an optional port, as a Host header must be. */
export function validHost(host: string): boolean {
  if (host.length > 255) return false;
  const m = HOST.exec(host);
  if (!m || (m[1] !== undefined && Number(m[1]) > 65535)) return false;
  try {
    new URL(`http://${host}/`);
    return true;
  } catch {
    return false;
  }
}

/**
 * Whether `target` is a request target a site answers: origin form ("/path?query"), or the
 * absolute form a proxy may send ("http://host/path"). "*", "//x" and targets with spaces or
 * control characters are not.
 */
export function validTarget(target: string): boolean {
  if (target.length > 8192 || /[\u0000-\u0020\u007f]/.test(target)) return false;
  let path = target;
  if (!target.startsWith('/')) {
    if (!/^https?:\/\//i.test(target)) return false;
    try {
      const url = new URL(target);
      if (!validHost(url.host)) return false;
      path = url.pathname;
    } catch {
      return false;
    }
  } else if (target.startsWith('//')) return false;
  // A path whose percent-escapes do not decode ("/%", "/%zz") names no file or route.
  try {
    decodeURIComponent(path.split(/[?#]/)[0]!);
    return true;
  } catch {
    return false;
  }
}

/** Methods a Fetch Request cannot carry (and a site never answers); the servers answer them 405. */
export const UNSUPPORTED_METHODS: ReadonlySet<string> = new Set(['CONNECT', 'TRACE', 'TRACK']);
