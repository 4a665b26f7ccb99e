/**
 * Validation middleware on the contract's schemas (src/contract/*.ts): `sValidator` of
 * @hono/standard-validator, with a hook that answers a refused value with the API's 400 in the
 * contract's own words (problemOf, src/contract/parse.ts). The handler reads the parsed value
 * with `c.req.valid(target)`.
 */
import { sValidator } from '@hono/standard-validator';
import type { StandardSchemaV1 } from '@standard-schema/spec';
import type { MiddlewareHandler } from 'hono';
import { problemOf, type ParseProblem } from '../../contract/parse.ts';
import { ApiError } from './errors.ts';
import type { ApiEnv } from './respond.ts';

/** The ApiError a route answers a refused value with. */
export type OnProblem = (problem: ParseProblem) => ApiError;

/** The default answer: 400 with the first problem as the message and every field's. */
export const badRequest: OnProblem = ({ message, fields }) => new ApiError(400, message, fields);

type Target = 'json' | 'query' | 'param';

/**
 * `schema` for `target`, refusing with `onProblem`. `json` takes the body the guard middleware
 * read within its limit; `query` and `param` see the values `keys` names, each its first value
 * and '' when absent, as `c.req.query(key)` reads them.
 */
export function validate<S extends StandardSchemaV1, T extends Target>(
  target: T,
  schema: S,
  onProblem: OnProblem = badRequest,
  keys?: readonly string[],
) {
  const input = keys ? firstValues(schema, keys) : schema;
  return sValidator(target, input, (result) => {
    if (!result.success) throw onProblem(problemOf(result.error));
  }) as MiddlewareHandler<
    ApiEnv,
    string,
    { in: { [K in T]: StandardSchemaV1.InferInput<S> }; out: { [K in T]: StandardSchemaV1.InferOutput<S> } }
  >;
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
