/**
 * The API inside a serverless function, shared by every platform entry (handler.ts and
 * the entries beside this file): started on the first request or scheduled call and kept while the instance lives.
 * A failed start (database unreachable, content URL down) is tried again by the next call.
 *
 * Dealers come from API_CONTENT_URL, API_CONTENT or the bundle itself (content-source.ts). The
 * database must be DATABASE_URL: a function's disk does not outlive it. The platforms' entries
 * (Lambda, Netlify, Vercel) have no embedded database at all: they never pass an opener for it,
 * so PGlite is nowhere in their module graph and the platforms' packagers leave it out. Only the
 * generic handler (handler.ts) passes one, and runs PGlite when DATA_DIR names a writable folder
 * on purpose (a trial).
 */
import { configuredContent } from '../core/content-source.ts';
import { processEnv, readEnv, type Env } from '../../config/env.ts';
import { dataDirFrom, type OpenEmbedded } from '../db/open.ts';
import { errorResponse } from '../core/errors.ts';
import { financeProviderFromEnv } from '../../features/finance/server/finance-provider.ts';
import { paymentsFromEnv } from '../../features/reservations/server/payments/from-env.ts';
import { destinationsFor } from '../../features/leads/server/outbox/destinations.ts';
import { startRuntime, type DeliveryRun, type Runtime } from '../runtime.ts';
import { redactUrls } from '../../lib/redact.ts';

/** What a platform passes with a call (Netlify's and Vercel's request context). */
export interface Invocation {
  /** Keeps the instance running for work after the answer. */
  waitUntil?(promise: Promise<unknown>): void;
}

/**
 * Why the environment cannot run the API in a function, or undefined when it can. `embedded`:
 * whether the entry has the embedded database (the generic handler does, the platforms' do not).
 */
export function serverlessDatabaseProblem(env: Env, embedded: boolean): string | undefined {
  if (readEnv(env, 'DATABASE_URL') || (embedded && readEnv(env, 'DATA_DIR'))) return undefined;
  if (!embedded)
    return (
      'DATABASE_URL is not set: set it to a PostgreSQL server (postgres://user:password@host:5432/db). ' +
      'A serverless function keeps no disk between calls, and this function is built without the embedded database ' +
      '(DATA_DIR does not start one here; for a trial on it, run server.mjs or handler.mjs).'
    );
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

export interface ServerlessOptions {
  /**
   * The embedded database's opener (db/index.ts openPglite), for a trial with DATA_DIR: given
   * by the generic handler only. Without it the API needs DATABASE_URL.
   */
  openEmbedded?: OpenEmbedded;
}

/** One API per function instance: its requests and its scheduled deliveries. */
export interface ServerlessApi {
  /** Answers one request; a start that fails is a 503 with Retry-After, never a crash. */
  handleRequest(request: Request, invocation?: Invocation): Promise<Response>;
  /**
   * Delivers every due lead (and, hourly, applies the retention policy; runs the saved-search
   * alerts that are due, runtime.ts dueAlerts; and calls the stock build hooks that are due):
   * the scheduled job.
   */
  deliverDueLeads(): Promise<DeliveryRun>;
}

export function serverlessApi(options: ServerlessOptions = {}): ServerlessApi {
  let booting: Promise<Runtime> | undefined;

  function runtime(): Promise<Runtime> {
    booting ??= (async () => {
      const env = processEnv();
      const problem = serverlessDatabaseProblem(env, !!options.openEmbedded);
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
        openEmbedded: options.openEmbedded,
        financeProvider: financeProviderFromEnv(env),
        payments: paymentsFromEnv(env),
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

  return {
    async handleRequest(request, invocation) {
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
      // A stock import's build hook is called by a later run: its record must be written first.
      await api.stockChangesRecorded();
      const delivering = api.pendingDelivery();
      if (delivering && invocation?.waitUntil) invocation.waitUntil(delivering.catch(() => {}));
      return response;
    },

    async deliverDueLeads() {
      const run = await (await runtime()).deliver();
      if (run.claimed)
        console.log(
          `Lead delivery: ${run.delivered} delivered, ${run.retrying} to retry, ${run.failed} failed for good` +
            (run.deferred ? `, ${run.deferred} put off (their destination did not answer)` : ''),
        );
      return run;
    },
  };
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
