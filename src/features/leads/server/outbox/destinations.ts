/**
 * Where each dealer's completed leads go, from the environment (site.json has no field for it):
 *
 *   LEAD_WEBHOOK_URL_<SLUG> + LEAD_WEBHOOK_SECRET_<SLUG>   signed JSON webhook for one dealer
 *   LEAD_ADF_URL_<SLUG>                                    ADF/XML POST for one dealer
 *   LEAD_WEBHOOK_URL, LEAD_WEBHOOK_SECRET, LEAD_ADF_URL    the same for every other dealer
 *
 * <SLUG> is the slug in upper snake case ("mini-motors" → MINI_MOTORS). A dealer with neither
 * gets files under <DATA_DIR>/deliveries/<slug>/, so no lead is lost when nothing is configured.
 * The delivery reads these when it sends a lead, not when the lead was queued: a lead goes where
 * its dealer's destination of that kind points now, or to the deliveries folder when there is
 * none any more (src/features/leads/server/outbox/deliver.ts).
 */
import path from 'node:path';
import type { Destination } from '../../../../api/core/deps.ts';
import { dealerEnvName, readEnv, type Env } from '../../../../config/env.ts';
import { envSuffix } from '../../../../content/dealer-settings.ts';

export type { Env };
export { envSuffix };

/** The URL, normalised; the error quotes no part of it that could hold a credential. */
function httpUrl(value: string, name: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(
      `${name} must be an absolute http(s) URL such as https://crm.example.com/leads; its value is not one.`,
    );
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new Error(`${name} must be an http(s) URL, not an ${url.protocol} one.`);
  return url.href;
}

/** The dealer's deliveries folder: its file destination, and where a lead goes whose destination is gone. */
export function deliveriesDir(dataDir: string, slug: string): string {
  return path.join(dataDir, 'deliveries', slug);
}

/** One dealer's destinations; throws when a webhook has no secret or a URL is malformed. */
export function destinationsFor(slug: string, env: Env, dataDir: string): Destination[] {
  const suffix = envSuffix(slug);
  const pick = (name: 'LEAD_WEBHOOK_URL' | 'LEAD_ADF_URL') => {
    const own = env[dealerEnvName(name, suffix)];
    const all = readEnv(env, name);
    return own ? { value: own, name: dealerEnvName(name, suffix) } : all ? { value: all, name } : undefined;
  };
  const out: Destination[] = [];
  const webhook = pick('LEAD_WEBHOOK_URL');
  if (webhook) {
    const secret = env[dealerEnvName('LEAD_WEBHOOK_SECRET', suffix)] || readEnv(env, 'LEAD_WEBHOOK_SECRET');
    if (!secret)
      throw new Error(
        `${webhook.name} is set but no LEAD_WEBHOOK_SECRET_${suffix} or LEAD_WEBHOOK_SECRET signs its requests.`,
      );
    out.push({ kind: 'webhook', url: httpUrl(webhook.value, webhook.name), secret });
  }
  const adf = pick('LEAD_ADF_URL');
  if (adf) out.push({ kind: 'adf', url: httpUrl(adf.value, adf.name) });
  if (!out.length) out.push({ kind: 'file', dir: deliveriesDir(dataDir, slug) });
  return out;
}

/**
 * Destinations of every dealer, checked up front so a configuration mistake stops the start-up
 * rather than a delivery.
 */
export function destinationsFromEnv(slugs: string[], env: Env, dataDir: string): (slug: string) => Destination[] {
  const table = new Map(slugs.map((slug) => [slug, destinationsFor(slug, env, dataDir)]));
  return (slug) => table.get(slug) ?? destinationsFor(slug, env, dataDir);
}
