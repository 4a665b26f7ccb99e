/**
 * Talking to the dealer (content format 1.2 `chat`): the click-to-SMS link of a car page, and
 * where the "Chat with us" button sends the shopper when the chat vendor's script cannot load.
 */
import type { DealerContent } from '../../../content/load.ts';

/** The digits (and a leading +) of a phone number as the dealer wrote it; undefined when too short to dial. */
export function smsNumber(phone: string | undefined): string | undefined {
  const t = phone?.trim() ?? '';
  const plus = t.startsWith('+') ? '+' : '';
  const digits = t.replace(/\D/g, '');
  return digits.length >= 3 ? plus + digits : undefined;
}

/**
 * An `sms:` link with the message written for the shopper. `sms:<number>?&body=…` is the form
 * both iOS and Android read; the body is percent-encoded whole (spaces as %20, never "+", and
 * "&", "#" and line breaks escaped), so no part of the message is taken for another parameter.
 */
export function smsHref(phone: string | undefined, body: string): string | undefined {
  const number = smsNumber(phone);
  if (!number) return undefined;
  return `sms:${number}?&body=${encodeURIComponent(body)}`;
}

/** The message a car page's SMS starts with: the car and, when it has one, its stock number. */
export function carSmsBody(title: string, stockNumber?: string): string {
  const stock = stockNumber?.trim();
  return `Hi, I'm interested in the ${title}${stock ? ` (stock no. ${stock})` : ''}. Is it still available?`;
}

/** The query the contact page is opened with when chat could not load, so it can say so. */
export const CHAT_UNAVAILABLE_QUERY = 'chat=unavailable';

/** Where the shopper goes when chat cannot load (away from a car page): the dealer's contact page, else home. */
export function chatFallbackPath(dealer: Pick<DealerContent, 'pages'>): string {
  const paths = new Set(dealer.pages.map((p) => p.path));
  const contact = ['/contact', '/contact-us'].find((p) => paths.has(p));
  return `${contact ?? '/'}?${CHAT_UNAVAILABLE_QUERY}`;
}

/** How long the chat vendor's script may take to load before the shopper is sent to the form instead. */
export const CHAT_TIMEOUT_MS = 6000;

/** The host a chat script comes from, for the consent question ("Chat is provided by …"). */
export function chatHost(scriptUrl: string, siteUrl: string): string | undefined {
  try {
    const url = new URL(scriptUrl, siteUrl);
    return url.origin === new URL(siteUrl).origin ? undefined : url.hostname;
  } catch {
    return undefined;
  }
}
