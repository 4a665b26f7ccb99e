/**
 * The tools that save something (a test-drive booking, a reservation) hand it to the very route a
 * site's form posts to, inside this process: the lead route (POST /api/leads) and the reservation
 * route (POST /api/reservations) with their own validation, consent checks, rate limits, storage
 * and delivery. The forwarded request keeps the assistant's request's host and client address, so
 * it counts for the same dealer and the same address as a visitor's form would.
 */
import { Hono } from 'hono';
import type { ApiDeps } from '../core/deps.ts';
import { API_ROUTES } from '../../contract/routes.ts';
import { API_BASE } from '../../contract/routes.ts';
import { leadsApp } from '../../features/leads/server/app.ts';
import { reservationsApp } from '../../features/reservations/server/app.ts';

const apps = new WeakMap<ApiDeps, Hono>();

function routesOf(deps: ApiDeps): Hono {
  let app = apps.get(deps);
  if (!app) {
    const root = new Hono({ strict: false });
    root.basePath(API_BASE).route('/', leadsApp(deps)).route('/', reservationsApp(deps));
    apps.set(deps, (app = root));
  }
  return app;
}

/** Headers the forwarded request keeps: where it was sent and who sent it. */
const KEPT = ['host', 'x-forwarded-for', 'x-real-ip', 'x-forwarded-host', 'user-agent'];

export interface RouteAnswer {
  status: number;
  body: Record<string, unknown>;
}

/** POSTs `body` to the lead or reservation route as the request `from` would; the route's answer. */
export async function postToRoute(
  deps: ApiDeps,
  from: Request,
  route: 'leads' | 'reservations',
  body: Record<string, unknown>,
): Promise<RouteAnswer> {
  const headers = new Headers({ 'content-type': 'application/json' });
  for (const name of KEPT) {
    const value = from.headers.get(name);
    if (value !== null) headers.set(name, value);
  }
  const url = new URL(API_ROUTES[route], from.url);
  const response = await routesOf(deps).fetch(
    new Request(url, { method: 'POST', headers, body: JSON.stringify(body) }),
  );
  const text = await response.text();
  let parsed: Record<string, unknown> = {};
  try {
    parsed = JSON.parse(text) as Record<string, unknown>;
  } catch {
    // An answer that is no JSON is reported by its status alone.
  }
  return { status: response.status, body: parsed };
}

/** The route's refusal in words: its message and each field's problem, as the form shows them. */
export function refusalText(answer: RouteAnswer): string {
  const error = answer.body.error as { message?: string; fields?: Record<string, string> } | undefined;
  const fields = Object.entries(error?.fields ?? {}).map(([k, v]) => `${k}: ${v}`);
  return [error?.message ?? `The request was refused (${answer.status}).`, ...fields].join('\n');
}
