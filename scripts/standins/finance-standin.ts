/**
 * A local stand-in for the finance provider: it speaks the wire format documented in
 * src/features/finance/server/finance-provider.ts, so the real HTTP client runs against it in tests and
 * under `npm start` when no FINANCE_PROVIDER_URL is configured. No network, no key to obtain.
 *
 * POST /applications answers by the applicant's values:
 *   - first_name (or name), email or phone missing      → 422 fieldErrors "… is required"
 *   - driverLicenceNumber "BAD" (any case)               → 422 fieldErrors.driverLicenceNumber
 *   - dateOfBirth unreadable, or under 18 years old      → 422 fieldErrors.dateOfBirth
 *   - vehiclePriceBudget below 5,000 or above 150,000    → 400 { message } (the applicant's error)
 *   - phone whose digits end in 000                      → 200, mobile unverified, with the
 *                                                          verification page as its url
 *   - anything else                                      → 200, verified, with the quote page
 * GET /dealerships?location=NAME → 200 { dealershipId: "TD-nnnn" } (the same id for the same name,
 * any case), 404 without a location.
 * GET /quote/{customerKey} and /verify-mobile/{customerKey}: small HTML pages the visitor lands on;
 * the quote waits for verification, and any code submitted on the verification page verifies.
 * Paths under /hang/ never answer (client timeouts); paths under /broken/ answer 500 with HTML.
 * Every JSON route needs `Authorization: Bearer <key>` (any non-empty key unless `apiKey` is given).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { bearerAuthorised, readJsonBody, sendJson } from './standin-http.ts';

export interface FinanceStandInOptions {
  port?: number;
  host?: string;
  /** When set, the only key accepted. */
  apiKey?: string;
  /** The clock for the age check; defaults to the real one. */
  now?: () => Date;
}

export interface FinanceStandIn {
  url: string;
  close(): Promise<void>;
}

interface Application {
  name: string;
  website: string;
  budget?: number;
  phoneTail: string;
  verified: boolean;
}

const MIN_BUDGET = 5_000;
const MAX_BUDGET = 150_000;
const MAX_KEPT = 500;

type Json = Record<string, unknown>;

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

const money = new Intl.NumberFormat('en-AU', { style: 'currency', currency: 'AUD', maximumFractionDigits: 0 });

/** "1990-04-30" or "30/04/1990" → [year, month, day], or undefined. */
function birthDate(value: string): [number, number, number] | undefined {
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  const au = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(value);
  const [y, m, d] = iso ? [+iso[1]!, +iso[2]!, +iso[3]!] : au ? [+au[3]!, +au[2]!, +au[1]!] : [];
  if (!y || !m || !d) return undefined;
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCMonth() === m - 1 && date.getUTCDate() === d ? [y, m, d] : undefined;
}

/** Whole years between a birth date and `today` (UTC calendar days). */
function ageOn([y, m, d]: [number, number, number], today: Date): number {
  const ty = today.getUTCFullYear();
  const beforeBirthday = today.getUTCMonth() + 1 < m || (today.getUTCMonth() + 1 === m && today.getUTCDate() < d);
  return ty - y - (beforeBirthday ? 1 : 0);
}

function budgetOf(value: unknown): number | undefined {
  if (typeof value === 'number') return value;
  const digits = text(value).replace(/[$,\s]/g, '');
  return digits && Number.isFinite(Number(digits)) ? Number(digits) : undefined;
}

/** The checks of POST /applications: field errors, or a declined message, or none. */
function review(applicant: Json, now: Date): { fieldErrors?: Record<string, string[]>; declined?: string } {
  const errors: Record<string, string[]> = {};
  if (!text(applicant.first_name) && !text(applicant.name)) errors.first_name = ['First name is required'];
  if (!text(applicant.email)) errors.email = ['Email is required'];
  if (!text(applicant.phone)) errors.phone = ['Mobile phone is required'];
  if (text(applicant.driverLicenceNumber).toUpperCase() === 'BAD') {
    errors.driverLicenceNumber = [
      'Driver licence number could not be verified',
      'Check the number on your licence card',
    ];
  }
  const dob = text(applicant.dateOfBirth);
  if (dob) {
    const parsed = birthDate(dob);
    if (!parsed) errors.dateOfBirth = ['Date of birth must be a valid date'];
    else if (ageOn(parsed, now) < 18) errors.dateOfBirth = ['Applicant must be at least 18 years old'];
  }
  if (Object.keys(errors).length) return { fieldErrors: errors };
  const budget = budgetOf(applicant.vehiclePriceBudget);
  if (budget !== undefined && (budget < MIN_BUDGET || budget > MAX_BUDGET)) {
    return {
      declined: `We can only arrange finance between ${money.format(MIN_BUDGET)} and ${money.format(MAX_BUDGET)}. Please adjust your budget.`,
    };
  }
  return {};
}

/** A stable provider-style dealership id for a location name. */
function dealershipId(location: string): string {
  let hash = 2166136261;
  for (const ch of location.toLowerCase()) hash = Math.imul(hash ^ ch.charCodeAt(0), 16777619) >>> 0;
  return `TD-${1000 + (hash % 9000)}`;
}

function weeklyRepayment(amount: number): number {
  const rate = 0.0995 / 52;
  const periods = 5 * 52;
  return (amount * rate) / (1 - (1 + rate) ** -periods);
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en-AU"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:2rem auto;padding:0 1rem;line-height:1.5;color:#1a1a1a}
.note{color:#555}button,input{font:inherit;padding:.5rem .75rem}</style></head><body><main>${body}</main></body></html>`;
}

export async function startFinanceStandIn(options: FinanceStandInOptions = {}): Promise<FinanceStandIn> {
  const now = options.now ?? (() => new Date());
  const applications = new Map<string, Application>();
  const stalled = new Set<ServerResponse>();
  let base = '';

  const json = sendJson;
  function html(res: ServerResponse, status: number, markup: string): void {
    res.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8' }).end(markup);
  }
  const authorised = (req: IncomingMessage) => bearerAuthorised(req, options.apiKey);
  const readBody = (req: IncomingMessage) => readJsonBody(req, 1_000_000);

  async function apply(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let body: unknown;
    try {
      body = await readBody(req);
    } catch {
      return json(res, 400, { message: 'The application must be a JSON object.' });
    }
    const request = (typeof body === 'object' && body ? body : {}) as Json;
    const applicant = (typeof request.applicant === 'object' && request.applicant ? request.applicant : {}) as Json;
    const verdict = review(applicant, now());
    if (verdict.fieldErrors) return json(res, 422, { fieldErrors: verdict.fieldErrors });
    if (verdict.declined) return json(res, 400, { message: verdict.declined });

    const customerKey = `ck_${randomUUID()}`;
    const phone = text(applicant.phone).replace(/\D/g, '');
    const verified = !phone.endsWith('000');
    const website = (request.website ?? {}) as Json;
    if (applications.size >= MAX_KEPT) applications.delete(applications.keys().next().value!);
    applications.set(customerKey, {
      name: text(applicant.first_name) || text(applicant.name),
      website: text(website.name) || 'your dealer',
      budget: budgetOf(applicant.vehiclePriceBudget),
      phoneTail: phone.slice(-3),
      verified,
    });
    json(res, 200, {
      customerKey,
      quoteUrl: `${base}/quote/${customerKey}`,
      mobileVerification: verified
        ? { status: 'verified' }
        : { status: 'unverified', url: `${base}/verify-mobile/${customerKey}` },
      dealershipId: request.dealershipId ?? null,
      dealerCompanyId: request.dealerCompanyId ?? null,
    });
  }

  function quote(res: ServerResponse, key: string): void {
    const app = applications.get(key);
    if (!app)
      return html(
        res,
        404,
        page('Quote not found', '<h1>Quote not found</h1><p>This quote has expired. Please apply again.</p>'),
      );
    if (!app.verified) return verifyPage(res, key, app);
    const amount = app.budget ?? 30_000;
    html(
      res,
      200,
      page(
        'Your finance quote',
        `<h1>Your finance quote</h1>
<p>Thanks${app.name ? `, ${escapeHtml(app.name)}` : ''}. Here is your indicative quote from ${escapeHtml(app.website)}.</p>
<dl><dt>Amount</dt><dd>${money.format(amount)}</dd><dt>Term</dt><dd>5 years</dd><dt>Rate</dt><dd>9.95% p.a.</dd>
<dt>Weekly repayment</dt><dd>${money.format(weeklyRepayment(amount))}</dd></dl>
<p class="note">Reference ${escapeHtml(key)}. A finance specialist will be in touch.</p>`,
      ),
    );
  }

  function verifyPage(res: ServerResponse, key: string, app: Application): void {
    html(
      res,
      200,
      page(
        'Verify your mobile',
        `<h1>Verify your mobile</h1>
<p>We sent a 6-digit code to your mobile ending in ${escapeHtml(app.phoneTail)}.</p>
<form method="post" action="/verify-mobile/${escapeHtml(key)}"><label for="code">Verification code</label>
<input id="code" name="code" inputmode="numeric" autocomplete="one-time-code" pattern="[0-9]{6}" required>
<button type="submit">Verify and see my quote</button></form>`,
      ),
    );
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const path = url.pathname.replace(/\/+$/, '') || '/';
    if (path.startsWith('/hang/')) {
      stalled.add(res);
      res.on('close', () => stalled.delete(res));
      return;
    }
    if (path.startsWith('/broken/')) return html(res, 500, page('Error', '<h1>Internal Server Error</h1>'));
    const pageKey = /^\/(quote|verify-mobile)\/(ck_[\w-]+)$/.exec(path);
    if (pageKey && req.method === 'GET') {
      const app = applications.get(pageKey[2]!);
      return pageKey[1] === 'quote' || !app ? quote(res, pageKey[2]!) : verifyPage(res, pageKey[2]!, app);
    }
    if (pageKey && req.method === 'POST') {
      const app = applications.get(pageKey[2]!);
      if (app) app.verified = true;
      res.writeHead(303, { Location: `/quote/${pageKey[2]}` }).end();
      return;
    }
    if (path !== '/applications' && path !== '/dealerships') return json(res, 404, { message: `No route ${path}` });
    if (!authorised(req)) return json(res, 401, { message: 'A valid API key is required.' });
    if (path === '/applications' && req.method === 'POST') {
      apply(req, res).catch(() => json(res, 500, { message: 'The application could not be processed.' }));
      return;
    }
    if (path === '/dealerships' && req.method === 'GET') {
      const location = url.searchParams.get('location')?.trim();
      if (!location) return json(res, 404, { message: 'No dealership without a location.' });
      return json(res, 200, { dealershipId: dealershipId(location) });
    }
    json(res, 405, { message: `${req.method} is not allowed on ${path}` });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  base = `http://${host}:${address.port}`;

  return {
    url: base,
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of stalled) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
