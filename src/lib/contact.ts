/** `tel:` link for an AU/NZ phone number as written by the CMS ("(02) 9555 1234" → "tel:0295551234"). */
export function telHref(phone: string): string {
  return 'tel:' + phone.replace(/[^\d+]/g, '');
}

/** A phone number as link text: non-breaking spaces, so it never wraps mid-number. */
export function phoneText(phone: string): string {
  return phone.trim().replace(/\s+/g, '\u00a0');
}
