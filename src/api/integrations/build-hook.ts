/**
 * The call that asks a dealer's publish pipeline to rebuild its site after a stock import, so a
 * car imported or pushed gets its page without anyone running a command (content format 1.3).
 *
 *   STOCK_BUILD_HOOK_URL_<SLUG>, STOCK_BUILD_HOOK_URL      the hook, for one dealer or every other
 *   STOCK_BUILD_HOOK_TOKEN_<SLUG>, STOCK_BUILD_HOOK_TOKEN  the token a GitHub hook needs
 *
 * The URL says which pipeline it is, by its path, so a GitHub Enterprise server or a stand-in
 * works as the real service does:
 *
 *   …/build_hooks/<id>                  Netlify build hook: POST, ?trigger_title=, JSON body
 *                                       (the build sees it as INCOMING_HOOK_BODY)
 *   …/repos/<owner>/<repo>/dispatches   GitHub repository_dispatch, event "stock-changed" with
 *                                       client_payload.dealers; needs the token
 *   anything else                       a deploy hook that takes an empty POST (Vercel's)
 *
 * A dealer with no URL has no hook: nothing is called for it.
 */
import { dealerEnvName, readEnv, type Env } from '../../config/env.ts';
import { redactUrl } from '../../lib/redact.ts';
import { envSuffix } from '../../features/leads/server/outbox/destinations.ts';

export type BuildHookKind = 'netlify' | 'github' | 'deploy-hook';

export interface BuildHook {
  kind: BuildHookKind;
  url: string;
  /** GitHub's token (Authorization: Bearer). */
  token?: string;
}

/** The event a GitHub workflow listens to: `on: repository_dispatch: types: [stock-changed]`. */
export const DISPATCH_EVENT = 'stock-changed';
/** Time limit of one call. */
export const BUILD_HOOK_TIMEOUT_MS = 10_000;

const GITHUB_DISPATCH = /\/repos\/[^/]+\/[^/]+\/dispatches\/?$/;
const NETLIFY_HOOK = /\/build_hooks\/[^/]+\/?$/;

/** One dealer's hook, or undefined; throws naming the variable when the setting cannot work. */
export function buildHookFor(slug: string, env: Env): BuildHook | undefined {
  const suffix = envSuffix(slug);
  const own = dealerEnvName('STOCK_BUILD_HOOK_URL', suffix);
  const name = env[own] ? own : 'STOCK_BUILD_HOOK_URL';
  const value = env[own] || readEnv(env, 'STOCK_BUILD_HOOK_URL');
  if (!value) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(
      `${name} must be an absolute https URL (a Netlify build hook, a Vercel deploy hook or a GitHub repository's dispatches URL); its value is not one.`,
    );
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new Error(`${name} must be an http(s) URL, not an ${url.protocol} one.`);
  if (GITHUB_DISPATCH.test(url.pathname)) {
    const token = env[dealerEnvName('STOCK_BUILD_HOOK_TOKEN', suffix)] || readEnv(env, 'STOCK_BUILD_HOOK_TOKEN');
    if (!token)
      throw new Error(
        `${name} is a GitHub dispatches URL, which needs a token: set STOCK_BUILD_HOOK_TOKEN_${suffix} or STOCK_BUILD_HOOK_TOKEN to a token that may write the repository's contents.`,
      );
    return { kind: 'github', url: url.href, token };
  }
  return { kind: NETLIFY_HOOK.test(url.pathname) ? 'netlify' : 'deploy-hook', url: url.href };
}

/** Every dealer's hook, checked up front so a mistake stops the start-up rather than an import. */
export function buildHooksFromEnv(slugs: string[], env: Env): (slug: string) => BuildHook | undefined {
  const table = new Map(slugs.map((slug) => [slug, buildHookFor(slug, env)]));
  return (slug) => (table.has(slug) ? table.get(slug) : buildHookFor(slug, env));
}

/** The same pipeline: dealers sharing one hook are asked in one call. */
export function hookKey(hook: BuildHook): string {
  return `${hook.kind} ${hook.url} ${hook.token ?? ''}`;
}

/** For logs: the kind and the URL without its secret parts. */
export function describeHook(hook: BuildHook): string {
  const name = { netlify: 'Netlify build hook', github: 'GitHub repository_dispatch', 'deploy-hook': 'deploy hook' };
  return `${name[hook.kind]} ${redactUrl(hook.url)}`;
}

function request(hook: BuildHook, dealers: string[]): { url: string; init: RequestInit } {
  if (hook.kind === 'github')
    return {
      url: hook.url,
      init: {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${hook.token}`,
          Accept: 'application/vnd.github+json',
          'X-GitHub-Api-Version': '2022-11-28',
          'Content-Type': 'application/json',
          'User-Agent': 'dealer-sites-stock',
        },
        body: JSON.stringify({ event_type: DISPATCH_EVENT, client_payload: { dealers } }),
      },
    };
  if (hook.kind === 'netlify') {
    const url = new URL(hook.url);
    url.searchParams.set('trigger_title', `Stock changed: ${dealers.join(', ')}`);
    return {
      url: url.href,
      init: {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ event: DISPATCH_EVENT, dealers }),
      },
    };
  }
  return { url: hook.url, init: { method: 'POST' } };
}

/**
 * Asks the pipeline to rebuild `dealers`. Resolves once the service accepted (any 2xx); throws
 * an error saying what the service answered, for the retry's record, otherwise.
 */
export async function callBuildHook(
  hook: BuildHook,
  dealers: string[],
  timeoutMs = BUILD_HOOK_TIMEOUT_MS,
): Promise<void> {
  const { url, init } = request(hook, dealers);
  let res: Response;
  try {
    res = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs), redirect: 'error' });
  } catch (e) {
    const reason = (e as Error).name === 'TimeoutError' ? `no answer in ${timeoutMs / 1000} s` : (e as Error).message;
    throw new Error(`${describeHook(hook)} could not be reached: ${reason}`, { cause: e });
  }
  const text = await res.text().catch(() => '');
  if (res.ok) return;
  const hint =
    res.status === 401 || res.status === 403
      ? ' (check the token and that it may write the repository)'
      : res.status === 404
        ? ' (check the hook URL: the hook may have been deleted)'
        : '';
  throw new Error(
    `${describeHook(hook)} answered ${res.status}${hint}: ${text.slice(0, 200).trim() || res.statusText}`,
  );
}
