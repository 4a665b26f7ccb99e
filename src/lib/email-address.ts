/** Email addresses compared as the inboxes they deliver to (for counting, never for sending). */

/** An address as typed, trimmed and lower-cased. */
export const emailKey = (email: string) => email.trim().toLowerCase();

const GMAIL_DOMAINS = new Set(['gmail.com', 'googlemail.com']);

/**
 * The inbox an address delivers to, for counting what is sent to it: lower-cased, without a
 * "+tag" (name+shop@example.com is name@example.com, for every domain), and for Gmail without
 * the dots of the name, googlemail.com being gmail.com (J.Doe+x@googlemail.com is
 * jdoe@gmail.com). Only for limits: the address is stored and written to as typed.
 */
export function inboxKey(email: string): string {
  const address = emailKey(email);
  const at = address.lastIndexOf('@');
  if (at < 1) return address;
  let local = address.slice(0, at);
  let domain = address.slice(at + 1).replace(/\.$/, '');
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  if (GMAIL_DOMAINS.has(domain)) {
    domain = 'gmail.com';
    local = local.replaceAll('.', '');
  }
  return `${local}@${domain}`;
}
