/**
 * One form session per form block: the idempotency key every save of the session sends, and the
 * lead id the first accepted save returned. Kept in sessionStorage under
 * `dealer.formSession.<site>.<page>.<block>`, so reloading the page continues the same lead; a
 * completed lead ends the session so the next fill starts a new one.
 */
import { browserStorage, readJson, removeKey, writeJson } from './persistent.ts';

export interface FormSession {
  idempotencyKey: string;
  lead_id?: string;
  /** Whether the finance form's one intermediate save has been sent. */
  intermediateSent?: boolean;
  /** Steps whose analytics event has been sent (each once per session). */
  firedEvents?: string[];
}

export function formSessionKey(site: string, pageId: string | number, blockId: string): string {
  return `dealer.formSession.${site}.${pageId}.${blockId}`;
}

function newKey(): string {
  const c = globalThis.crypto;
  if (c && typeof c.randomUUID === 'function') return c.randomUUID();
  // Non-secure origins (plain http on a LAN address) have no randomUUID.
  const bytes = new Uint8Array(16);
  c.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The session kept for `key`, or a new one (stored at once). */
export function openFormSession(key: string): FormSession {
  const storage = browserStorage('session');
  const kept = readJson<FormSession>(storage, key);
  if (kept && typeof kept.idempotencyKey === 'string' && kept.idempotencyKey) return kept;
  const fresh: FormSession = { idempotencyKey: newKey() };
  writeJson(storage, key, fresh);
  return fresh;
}

export function updateFormSession(key: string, session: FormSession): void {
  writeJson(browserStorage('session'), key, session);
}

export function endFormSession(key: string): void {
  removeKey(browserStorage('session'), key);
}
