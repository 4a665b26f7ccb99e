/**
 * Validation middleware on the contract's schemas (src/contract/*.ts and each feature's
 * contract/): `sValidator` of @hono/standard-validator, with a hook that answers a refused value
 * with the API's 400 in the contract's own words (problemOf, src/contract/parse.ts). The handler
 * reads the parsed value with `c.req.valid(target)`.
 */
import { sValidator } from '@hono/standard-validator';
import type { StandardSchemaV1 } from '@standard-schema/spec';
import type { Context, MiddlewareHandler } from 'hono';
import { problemOf, type ParseProblem } from '../../contract/parse.ts';
import { ApiError } from './errors.ts';
import type { ApiEnv } from './respond.ts';

/**
 * The ApiError a route answers a refused value with: from the problem in words, or from the
 * schema's own issues when a route words its answer from more than their messages.
 */
export type OnProblem = (problem: ParseProblem, issues: readonly StandardSchemaV1.Issue[]) => ApiError;

/** The default answer: 400 with the first problem as the message and every field's. */
export const badRequest: OnProblem = ({ message, fields }) => new ApiError(400, message, fields);

type Target = 'json' | 'query' | 'param';

export interface ValidateOptions {
  /** For `query` and `param`: the values read, each its first value and '' when absent. */
  keys?: readonly string[];
  /**
   * Awaited before a refused value is answered, for a route whose refusals count against the
   * client's address; what it throws (a 429) is the answer instead.
   */
  onRefused?: (c: Context) => Promise<void>;
  /**
   * What the schema sees, made of the value read and the request: a search for facet values adds
   * its path's index and facet to the body.
   */
  read?: (value: unknown, c: Context) => unknown;
}

/** Each validation middleware's target and schema, so a test can see which routes validate what. */
const validations = new WeakMap<object, { target: Target; schema: StandardSchemaV1 }>();

/**
 * `schema` for `target`, refusing with `onProblem`. `json` takes the body the guard middleware
 * read within its limit (`c.var.body`, whatever its Content-Type: the search route's text/plain
 * too), else the JSON body; `query` and `param` see the values `keys` names, as
 * `c.req.query(key)` reads them. `options` may be the keys alone.
 */
export function validate<S extends StandardSchemaV1, T extends Target>(
  target: T,
  schema: S,
  onProblem: OnProblem = badRequest,
  options: readonly string[] | ValidateOptions = {},
) {
  const { keys, onRefused, read }: ValidateOptions = isKeys(options) ? { keys: options } : options;
  const input = keys ? firstValues(schema, keys) : schema;
  const middleware: MiddlewareHandler<ApiEnv> = (c, next) => {
    const body = target === 'json' ? c.get('body') : undefined;
    // The validator reads a JSON body itself: from this cache, as the stream was read already.
    if (body !== undefined) c.req.bodyCache.json ??= Promise.resolve(body);
    const seen = (value: unknown) => {
      const got = body === undefined ? value : body;
      return read ? read(got, c) : got;
    };
    const checked = sValidator(target, seeing(input, seen), async (result, ctx) => {
      if (result.success) return;
      await onRefused?.(ctx);
      throw onProblem(problemOf(result.error), result.error);
    }) as unknown as MiddlewareHandler<ApiEnv>;
    return checked(c, next);
  };
  validations.set(middleware, { target, schema });
  return middleware as MiddlewareHandler<
    ApiEnv,
    string,
    { in: { [K in T]: StandardSchemaV1.InferInput<S> }; out: { [K in T]: StandardSchemaV1.InferOutput<S> } }
  >;
}

/** The target and schema of a validation middleware made by `validate`; undefined for any other handler. */
export function validationOf(handler: unknown): { target: Target; schema: StandardSchemaV1 } | undefined {
  return typeof handler === 'function' ? validations.get(handler) : undefined;
}

function isKeys(options: readonly string[] | ValidateOptions): options is readonly string[] {
  return Array.isArray(options);
}

/** `schema` over `seen(value)` of each value the validator read. */
function seeing<S extends StandardSchemaV1>(schema: S, seen: (value: unknown) => unknown): S {
  return {
    '~standard': { ...schema['~standard'], validate: (value: unknown) => schema['~standard'].validate(seen(value)) },
  } as S;
}

/** `schema` over the first value of each of `keys` ('' when absent). */
function firstValues<S extends StandardSchemaV1>(schema: S, keys: readonly string[]): S {
  const pick = (value: unknown) => {
    const record = (value ?? {}) as Record<string, unknown>;
    return Object.fromEntries(
      keys.map((key) => {
        const v = record[key];
        return [key, (Array.isArray(v) ? v[0] : v) ?? ''];
      }),
    );
  };
  return {
    '~standard': { ...schema['~standard'], validate: (value: unknown) => schema['~standard'].validate(pick(value)) },
  } as S;
}
