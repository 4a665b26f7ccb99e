/**
 * Each dealer's deal webhook from the environment: DEAL_WEBHOOK_URL_<SLUG> with
 * DEAL_WEBHOOK_SECRET_<SLUG>, else DEAL_WEBHOOK_URL with DEAL_WEBHOOK_SECRET for every other
 * dealer. A URL without its secret stops the start-up, as a lead webhook's does.
 */
import { dealerEnvName, readEnv, type Env } from '../../../config/env.ts';
import { envSuffix } from '../../../content/dealer-settings.ts';

export interface DealWebhook {
  url: string;
  secret: string;
}

export function dealWebhookFor(slug: string, env: Env): DealWebhook | undefined {
  const suffix = envSuffix(slug);
  const ownUrl = env[dealerEnvName('DEAL_WEBHOOK_URL', suffix)];
  const url = ownUrl || readEnv(env, 'DEAL_WEBHOOK_URL');
  if (!url) return undefined;
  const name = ownUrl ? `DEAL_WEBHOOK_URL_${suffix}` : 'DEAL_WEBHOOK_URL';
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(
      `${name} must be an absolute http(s) URL such as https://crm.example.com/deals; its value is not one.`,
    );
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')
    throw new Error(`${name} must be an http(s) URL, not an ${parsed.protocol} one.`);
  const secret = env[dealerEnvName('DEAL_WEBHOOK_SECRET', suffix)] || readEnv(env, 'DEAL_WEBHOOK_SECRET');
  if (!secret)
    throw new Error(`${name} is set but no DEAL_WEBHOOK_SECRET_${suffix} or DEAL_WEBHOOK_SECRET signs its requests.`);
  return { url: parsed.href, secret };
}

/** Every dealer's deal webhook, checked up front so a mistake stops the start-up rather than a send. */
export function dealWebhooksFromEnv(slugs: string[], env: Env): (slug: string) => DealWebhook | undefined {
  const table = new Map(slugs.map((slug) => [slug, dealWebhookFor(slug, env)]));
  return (slug) => (table.has(slug) ? table.get(slug) : dealWebhookFor(slug, env));
}
