import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** A Storage kept in a Map, as the browser's sessionStorage and localStorage behave. */
class MemoryStorage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  key(i: number) {
    return [...this.items.keys()][i] ?? null;
  }
  getItem(k: string) {
    return this.items.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    this.items.set(k, String(v));
  }
  removeItem(k: string) {
    this.items.delete(k);
  }
  clear() {
    this.items.clear();
  }
}

let session: MemoryStorage;
let local: MemoryStorage;
beforeEach(() => {
  session = new MemoryStorage();
  local = new MemoryStorage();
  vi.stubGlobal('window', { sessionStorage: session, localStorage: local });
  vi.resetModules();
});
afterEach(() => vi.unstubAllGlobals());

const DAY = 24 * 60 * 60 * 1000;

describe('form session', () => {
  it('keeps one idempotency key per form block, so a reload continues the same lead', async () => {
    const { formSessionKey, openFormSession, updateFormSession, endFormSession } =
      await import('../../../src/stores/form-session.ts');
    const key = formSessionKey('mini-motors', 3, 'enquiry');
    const first = openFormSession(key);
    expect(first.idempotencyKey).toMatch(/^[0-9a-f-]{32,36}$/);
    updateFormSession(key, { ...first, lead_id: 'L1' });
    expect(openFormSession(key)).toEqual({ idempotencyKey: first.idempotencyKey, lead_id: 'L1' });
    expect(openFormSession(formSessionKey('mini-motors', 3, 'other')).idempotencyKey).not.toBe(first.idempotencyKey);
    endFormSession(key);
    expect(openFormSession(key).idempotencyKey).not.toBe(first.idempotencyKey);
  });
});

describe('finance details from the calculator', () => {
  it('are kept for 14 days and then dropped', async () => {
    const { saveFinanceDetails, currentFinanceDetails, financeDetailsFresh, FINANCE_DETAILS_KEY } =
      await import('../../../src/features/finance/ui/finance-store.ts');
    const saved = new Date('2025-03-01T10:00:00Z');
    const details = saveFinanceDetails({ amount: 32000, term: 5, interest: 8.95, frequency: 'Weekly' }, saved);
    expect(JSON.parse(local.getItem(FINANCE_DETAILS_KEY)!).amount).toBe(32000);
    expect(financeDetailsFresh(details, new Date(saved.getTime() + 14 * DAY - 1))).toBe(true);
    expect(financeDetailsFresh(details, new Date(saved.getTime() + 14 * DAY))).toBe(false);
    expect(currentFinanceDetails(new Date(saved.getTime() + 13 * DAY))?.amount).toBe(32000);
    expect(currentFinanceDetails(new Date(saved.getTime() + 15 * DAY))).toBeUndefined();
    expect(local.getItem(FINANCE_DETAILS_KEY)).toBeNull();
  });

  it('survive a new page: the store reads what an earlier page saved', async () => {
    local.setItem(
      'dealer.financeDetails',
      JSON.stringify({ amount: 45000, term: 4, interest: 7, frequency: 'Monthly', savedAt: new Date().toISOString() }),
    );
    const { currentFinanceDetails } = await import('../../../src/features/finance/ui/finance-store.ts');
    expect(currentFinanceDetails()?.amount).toBe(45000);
  });
});

describe('visit trail', () => {
  it('keeps the first page query with its date, and the thank-you page clears it with the visited pages', async () => {
    const visit = await import('../../../src/stores/visit.ts');
    visit.rememberFirstPageQuery('?utm_source=google');
    visit.rememberFirstPageQuery('?utm_source=later');
    visit.noteVisitedPage('/');
    visit.noteVisitedPage('/contact');
    expect(visit.firstPageQuery()).toBe('utm_source=google');
    expect(visit.visitedPages()).toEqual(['/', '/contact']);
    visit.clearVisitTrail();
    expect(local.getItem(visit.FIRST_PAGE_QUERY_KEY)).toBeNull();
    expect(local.getItem(visit.FIRST_PAGE_QUERY_SAVED_AT_KEY)).toBeNull();
    expect(session.getItem(visit.VISITED_PAGES_KEY)).toBeNull();
  });

  it('ignores a first-page query older than 30 days', async () => {
    const visit = await import('../../../src/stores/visit.ts');
    const then = new Date('2025-01-01T00:00:00Z');
    visit.rememberFirstPageQuery('?utm_source=old', then);
    expect(visit.firstPageQuery(new Date(then.getTime() + 30 * DAY))).toBe('utm_source=old');
    expect(visit.firstPageQuery(new Date(then.getTime() + 30 * DAY + 1))).toBeUndefined();
  });
});

describe('submission for the thank-you page', () => {
  it('is kept in sessionStorage', async () => {
    const { keepSubmission, SUBMISSION_KEY } = await import('../../../src/stores/submission.ts');
    keepSubmission({ category: 'Service Booking', values: { service_interval: '3,000km or 3 months' } });
    expect(JSON.parse(session.getItem(SUBMISSION_KEY)!).values.service_interval).toBe('3,000km or 3 months');
  });
});
