/**
 * The API for serverless Fetch platforms (dist/api/handler.mjs once built):
 *
 *   import { fetch } from './handler.mjs'    → (request: Request) => Promise<Response>
 *   import { deliver } from './handler.mjs'  → delivers due leads and, hourly, applies the lead
 *                                             retention policy; call it from a scheduled job
 *
 * Dealers come from content.json next to the bundle (or API_CONTENT). Use DATABASE_URL: a
 * function's file system does not outlive it, so the embedded PGlite suits only trials.
 * Everything starts on the first request and is reused while the instance lives.
 */
import { apiDealers } from './content.ts';
import { dataDirFrom } from './db/index.ts';
import { errorResponse } from './errors.ts';
import { financeProviderFromEnv } from './integrations/finance-provider.ts';
import { startRuntime, type Runtime } from './runtime.ts';

let booting: Promise<Runtime> | undefined;

function runtime(): Promise<Runtime> {
  booting ??= (async () => startRuntime({
    dealers: await apiDealers(process.env, process.env.DEALERS_DIR || 'dealers'),
    dataDir: dataDirFrom(undefined),
    financeProvider: financeProviderFromEnv(process.env),
    workerIntervalMs: false,
    log: (line) => console.log(line),
  }))();
  // A failed start (database unreachable) is tried again by the next request.
  booting.catch(() => {
    booting = undefined;
  });
  return booting;
}

export async function fetch(request: Request): Promise<Response> {
  let api: Runtime;
  try {
    api = await runtime();
  } catch (e) {
    console.error(`The API could not start: ${(e as Error).message}`);
    return errorResponse(503, 'The service is starting or unavailable. Please try again in a moment.', undefined, { 'Retry-After': '5' });
  }
  return api.app.fetch(request);
}

export async function deliver() {
  return (await runtime()).deliver();
}

export default { fetch };
