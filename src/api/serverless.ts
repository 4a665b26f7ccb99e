/**
 * The API inside a serverless function, shared by every platform entry (handler.ts and
 * platforms/*): started on the first request or scheduled call and kept while the instance lives.
 * A failed start (database unreachable, content URL down) is tried again by the next call.
 *
 * Dealers come from API_CONTENT_URL, API_CONTENT or the bundle itself (content-source.ts). The
 * database must be DATABASE_URL: a function's disk does not outlive it, so PGlite runs only when
 * DATA_DIR names a writable folder on purpose (a trial).
 */
import { configuredContent } from './content-source.ts';
import { processEnv, readEnv, type Env } from '../config/env.ts';
import { dataDirFrom } from './db/index.ts';
import { errorResponse } from './errors.ts';
import { financeProviderFromEnv } from './integrations/finance-provider.ts';
import { destinationsFor } from './outbox/destinations.ts';
import { startRuntime, type DeliveryRun, type Runtime } from './runtime.ts';
import { redactUrls } from '../lib/redact.ts';

/** What a platform passes with a call (Netlify's and Vercel's request context). */
export interface Invocation {
  /** Keeps the instance running for work after the answer. */
  waitUntil?(promise: Promise<unknown>): void;
}

/** Why the environment cannot run the API in a function, or undefined when it can. */
export function serverlessDatabaseProblem(env: Env): string | undefined {
  if (readEnv(env, 'DATABASE_URL') || readEnv(env, 'DATA_DIR')) return undefined;
  return (
    'DATABASE_URL is not set. A serverless function keeps no disk between calls, so the API needs a PostgreSQL server ' +
    '(DATABASE_URL); for a trial on the embedded database, set DATA_DIR to a writable folder such as /tmp/dealer-api.'
  );
}

/**
 * What a function's start-up warns of: dealers whose leads would go to files (no webhook or ADF
 * URL), which a function does not keep. Not when DATA_DIR is set: then the files are wanted.
 */
export function serverlessWarnings(slugs: string[], env: Env): string[] {
  if (readEnv(env, 'DATA_DIR')) return [];
  const toFiles = slugs.filter((slug) => destinationsFor(slug, env, '.').every((d) => d.kind === 'file'));
  if (!toFiles.length) return [];
  return [
    `warning: no lead destination for ${toFiles.join(', ')}: their completed leads are kept in the database but written to files ` +
      'a function does not keep. Set LEAD_WEBHOOK_URL (with LEAD_WEBHOOK_SECRET) or LEAD_ADF_URL, for every dealer or per dealer (…_<SLUG>).',
  ];
}

let booting: Promise<Runtime> | undefined;

function runtime(): Promise<Runtime> {
  booting ??= (async () => {
    const env = processEnv();
    const problem = serverlessDatabaseProblem(env);
    if (problem) throw new Error(problem);
    const content = await configuredContent(env);
    if (!content)
      throw new Error(
        'No dealers to serve: build the API with npm run build, which compiles them in, or set API_CONTENT_URL.',
      );
    console.log(`Dealers: ${content.dealers.length} from ${content.from}`);
    for (const warning of serverlessWarnings(
      content.dealers.map((d) => d.slug),
      env,
    ))
      console.warn(warning);
    return startRuntime({
      dealers: content.dealers,
      dataDir: dataDirFrom(undefined, env),
      financeProvider: financeProviderFromEnv(env),
      // No interval: a function is frozen between calls. Leads go out when a request completes
      // one (kept alive by waitUntil where the platform has it) and from the scheduled entry.
      workerIntervalMs: false,
      log: (line) => console.log(line),
    });
  })();
  booting.catch(() => {
    booting = undefined;
  });
  return booting;
}

/** Answers one request; a start that fails is a 503 with Retry-After, never a crash. */
export async function handleRequest(request: Request, invocation?: Invocation): Promise<Response> {
  let api: Runtime;
  try {
    api = await runtime();
  } catch (e) {
    console.error(`The API could not start: ${redactUrls((e as Error).message)}`);
    return errorResponse(503, 'The service is starting or unavailable. Please try again in a moment.', undefined, {
      'Retry-After': '5',
    });
  }
  const response = await api.app.fetch(request);
  const delivering = api.pendingDelivery();
  if (delivering && invocation?.waitUntil) invocation.waitUntil(delivering.catch(() => {}));
  return response;
}

/** Delivers every due lead (and, hourly, applies the retention policy): the scheduled job. */
export async function deliverDueLeads(): Promise<DeliveryRun> {
  const run = await (await runtime()).deliver();
  if (run.claimed)
    console.log(
      `Lead delivery: ${run.delivered} delivered, ${run.retrying} to retry, ${run.failed} failed for good` +
        (run.deferred ? `, ${run.deferred} put off (their destination did not answer)` : ''),
    );
  return run;
}

/**
 * `request` with `address` (the client's address as the platform itself saw it) last in
 * X-Forwarded-For, where the rate limits read it (rate-limit.ts clientIp): entries a client
 * sent itself come before it and count for nothing.
 */
export function withPeerAddress(request: Request, address: string | undefined): Request {
  if (!address) return request;
  const forwarded = request.headers.get('x-forwarded-for');
  if (
    forwarded
      ?.split(',')
      .map((s) => s.trim())
      .filter(Boolean)
      .at(-1) === address
  )
    return request;
  const headers = new Headers(request.headers);
  headers.set('x-forwarded-for', forwarded ? `${forwarded}, ${address}` : address);
  return new Request(request, { headers });
}
