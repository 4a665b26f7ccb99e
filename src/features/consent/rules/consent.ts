/**
 * Consent before tags (content format 1.2 `consent`, `chat`): what the visitor chose, how it is
 * remembered, and the Google Consent Mode v2 signals it becomes. Shared by the page's head script
 * (head-script.ts), the banner, the chat button and the car gallery's video, and by the tests.
 *
 * Categories: analytics (the tag manager's measurement tags) and marketing (advertising tags,
 * embedded YouTube and Vimeo players, the chat vendor's script). Necessary storage (this choice
 * itself, the enquiry in progress) is always on and is not asked about.
 */
/** The parts of site.json consent depends on (content format 1.2 `consent`, `chat`; `analytics`). */
export interface ConsentSiteFields {
  consent?: { mode?: ConsentMode | undefined } | undefined;
  analytics?: { gtmId?: string | undefined } | undefined;
  chat?: { script_url?: string | undefined } | undefined;
}

export type ConsentMode = 'opt_in' | 'notice';

export interface ConsentChoice {
  analytics: boolean;
  marketing: boolean;
}

/**
 * The version of the choice the site asks for. Raise it when the dealer's policy changes (new
 * categories, a new vendor): every remembered choice of an older version is asked again.
 */
export const CONSENT_VERSION = 1;

/** localStorage key on the dealer's own origin. */
export const CONSENT_STORAGE_KEY = 'dealer-consent';

/** The event the window receives when the choice changes (detail: ConsentChoice). */
export const CONSENT_EVENT = 'dealer:consent';

/** The event the window receives when the tag manager's container is asked for. */
export const TAGS_EVENT = 'dealer:tags';

/** The page's loader of the container, defined by the head script (head-script.ts). */
export const LOAD_TAGS_FUNCTION = 'dealerLoadTags';
/** Set on window once the container has been asked for. */
export const TAGS_STARTED_FLAG = 'dealerTagsStarted';
/** Set on window by the head script: whether the container may load without asking. */
export const TAGS_ALLOWED_FLAG = 'dealerTagsAllowed';

/** Consent Mode v2 waits this long (ms) for an update before tags fire with the defaults. */
export const CONSENT_WAIT_MS = 500;

export const ACCEPT_ALL: ConsentChoice = { analytics: true, marketing: true };
export const REJECT_ALL: ConsentChoice = { analytics: false, marketing: false };

/** The remembered choice in storage, or undefined when there is none, it is unreadable or of another version. */
export function parseConsent(text: string | null | undefined, version = CONSENT_VERSION): ConsentChoice | undefined {
  if (!text) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!value || typeof value !== 'object') return undefined;
  const v = value as Record<string, unknown>;
  if (v.v !== version || typeof v.analytics !== 'boolean' || typeof v.marketing !== 'boolean') return undefined;
  return { analytics: v.analytics, marketing: v.marketing };
}

/** What is stored for a choice: the version, each category, and the day it was made. */
export function serializeConsent(choice: ConsentChoice, now: Date = new Date(), version = CONSENT_VERSION): string {
  return JSON.stringify({
    v: version,
    analytics: choice.analytics,
    marketing: choice.marketing,
    at: now.toISOString().slice(0, 10),
  });
}

/**
 * The choice in force: the remembered one, else the mode's default (nothing granted when opting
 * in; everything granted under a notice until the visitor opts out).
 */
export function effectiveConsent(mode: ConsentMode, stored: ConsentChoice | undefined): ConsentChoice {
  return stored ?? (mode === 'notice' ? ACCEPT_ALL : REJECT_ALL);
}

/** Whether the tag manager may load: analytics or marketing granted. */
export function grantsTags(choice: ConsentChoice): boolean {
  return choice.analytics || choice.marketing;
}

export type ConsentSignal = 'granted' | 'denied';

export interface ConsentSignals {
  ad_storage: ConsentSignal;
  ad_user_data: ConsentSignal;
  ad_personalization: ConsentSignal;
  analytics_storage: ConsentSignal;
}

/** The Consent Mode v2 signals of a choice: the three ad signals follow marketing, analytics_storage analytics. */
export function consentSignals(choice: ConsentChoice): ConsentSignals {
  const ad: ConsentSignal = choice.marketing ? 'granted' : 'denied';
  return {
    ad_storage: ad,
    ad_user_data: ad,
    ad_personalization: ad,
    analytics_storage: choice.analytics ? 'granted' : 'denied',
  };
}

/** The arguments of `gtag('consent', 'default', …)` before the container: per mode, waiting for an update. */
export function consentDefaultArgs(
  mode: ConsentMode,
): ['consent', 'default', ConsentSignals & { wait_for_update: number }] {
  return [
    'consent',
    'default',
    { ...consentSignals(effectiveConsent(mode, undefined)), wait_for_update: CONSENT_WAIT_MS },
  ];
}

/** The arguments of `gtag('consent', 'update', …)` for a choice. */
export function consentUpdateArgs(choice: ConsentChoice): ['consent', 'update', ConsentSignals] {
  return ['consent', 'update', consentSignals(choice)];
}

/** What a site's pages need to know about consent, or undefined when nothing on the site needs it. */
export interface ConsentConfig {
  mode: ConsentMode;
  /** The tag manager container, when the site has a valid one. */
  gtmId?: string;
  /** The chat vendor's script, when the site has one. */
  chatScript?: string;
}

/** A container id as Google Tag Manager writes it. */
export function validGtmId(id: string | undefined): string | undefined {
  const t = id?.trim();
  return t && /^GTM-[A-Z0-9]+$/.test(t) ? t : undefined;
}

/** The consent mode of a site (default "opt_in"). */
export function consentMode(site: Pick<ConsentSiteFields, 'consent'>): ConsentMode {
  return site.consent?.mode === 'notice' ? 'notice' : 'opt_in';
}

/**
 * The site's consent set-up: a site with a tag manager container or a chat script asks for
 * consent; one with neither gets undefined and ships no consent script at all.
 */
export function consentConfig(site: ConsentSiteFields): ConsentConfig | undefined {
  const gtmId = validGtmId(site.analytics?.gtmId);
  const chatScript = site.chat?.script_url?.trim() || undefined;
  if (!gtmId && !chatScript) return undefined;
  return { mode: consentMode(site), ...(gtmId ? { gtmId } : {}), ...(chatScript ? { chatScript } : {}) };
}
