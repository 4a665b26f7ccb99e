/**
 * Staff lists from the CMS instead of `team.json`: `GET {CMS_URL}/websites/{id}/users.json` with a
 * bearer token, at build time only. Each answer is kept on disk per website id so that a build
 * revalidates (ETag / Last-Modified) instead of downloading again, and still works from the last
 * good copy while the CMS is down. The token is sent, never written anywhere; a user name,
 * password or query value in CMS_URL is masked in every message (src/lib/redact.ts).
 */
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { envDefault, processEnv, readEnv, type Env } from '../config/env.ts';
import { redactUrl, redactUrls } from '../lib/redact.ts';
import { z } from './zod.ts';
import { staffMember, type StaffMember } from './entities.ts';
import { fromZod, type ContentIssue } from './issues.ts';
import type { DealerContent } from './load.ts';

export interface CmsConfig {
  /** Base URL without a trailing slash, e.g. "https://cms.example.com/api". */
  url: string;
  token: string;
  /** From CMS_CACHE_DIR; `applyCmsStaff`'s own option wins. */
  cacheDir?: string;
}

export interface CmsOptions {
  /** Default `.cache/cms` (relative to the working directory). */
  cacheDir?: string;
  fetch?: typeof fetch;
  /** Progress and warning lines; silent when absent. */
  log?: (line: string) => void;
  /** A cached copy younger than this is used without a request. Default 300. */
  maxAgeSeconds?: number;
  /** Per request. Default 10 000. */
  timeoutMs?: number;
}

/** Both CMS_URL and CMS_TOKEN set: the CMS is used. Throws when CMS_URL is not an http(s) URL. */
export function cmsConfigFromEnv(env: Env = processEnv()): CmsConfig | undefined {
  const raw = readEnv(env, 'CMS_URL')?.trim();
  const token = readEnv(env, 'CMS_TOKEN')?.trim();
  if (!raw || !token) return undefined;
  let url: URL | undefined;
  try {
    url = new URL(raw);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw new Error(`CMS_URL must be an http(s) URL such as "https://cms.example.com/api", not "${redactUrl(raw)}"`);
  }
  const cacheDir = readEnv(env, 'CMS_CACHE_DIR')?.trim() || undefined;
  return { url: raw.replace(/\/+$/, ''), token, cacheDir };
}

/** The CMS answers with a bare list or with `{ users: [...] }`. */
const usersPayload = z.union([z.array(z.unknown()), z.looseObject({ users: z.array(z.unknown()) })]);
const staffList = z.array(staffMember);

interface CacheEntry {
  url: string;
  fetchedAt: number;
  etag?: string;
  lastModified?: string;
  body: unknown;
}

const CONCURRENCY = 4;

/**
 * Replaces each dealer's `team` with its CMS staff list. Returns one issue per problem (refused
 * token, unreachable CMS with no cached copy, invalid payload with the JSON path of each field);
 * a dealer with a problem keeps no CMS data and must not be built.
 */
export async function applyCmsStaff(
  dealers: DealerContent[],
  config: CmsConfig,
  options: CmsOptions = {},
): Promise<ContentIssue[]> {
  const issues: ContentIssue[] = [];
  const queue = [...dealers];
  const worker = async () => {
    for (let d = queue.shift(); d; d = queue.shift()) issues.push(...(await staffFor(d, config, options)));
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, dealers.length) }, worker));
  return issues;
}

async function staffFor(dealer: DealerContent, config: CmsConfig, options: CmsOptions): Promise<ContentIssue[]> {
  const log = options.log ?? (() => {});
  const id = dealer.site.id;
  const url = `${config.url}/websites/${encodeURIComponent(String(id))}/users.json`;
  const shown = redactUrl(url);
  const file = `CMS users.json for website ${id}`;
  const issue = (message: string, at = ''): ContentIssue[] => [{ dealer: dealer.slug, file, path: at, message }];
  const cacheFile = path.resolve(
    options.cacheDir ?? config.cacheDir ?? envDefault('CMS_CACHE_DIR'),
    `website-${id}.json`,
  );
  const cached = await readCache(cacheFile, url);
  const maxAgeMs = (options.maxAgeSeconds ?? 300) * 1000;

  const use = (body: unknown, how: string): ContentIssue[] => {
    const checked = validate(body);
    if ('problems' in checked) {
      return checked.problems.map((p) => ({ dealer: dealer.slug, file, path: p.path, message: p.message }));
    }
    dealer.team = checked.staff;
    log(`  cms: ${dealer.slug}: ${checked.staff.length} staff member${checked.staff.length === 1 ? '' : 's'} (${how})`);
    return [];
  };
  const fallBack = (why: string): ContentIssue[] => {
    if (!cached) return issue(`GET ${shown} ${why}, and there is no cached copy to build from`);
    log(`warning: ${dealer.slug}: GET ${shown} ${why}; building from the cached copy of ${age(cached.fetchedAt)} ago`);
    return use(cached.body, 'cached copy');
  };

  if (cached && Date.now() - cached.fetchedAt < maxAgeMs)
    return use(cached.body, `cached ${age(cached.fetchedAt)} ago`);

  const headers: Record<string, string> = { Authorization: `Bearer ${config.token}`, Accept: 'application/json' };
  if (cached?.etag) headers['If-None-Match'] = cached.etag;
  if (cached?.lastModified) headers['If-Modified-Since'] = cached.lastModified;
  const timeoutMs = options.timeoutMs ?? 10_000;
  let response: Response;
  let text: string;
  try {
    response = await (options.fetch ?? fetch)(url, { headers, signal: AbortSignal.timeout(timeoutMs) });
    text = await response.text();
  } catch (e) {
    return fallBack(`failed (${networkReason(e, timeoutMs)})`);
  }

  if (response.status === 304 && cached) {
    await writeCache(cacheFile, { ...cached, fetchedAt: Date.now() });
    return use(cached.body, 'not modified');
  }
  if (response.status === 401 || response.status === 403) {
    return issue(`GET ${shown} was refused (HTTP ${response.status}): the CMS refused the token; check CMS_TOKEN`);
  }
  if (response.status >= 500) return fallBack(`failed (HTTP ${response.status})`);
  if (!response.ok) return issue(`GET ${shown} failed (HTTP ${response.status})`);

  let body: unknown;
  try {
    body = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (e) {
    return issue(`is not valid JSON: ${(e as Error).message}`);
  }
  const problems = use(body, 'fetched');
  if (problems.length) return problems;
  await writeCache(cacheFile, {
    url,
    fetchedAt: Date.now(),
    etag: response.headers.get('etag') ?? undefined,
    lastModified: response.headers.get('last-modified') ?? undefined,
    body,
  });
  return [];
}

type Checked = { staff: StaffMember[] } | { problems: { path: string; message: string }[] };

function validate(body: unknown): Checked {
  const payload = usersPayload.safeParse(body);
  if (!payload.success) {
    return {
      problems: [{ path: '', message: 'expected an array of staff members or an object with a "users" array' }],
    };
  }
  const wrapped = !Array.isArray(payload.data);
  const list = Array.isArray(payload.data) ? payload.data : payload.data.users;
  const parsed = staffList.safeParse(list);
  if (!parsed.success) {
    const prefix = wrapped ? ['users'] : [];
    return { problems: fromZod(parsed.error, { dealer: '', file: '', prefix }, list) };
  }
  const seen = new Map<string, number>();
  const problems: { path: string; message: string }[] = [];
  parsed.data.forEach((m, i) => {
    const first = seen.get(m.slug);
    if (first === undefined) seen.set(m.slug, i);
    else
      problems.push({
        path: `${wrapped ? 'users' : ''}[${i}].slug`,
        message: `"${m.slug}" is also used by [${first}]; staff slugs must be unique`,
      });
  });
  return problems.length ? { problems } : { staff: parsed.data };
}

async function readCache(file: string, url: string): Promise<CacheEntry | undefined> {
  try {
    const entry = JSON.parse(await readFile(file, 'utf8')) as Partial<CacheEntry>;
    if (entry.url !== url || typeof entry.fetchedAt !== 'number' || !('body' in entry)) return undefined;
    return entry as CacheEntry;
  } catch {
    return undefined;
  }
}

/** Written whole then renamed, so an interrupted build never leaves half a cache file. */
async function writeCache(file: string, entry: CacheEntry): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  await writeFile(tmp, JSON.stringify(entry));
  await rename(tmp, file);
}

function networkReason(e: unknown, timeoutMs: number): string {
  const err = e as Error & { cause?: { code?: string; message?: string } };
  if (err.name === 'TimeoutError') return `no answer within ${timeoutMs / 1000} s`;
  const cause = err.cause?.code ?? err.cause?.message;
  // fetch's own messages may quote the URL, credentials and all.
  return redactUrls(cause ? `${err.message}: ${cause}` : err.message);
}

function age(since: number): string {
  const s = Math.max(0, Math.round((Date.now() - since) / 1000));
  if (s < 90) return `${s} s`;
  const m = Math.round(s / 60);
  if (m < 90) return `${m} min`;
  const h = Math.round(m / 60);
  return h < 48 ? `${h} h` : `${Math.round(h / 24)} days`;
}
