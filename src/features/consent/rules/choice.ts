/**
 * The visitor's choice in the browser: read from and written to localStorage on the dealer's own
 * origin, told to the tag manager (Consent Mode v2 update) and to the rest of the page (CONSENT_EVENT),
 * and, when it grants analytics or marketing, the tag manager's container is loaded through the
 * head script's loader (head-script.ts). Used by the banner, the chat button and the car video.
 */
import {
  CONSENT_EVENT,
  CONSENT_STORAGE_KEY,
  consentUpdateArgs,
  effectiveConsent,
  grantsTags,
  parseConsent,
  serializeConsent,
  type ConsentChoice,
  type ConsentMode,
  LOAD_TAGS_FUNCTION,
} from './consent.ts';

type ConsentWindow = Window & { gtag?: (...args: unknown[]) => void } & Record<string, unknown>;

/** The remembered choice, or undefined (none, unreadable, older version, or storage unavailable). */
export function storedConsent(): ConsentChoice | undefined {
  try {
    return parseConsent(localStorage.getItem(CONSENT_STORAGE_KEY));
  } catch {
    return undefined;
  }
}

/** The choice in force on this page (see effectiveConsent). */
export function currentConsent(mode: ConsentMode): ConsentChoice {
  return effectiveConsent(mode, storedConsent());
}

/** Remembers a choice and applies it: Consent Mode update, the container when granted, the page's listeners. */
export function saveConsent(choice: ConsentChoice): void {
  try {
    localStorage.setItem(CONSENT_STORAGE_KEY, serializeConsent(choice));
  } catch {
    // Storage refused (private mode, full): the choice holds for this page only.
  }
  const w = window as unknown as ConsentWindow;
  w.gtag?.(...consentUpdateArgs(choice));
  const load = w[LOAD_TAGS_FUNCTION];
  if (grantsTags(choice) && typeof load === 'function') (load as () => void)();
  window.dispatchEvent(new CustomEvent<ConsentChoice>(CONSENT_EVENT, { detail: choice }));
}

/** Grants marketing on top of the choice in force (a video or chat the visitor asked for in place). */
export function grantMarketing(mode: ConsentMode): ConsentChoice {
  const choice = { ...currentConsent(mode), marketing: true };
  saveConsent(choice);
  return choice;
}
