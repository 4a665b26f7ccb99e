/**
 * The visitor's trail through the site, used for lead attribution and cleared by the thank-you
 * page once a lead is sent:
 * - `dealer.firstPageQuery` (localStorage): the query string of the first page that ran an island
 *   in this visit, so utm_* of the landing page reach a form on a later page;
 * - `dealer.firstPageQuerySavedAt` (localStorage): when it was saved; older than 30 days is ignored;
 * - `dealer.visitedPages` (sessionStorage): paths visited this session, oldest first, at most 50.
 */
import { browserStorage, readJson, removeKey, writeJson } from './persistent.ts';

export const FIRST_PAGE_QUERY_KEY = 'dealer.firstPageQuery';
export const FIRST_PAGE_QUERY_SAVED_AT_KEY = 'dealer.firstPageQuerySavedAt';
export const VISITED_PAGES_KEY = 'dealer.visitedPages';
export const FIRST_PAGE_QUERY_DAYS = 30;
export const MAX_VISITED_PAGES = 50;

/** Saves `search` as the first-page query unless a fresh one is already kept. */
export function rememberFirstPageQuery(search: string, now = new Date()): void {
  if (firstPageQuery(now) !== undefined) return;
  const local = browserStorage('local');
  writeJson(local, FIRST_PAGE_QUERY_KEY, search.replace(/^\?/, ''));
  writeJson(local, FIRST_PAGE_QUERY_SAVED_AT_KEY, now.toISOString());
}

/** The kept first-page query (without '?'), or undefined when there is none or it is stale. */
export function firstPageQuery(now = new Date()): string | undefined {
  const local = browserStorage('local');
  const query = readJson<string>(local, FIRST_PAGE_QUERY_KEY);
  const savedAt = Date.parse(readJson<string>(local, FIRST_PAGE_QUERY_SAVED_AT_KEY) ?? '');
  if (query === undefined || Number.isNaN(savedAt)) return undefined;
  if (now.getTime() - savedAt > FIRST_PAGE_QUERY_DAYS * 24 * 60 * 60 * 1000) return undefined;
  return query;
}

export function noteVisitedPage(path: string): void {
  const session = browserStorage('session');
  const pages = readJson<string[]>(session, VISITED_PAGES_KEY) ?? [];
  if (pages[pages.length - 1] === path) return;
  writeJson(session, VISITED_PAGES_KEY, [...pages, path].slice(-MAX_VISITED_PAGES));
}

export function visitedPages(): string[] {
  return readJson<string[]>(browserStorage('session'), VISITED_PAGES_KEY) ?? [];
}

/** Forgets the first-page query, its save date and the visited pages. */
export function clearVisitTrail(): void {
  const local = browserStorage('local');
  removeKey(local, FIRST_PAGE_QUERY_KEY);
  removeKey(local, FIRST_PAGE_QUERY_SAVED_AT_KEY);
  removeKey(browserStorage('session'), VISITED_PAGES_KEY);
}
