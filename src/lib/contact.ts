/** `tel:` link for an AU/NZ phone number as written by the CMS ("(02) 9555 1234" → "tel:0295551234"). */
export function telHref(phone: string): string {
  return 'tel:' + phone.replace(/[^\d+]/g, '');
}
