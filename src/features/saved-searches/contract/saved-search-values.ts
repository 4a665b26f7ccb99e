/**
 * The saved-search route's constants that the browser needs too (SaveSearchForm.tsx), apart from
 * its schema (saved-searches.ts), so no schema code reaches a page.
 */

/** Longest email address (RFC 5321's path limit). */
export const MAX_EMAIL_LENGTH = 254;
/** Longest stock-page query string taken. */
export const MAX_SAVED_QUERY_LENGTH = 2_000;

/** One @, something before it, a dot in the domain and no spaces: the rest is the mail server's to judge. */
export const EMAIL_PATTERN = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]+$/;

/** The hidden field bots fill and people never see; a request with it filled is answered as usual and dropped. */
export const SAVED_SEARCH_HONEYPOT = 'website';
