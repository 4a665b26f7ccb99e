/** HTML ids built from CMS ids: anything outside letters, digits, `_` and `-` becomes `-`. */
export function domId(...parts: (string | number)[]): string {
  return parts.map((p) => String(p).replace(/[^A-Za-z0-9_-]/g, '-')).join('-');
}
