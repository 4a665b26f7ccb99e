/**
 * Every environment variable the product reads, declared once: its type, its default, who reads it
 * and what it does. The declarations are grouped by area in env-build.ts, env-server.ts,
 * env-guard.ts, env-providers.ts, env-delivery.ts and env-deploy.ts (in the shape of env-var.ts) and
 * gathered here into ENV_VARS. Code reads a variable through `readEnv` / `envInt` with its declared
 * name, so a name that is not declared does not compile; README.md's table of variables is checked
 * against this list (tests/unit/project/env-doc.test.ts).
 *
 * Values are read at call time, from the environment object a caller passes (the API's runtime
 * takes one, so tests can give each run its own) or from `processEnv()`, the process's environment
 * as it is at that moment (tests set variables per test). This is the one file of src that reads
 * process.env.
 */
import type { EnvVar } from './env-var.ts';
import { BUILD_VARS } from './env-build.ts';
import { SERVER_VARS } from './env-server.ts';
import { GUARD_VARS } from './env-guard.ts';
import { PROVIDER_VARS } from './env-providers.ts';
import { DELIVERY_VARS } from './env-delivery.ts';
import { DEPLOY_VARS } from './env-deploy.ts';

export type Env = Record<string, string | undefined>;

export const ENV_VARS = {
  ...BUILD_VARS,
  ...SERVER_VARS,
  ...GUARD_VARS,
  ...PROVIDER_VARS,
  ...DELIVERY_VARS,
  ...DEPLOY_VARS,
} satisfies Record<string, EnvVar>;

export type EnvName = keyof typeof ENV_VARS;

/** The names read per dealer, as `<NAME>_<SLUG>`. */
type PerDealerName = { [K in EnvName]: (typeof ENV_VARS)[K] extends { perDealer: true } ? K : never }[EnvName];

/** The process's environment as it is now (never cached: tests set variables per test). */
export function processEnv(): Env {
  return process.env;
}

/** Prepares this process for a build of the engine (src/engine/build/): Astro's telemetry off. */
export function prepareBuildEnv(): void {
  process.env.ASTRO_TELEMETRY_DISABLED = '1';
}

/**
 * The environment for a render worker of a build: this process's, with Astro's telemetry off, and
 * the bundler's native allocator (mimalloc, inside Rolldown) committing its arenas as it uses them
 * and returning freed pages at once, unless set otherwise. Its defaults keep about 200 MB more
 * resident per worker after bundling, for no measurable gain in speed.
 */
export function buildChildEnv(): Env {
  return { MIMALLOC_ARENA_EAGER_COMMIT: '0', MIMALLOC_PURGE_DELAY: '0', ...process.env, ASTRO_TELEMETRY_DISABLED: '1' };
}

/** The variable's value as written, undefined when unset. */
export function readEnv(env: Env, name: EnvName): string | undefined {
  return env[name];
}

/** A per-dealer variable, `<NAME>_<SUFFIX>` (see envSuffix in src/features/leads/server/outbox/destinations.ts). */
export function dealerEnvName(name: PerDealerName, suffix: string): string {
  return `${name}_${suffix}`;
}

/**
 * A whole number from 1 (to `max`) from the environment, or undefined when unset; throws naming
 * the variable, e.g. `X must be a whole number of days from 1 to 36500, not "0".`.
 */
export function positiveIntEnv(
  env: Env,
  name: string,
  options: { unit?: string; max?: number } = {},
): number | undefined {
  const raw = env[name]?.trim();
  if (!raw) return undefined;
  const n = Number(raw);
  if (!/^\d+$/.test(raw) || n < 1 || (options.max !== undefined && n > options.max)) {
    const of = options.unit ? ` of ${options.unit}` : '';
    const range = options.max !== undefined ? ` from 1 to ${options.max}` : ' above 0';
    throw new Error(`${name} must be a whole number${of}${range}, not "${raw}".`);
  }
  return n;
}

/**
 * A declared `int` variable (or its per-dealer form `<NAME>_<SUFFIX>`), checked against its
 * declared unit and maximum; undefined when unset (the caller applies the default).
 */
export function envInt(env: Env, name: EnvName, suffix?: string): number | undefined {
  const declared: EnvVar = ENV_VARS[name];
  const options = {
    ...(declared.unit ? { unit: declared.unit } : {}),
    ...(declared.max !== undefined ? { max: declared.max } : {}),
  };
  return positiveIntEnv(env, suffix ? `${name}_${suffix}` : name, options);
}

/** The declared default of a variable (for code that applies it). */
export function envDefault<N extends EnvName>(
  name: N,
): (typeof ENV_VARS)[N] extends { default: infer D } ? D : undefined {
  return (ENV_VARS[name] as EnvVar).default as never;
}
