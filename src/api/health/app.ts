/**
 * GET /api/health: 200 `{ ok: true, database: 'ok' }` when the database answers, 503 (the error
 * shape, with Retry-After) when it does not, so a load balancer takes an instance out while its
 * database is away. Without deps (no database) `{ ok: true }`.
 */
import type { ApiDeps } from '../core/deps.ts';
import { errorBody } from '../core/errors.ts';
import { featureApp, routePath } from '../core/respond.ts';
import { DATABASE_RETRY_AFTER_S, describeError } from '../db/errors.ts';

export function healthApp(deps?: ApiDeps) {
  return featureApp().get(routePath('health'), async (c) => {
    c.header('Cache-Control', 'no-store');
    if (!deps) return c.json({ ok: true });
    try {
      await deps.db.query('SELECT 1');
    } catch (error) {
      console.error(`Health check: ${describeError(error)}`);
      c.header('Retry-After', String(DATABASE_RETRY_AFTER_S));
      return c.json(
        errorBody(503, 'The database cannot be reached; this instance cannot take forms or searches right now.'),
        503,
      );
    }
    return c.json({ ok: true, database: 'ok' });
  });
}
