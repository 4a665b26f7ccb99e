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
  if (target.startsWith('/')) return !target.startsWith('//');
  if (!/^https?:\/\//i.test(target)) return false;
  try {
    return validHost(new URL(target).host);
  } catch {
    return false;
  }
}
