/** Reading the API's settings from the environment. */

/**
 * A whole number from 1 (to `max`) from the environment, or undefined when unset; throws naming
 * the variable, e.g. `X must be a whole number of days from 1 to 36500, not "0".`.
 */
export function positiveIntEnv(env: Record<string, string | undefined>, name: string, options: { unit?: string; max?: number } = {}): number | undefined {
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
