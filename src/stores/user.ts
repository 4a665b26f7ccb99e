/**
 * The visitor when a login has recognised them. Nobody logs in on the dealer sites yet; the form
 * rule `skipAuthentication` reads this store, so whatever signs a visitor in sets `$user`.
 * Kept in localStorage under `dealer.user`.
 */
import { persistentAtom } from './persistent.ts';

export interface SiteUser {
  name?: string;
  email?: string;
  phone?: string;
}

export const USER_KEY = 'dealer.user';

export const $user = persistentAtom<SiteUser | null>(USER_KEY, null, 'local');

/** The rule "skip authentication" applies to a logged-in user with a phone number. */
export function userHasPhone(user: SiteUser | null): boolean {
  return Boolean(user?.phone?.trim());
}
