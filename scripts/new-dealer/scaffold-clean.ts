/**
 * The parts of a new dealer's scaffold (scaffold.ts) that walk any JSON: what counts as a secret
 * or a review profile wherever it sits, and the replacement of the sample's own words (name,
 * phone, email, address) in every text.
 */

/** A JSON value as parsed. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
/** A JSON object as parsed. */
export type JsonObject = { [key: string]: Json };

/**
 * Field names that hold a secret, a token or an API key. `key` alone, `stepKey` and the like
 * (form steps, slides' image keys) are names of things, not secrets, and stay.
 */
const SECRET_NAME =
  /token|secret|password|passwd|credential|api_?key|access_?key|private_?key|maps_?key|licen[cs]e_?key/i;
/** Field names that hold a Google Business (review) profile. */
const REVIEW_PROFILE_NAME = /gmb|google_?business|place_?id/i;

/** Whether a field of this name holds a secret. */
export const isSecretName = (name: string): boolean => SECRET_NAME.test(name);
/** Whether a field of this name holds a review profile. */
export const isReviewProfileName = (name: string): boolean => REVIEW_PROFILE_NAME.test(name);

/** Whether `v` is a JSON object (not an array or null). */
export const isObject = (v: Json | undefined): v is JsonObject =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * `value` with every field whose name `drop` accepts removed, at any depth; `removed` gets each
 * removed field's JSON path under `at`.
 */
export function withoutFields(value: Json, drop: (name: string) => boolean, at: string, removed: string[]): Json {
  if (Array.isArray(value)) return value.map((v, i) => withoutFields(v, drop, `${at}[${i}]`, removed));
  if (!isObject(value)) return value;
  const out: JsonObject = {};
  for (const [k, v] of Object.entries(value)) {
    const path = at ? `${at}.${k}` : k;
    if (drop(k)) removed.push(path);
    else out[k] = withoutFields(v, drop, path, removed);
  }
  return out;
}

/** A text to find and what replaces it. */
export interface Replacement {
  from: string;
  to: string;
}

/** `value` with each replacement made in every string at any depth; `count.n` counts the strings changed. */
export function replaceText(value: Json, replacements: Replacement[], count: { n: number }): Json {
  if (typeof value === 'string') {
    let s = value;
    for (const r of replacements) if (r.from) s = s.split(r.from).join(r.to);
    if (s !== value) count.n++;
    return s;
  }
  if (Array.isArray(value)) return value.map((v) => replaceText(v, replacements, count));
  if (!isObject(value)) return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, replaceText(v, replacements, count)]));
}

/** The replacements longest first, so that a name inside a longer text is replaced as part of it. */
export function longestFirst(replacements: Replacement[]): Replacement[] {
  return replacements.filter((r) => r.from.trim().length > 2).sort((a, b) => b.from.length - a.from.length);
}
