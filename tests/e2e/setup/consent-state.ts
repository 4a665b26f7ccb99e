/**
 * The browser storage every end-to-end test starts with (playwright.config.ts `storageState`,
 * written by the global setup): a remembered "Reject all" on each sample site, so that the consent
 * banner (src/features/consent/ui/ConsentBanner.astro), fixed to the bottom of the screen, neither
 * covers what a test clicks nor shows in visual baselines, and no tag manager loads. Tests about
 * consent start from an empty storage instead (`test.use({ storageState: EMPTY_STORAGE })`) or
 * store a choice of their own before the page loads (`storeConsent`).
 */
import type { BrowserContext, Page } from '@playwright/test';
import {
  CONSENT_STORAGE_KEY,
  REJECT_ALL,
  serializeConsent,
  type ConsentChoice,
} from '../../../src/features/consent/rules/consent.ts';
import { localOrigin } from './support.ts';

export const EMPTY_STORAGE = { cookies: [], origins: [] };

export function consentStorageState(slugs: string[], port: number) {
  const value = serializeConsent(REJECT_ALL);
  return {
    cookies: [],
    origins: slugs.map((slug) => ({
      origin: localOrigin(slug, port),
      localStorage: [{ name: CONSENT_STORAGE_KEY, value }],
    })),
  };
}

/** Stores a choice before every page of the context (or page) runs a script. */
export async function storeConsent(target: BrowserContext | Page, choice: ConsentChoice): Promise<void> {
  await target.addInitScript(([key, value]) => localStorage.setItem(key, value), [
    CONSENT_STORAGE_KEY,
    serializeConsent(choice),
  ] as const);
}
