/** Reads a request body with a size cap (readCapped: the bytes, 413 above the cap) and as a JSON object (400 for anything else). */
import { RESERVED_KEYS, fieldPath } from '../../contract/parse.ts';
import { ApiError } from './errors.ts';

export async function readCapped(request: Request, limit: number): Promise<Uint8Array> {
  const tooLarge = () => new ApiError(413, `The request body is larger than ${limit} bytes.`);
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > limit) throw tooLarge();
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => {});
      throw tooLarge();
    }
    chunks.push(value);
  }
  const body = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

const MAX_DEPTH = 32;
// PostgreSQL text and jsonb cannot hold NUL, nor a surrogate without its pair.
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why `value` cannot be taken as given, with the field it concerns, or undefined when it can. */
function unstorable(value: unknown, path: (string | number)[] = []): { message: string; field: string } | undefined {
  if (path.length > MAX_DEPTH)
    return {
      message: `The request body is nested more than ${MAX_DEPTH} levels deep.`,
      field: fieldPath(path.slice(0, 1)),
    };
  if (typeof value === 'string') {
    return UNSTORABLE.test(value)
      ? { message: 'The request body holds a NUL character or a broken character pair.', field: fieldPath(path) }
      : undefined;
  }
  if (!value || typeof value !== 'object') return undefined;
  const list = Array.isArray(value);
  for (const [k, v] of Object.entries(value)) {
    const at = [...path, list ? Number(k) : k];
    if (!list) {
      // A key named like an inherited member (__proto__, constructor, valueOf, …) would be read
      // as that member by code that looks it up: refused rather than interpreted.
      if (RESERVED_KEYS.has(k))
        return {
          message: `The request body holds a field named "${k}" (at ${fieldPath(at)}), a name that is not allowed.`,
          field: fieldPath(at),
        };
      const problem = unstorable(k, at);
      if (problem) return problem;
    }
    const problem = unstorable(v, at);
    if (problem) return problem;
  }
  return undefined;
}

/**
 * The parsed body; a JSON object is required (arrays and scalars get 400), with text the
 * database can store.
 */
export async function readJsonObject(request: Request, limit: number): Promise<Record<string, unknown>> {
  const bytes = await readCapped(request, limit);
  if (!bytes.byteLength) throw new ApiError(400, 'The request body is empty; send a JSON object.');
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new ApiError(400, 'The request body is not valid UTF-8 text.');
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ApiError(400, 'The request body is not valid JSON.');
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new ApiError(400, 'The request body must be a JSON object.');
  }
  const problem = unstorable(parsed);
  if (problem)
    throw new ApiError(400, problem.message, problem.field ? { [problem.field]: problem.message } : undefined);
  return parsed as Record<string, unknown>;
}
