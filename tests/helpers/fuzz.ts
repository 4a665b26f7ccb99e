/**
 * Building blocks of the fuzz tests (tests/unit/api/api-fuzz.test.ts):
 *
 * - JSON written as text from a small tree, so a body can hold what JSON.stringify never writes:
 *   an own "__proto__" key, duplicate keys, numbers such as 1e400, raw control characters and lone
 *   surrogates as raw (invalid UTF-8) bytes;
 * - generators of hostile strings, keys and values;
 * - HTTP/1.1 over a bare TCP socket, since fetch and node:http refuse malformed Host headers,
 *   request targets and lengths, with the answer's status line read by hand.
 */
import fc from 'fast-check';
import { connect } from 'node:net';

// ---------------------------------------------------------------------------------------------
// JSON as text

export type JsonTree =
  /** Written as is: null, true, 1e400, -0, or text that is not JSON at all. */
  | { t: 'lit'; text: string }
  | { t: 'str'; value: string }
  | { t: 'arr'; items: JsonTree[] }
  | { t: 'obj'; entries: [string, JsonTree][] }
  /** Filled in when the request is sent: a fresh idempotency key, an earlier answer's lead id. */
  | { t: 'slot'; name: string };

/**
 * How strings are written: `escaped` as JSON.stringify writes them (NUL as \u0000, a lone
 * surrogate as \ud800); `raw` with only `"` and `\` escaped, so control characters go out as raw
 * bytes and a lone surrogate as its three-byte form, which is not UTF-8.
 */
export type Escaping = 'escaped' | 'raw';

export const lit = (text: string): JsonTree => ({ t: 'lit', text });
export const str = (value: string): JsonTree => ({ t: 'str', value });
export const arr = (...items: JsonTree[]): JsonTree => ({ t: 'arr', items });
export const obj = (entries: [string, JsonTree][]): JsonTree => ({ t: 'obj', entries });
export const slot = (name: string): JsonTree => ({ t: 'slot', name });

/** A plain JSON value as a tree (keys such as "__proto__" stay keys). */
export function tree(value: unknown): JsonTree {
  if (value === null || typeof value === 'boolean' || typeof value === 'number') return lit(JSON.stringify(value));
  if (typeof value === 'string') return str(value);
  if (Array.isArray(value)) return arr(...value.map(tree));
  if (typeof value === 'object') return obj(Object.entries(value).map(([k, v]) => [k, tree(v)]));
  throw new Error(`not JSON: a value of type ${typeof value}`);
}

/** An object tree with one entry set (replaced where it is, else added at the end). */
export function withEntry(target: JsonTree, key: string, value: JsonTree): JsonTree {
  if (target.t !== 'obj') return target;
  const at = target.entries.findIndex(([k]) => k === key);
  const entries = [...target.entries];
  if (at >= 0) entries[at] = [key, value];
  else entries.push([key, value]);
  return obj(entries);
}

export function entryOf(target: JsonTree, key: string): JsonTree | undefined {
  return target.t === 'obj' ? target.entries.find(([k]) => k === key)?.[1] : undefined;
}

/** UTF-8, except that a lone surrogate is written as its own three bytes (WTF-8). */
function wtf8(text: string): Buffer {
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    let cp = text.charCodeAt(i);
    const next = text.charCodeAt(i + 1);
    if (cp >= 0xd800 && cp <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      cp = 0x10000 + ((cp - 0xd800) << 10) + (next - 0xdc00);
      i++;
    }
    if (cp < 0x80) bytes.push(cp);
    else if (cp < 0x800) bytes.push(0xc0 | (cp >> 6), 0x80 | (cp & 0x3f));
    else if (cp < 0x10000) bytes.push(0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 0x3f), 0x80 | (cp & 0x3f));
    else bytes.push(0xf0 | (cp >> 18), 0x80 | ((cp >> 12) & 0x3f), 0x80 | ((cp >> 6) & 0x3f), 0x80 | (cp & 0x3f));
  }
  return Buffer.from(bytes);
}

function quote(value: string, escaping: Escaping): string {
  return escaping === 'escaped' ? JSON.stringify(value) : `"${value.replace(/["\\]/g, '\\$&')}"`;
}

/** The tree as JSON text; `slots` fills the slots (a missing one is written as null). */
export function jsonText(value: JsonTree, escaping: Escaping, slots: Record<string, string> = {}): string {
  switch (value.t) {
    case 'lit':
      return value.text;
    case 'str':
      return quote(value.value, escaping);
    case 'slot':
      return slots[value.name] === undefined ? 'null' : JSON.stringify(slots[value.name]);
    case 'arr':
      return `[${value.items.map((v) => jsonText(v, escaping, slots)).join(',')}]`;
    case 'obj':
      return `{${value.entries.map(([k, v]) => `${quote(k, escaping)}:${jsonText(v, escaping, slots)}`).join(',')}}`;
  }
}

/**
 * `text` percent-encoded byte by byte, a lone surrogate as its three bytes: what encodeURIComponent
 * writes, without its refusal of broken text.
 */
export function percentEncode(text: string): string {
  return [...wtf8(text)]
    .map((b) =>
      /[A-Za-z0-9\-_.~]/.test(String.fromCharCode(b))
        ? String.fromCharCode(b)
        : `%${b.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');
}

export function jsonBytes(value: JsonTree, escaping: Escaping, slots: Record<string, string> = {}): Buffer {
  return wtf8(jsonText(value, escaping, slots));
}

// ---------------------------------------------------------------------------------------------
// Hostile input

/** Names of Object.prototype members, which a plain object lookup finds on any object. */
export const PROTO_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'valueOf',
  'toString',
  'hasOwnProperty',
  '__defineGetter__',
  '__lookupGetter__',
  'isPrototypeOf',
  'propertyIsEnumerable',
  'toLocaleString',
  'toJSON',
  'then',
] as const;

const CONTROL = Array.from({ length: 32 }, (_, i) => String.fromCharCode(i)).concat('\u007f', '\u0085');

/** Strings that break parsers and databases: NUL, control characters, lone surrogates, and others. */
export const nastyString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    'Sam\u0000',
    '\u0001\u0002\u001b[31m',
    '\t\r\n',
    '\uD800',
    '\uDFFF',
    'x\uD83D',
    '\uDE00y',
    '\uD83D\uDE97',
    '\u2028\u2029',
    '\uFEFF',
    '\uFFFF',
    '%00',
    '%zz',
    '\\',
    '"',
    '\\u0000',
    "' OR 1=1 --",
    '<script>alert(1)</script>',
    '${7*7}',
    '{{7*7}}',
    '../../etc/passwd',
    'NaN',
    'Infinity',
    '-0',
    '1e400',
    'null',
    'true',
    '[]',
    '{}',
    'é',
    'Ä\u0308',
    ...PROTO_KEYS,
  ),
  fc.string({ unit: fc.constantFrom(...CONTROL, 'a', ' ', '\uD800', '\uDC00', 'é', '\uD83D\uDE97'), maxLength: 12 }),
  fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((n) => String.fromCharCode(n)), maxLength: 12 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
);

/** Keys for objects: mostly Object.prototype's members, else any nasty string. */
export const nastyKey: fc.Arbitrary<string> = fc.oneof(
  { weight: 2, arbitrary: fc.constantFrom(...PROTO_KEYS) },
  { weight: 1, arbitrary: nastyString },
);

/** Very long text; the longest are over the API's 64 KB body limit on their own. */
export const longString: fc.Arbitrary<string> = fc
  .oneof(
    { weight: 3, arbitrary: fc.integer({ min: 200, max: 20_000 }) },
    { weight: 2, arbitrary: fc.constantFrom(255, 256, 1_000, 5_000, 5_001, 10_000) },
    { weight: 1, arbitrary: fc.constantFrom(30_000, 66_000) },
  )
  .chain((n) =>
    fc.constantFrom('x', 'é', '\uD83D\uDE97', '\u0000', ' ').map((unit) => unit.repeat(Math.ceil(n / unit.length))),
  );

const nastyNumber = fc.oneof(
  fc.constantFrom(
    '0',
    '-0',
    '1',
    '-1',
    '1.5',
    '1e308',
    '1e400',
    '-1e400',
    '1e-400',
    '123456789012345678901234567890',
    '9007199254740993',
    '0.1e1',
    '1E2',
  ),
  fc.double({ noNaN: true, noDefaultInfinity: true }).map((n) => JSON.stringify(n)),
  fc.integer().map(String),
);

/** Objects whose members shadow Object.prototype: `{"toString":1}` and friends. */
const shadowing = (inner: fc.Arbitrary<JsonTree>) =>
  fc
    .uniqueArray(
      fc.tuple(
        fc.oneof(
          { weight: 3, arbitrary: fc.constantFrom('toString', 'valueOf', '__proto__', 'constructor') },
          { weight: 1, arbitrary: fc.constantFrom(...PROTO_KEYS) },
        ),
        inner,
      ),
      { minLength: 1, maxLength: 3, selector: ([k]) => k },
    )
    .map((entries) => obj(entries));

/** `{"toString":1}` and friends, with members a database can store, so the body gets past that check. */
export const prototypeShadow: fc.Arbitrary<JsonTree> = shadowing(
  fc.oneof(
    nastyNumber.map(lit),
    fc.constantFrom('null', 'true', 'false', '{}', '[]', '[1]').map(lit),
    fc.string({ maxLength: 10 }).map(str),
  ),
);

/** Arrays nested `depth` deep around a value, as text: a tree that deep would overflow the stack here. */
export const nested = (depth: number, inner: JsonTree = lit('1')): JsonTree =>
  lit(`${'['.repeat(depth)}${jsonText(inner, 'escaped')}${']'.repeat(depth)}`);

/** Any JSON value a client could send in place of a string, with the shapes that once broke the API. */
export const nastyValue: fc.Arbitrary<JsonTree> = fc.letrec<{ value: JsonTree; leaf: JsonTree }>((tie) => ({
  leaf: fc.oneof(
    { weight: 3, arbitrary: nastyString.map(str) },
    { weight: 2, arbitrary: fc.string({ maxLength: 20 }).map(str) },
    { weight: 2, arbitrary: nastyNumber.map(lit) },
    { weight: 2, arbitrary: fc.constantFrom('null', 'true', 'false').map(lit) },
    { weight: 1, arbitrary: longString.map(str) },
  ),
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { weight: 6, arbitrary: tie('leaf') },
    { weight: 2, arbitrary: shadowing(tie('leaf')) },
    { weight: 1, arbitrary: fc.array(tie('value'), { maxLength: 4 }).map((items) => arr(...items)) },
    {
      weight: 1,
      arbitrary: fc.array(fc.tuple(nastyKey, tie('value')), { maxLength: 4 }).map((entries) => obj(entries)),
    },
    { weight: 1, arbitrary: fc.constantFrom(0, 1, 2, 31, 32, 33, 40, 2_000).map((depth) => nested(depth)) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(lit('{}'), lit('[]'), arr(lit('{}')), arr(arr()), obj([['', lit('null')]])),
    },
  ),
})).value;

/** Bodies that are not a JSON object: scalars, arrays, broken JSON, other formats, bad UTF-8. */
export const notAJsonObject: fc.Arbitrary<Buffer> = fc.oneof(
  fc
    .constantFrom(
      '',
      ' ',
      '\n',
      'null',
      'true',
      '0',
      '-1',
      '1e400',
      '"text"',
      '[]',
      '[1,2]',
      '[{}]',
      '{',
      '}',
      '{"a":',
      '{"a" 1}',
      "{'a':1}",
      '{"a":1,}',
      '{"a":1}}',
      '{"a":1} x',
      'NaN',
      'undefined',
      '\uFEFF{}',
      '{"__proto__":',
      'a=1&b=2',
      '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--\r\n',
      '<xml/>',
      '{"a":"\u0000"}',
      '{"a":"\\ud800"}',
    )
    .map((text) => wtf8(text)),
  fc
    .constantFrom(
      [0x7b, 0xff, 0x7d],
      [0xc3, 0x28],
      [0xed, 0xa0, 0x80],
      [0xf4, 0x90, 0x80, 0x80],
      [0xef, 0xbb, 0xbf, 0x7b, 0x7d],
      [0x00],
      [0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc0, 0xaf, 0x22, 0x7d],
      [0xfe, 0xff, 0x00, 0x7b, 0x00, 0x7d],
    )
    .map((bytes) => Buffer.from(bytes)),
  fc.uint8Array({ maxLength: 64 }).map((bytes) => Buffer.from(bytes)),
  fc.string({ maxLength: 40 }).map((text) => wtf8(text)),
);

// ---------------------------------------------------------------------------------------------
// HTTP over a bare socket

export interface RawAnswer {
  /** The status of the first final (non-1xx) answer; undefined when none came. */
  status?: number;
  statusLine?: string;
  /** Lower-case names; repeated headers joined with ", ". */
  headers: Record<string, string>;
  body: Buffer;
  /** How the exchange ended: a whole answer, the server closing, our timeout, or a socket error. */
  end: 'answered' | 'closed' | 'timeout' | 'error';
  error?: string;
}

/** A request as bytes: the request line and headers exactly as given, then the body. */
export function rawRequest(
  method: string,
  target: string,
  headers: [string, string][],
  body?: Uint8Array,
  version = 'HTTP/1.1',
): Buffer {
  const head = [`${method} ${target} ${version}`, ...headers.map(([name, value]) => `${name}: ${value}`), '', ''].join(
    '\r\n',
  );
  // latin1: each character of the head is one byte, as the test wrote it.
  return Buffer.concat([Buffer.from(head, 'latin1'), body ?? Buffer.alloc(0)]);
}

interface Parsed {
  status: number;
  statusLine: string;
  headers: Record<string, string>;
  body: Buffer;
  complete: boolean;
}

function decodeChunked(data: Buffer): { body: Buffer; complete: boolean } {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const eol = data.indexOf('\r\n', at);
    if (eol < 0) return { body: Buffer.concat(parts), complete: false };
    const size = parseInt(data.subarray(at, eol).toString('latin1').split(';')[0]!.trim(), 16);
    if (!Number.isFinite(size)) return { body: Buffer.concat(parts), complete: true };
    if (size === 0) return { body: Buffer.concat(parts), complete: true };
    if (data.length < eol + 2 + size + 2) return { body: Buffer.concat(parts), complete: false };
    parts.push(data.subarray(eol + 2, eol + 2 + size));
    at = eol + 2 + size + 2;
  }
}

/** The first final answer in `data`, or undefined while its head is incomplete. */
function parseAnswer(data: Buffer, head: boolean, closed: boolean): Parsed | undefined {
  let at = 0;
  for (;;) {
    const end = data.indexOf('\r\n\r\n', at);
    if (end < 0) return undefined;
    const lines = data.subarray(at, end).toString('latin1').split('\r\n');
    const statusLine = lines[0]!;
    const status = Number(/^HTTP\/\d\.\d (\d{3})/.exec(statusLine)?.[1] ?? NaN);
    const headers: Record<string, string> = {};
    for (const line of lines.slice(1)) {
      const colon = line.indexOf(':');
      if (colon <= 0) continue;
      const name = line.slice(0, colon).trim().toLowerCase();
      const value = line.slice(colon + 1).trim();
      headers[name] = headers[name] === undefined ? value : `${headers[name]}, ${value}`;
    }
    const rest = data.subarray(end + 4);
    if (status >= 100 && status < 200) {
      at = end + 4;
      continue;
    }
    if (head || status === 204 || status === 304)
      return { status, statusLine, headers, body: Buffer.alloc(0), complete: true };
    if (/chunked/i.test(headers['transfer-encoding'] ?? '')) {
      const { body, complete } = decodeChunked(rest);
      return { status, statusLine, headers, body, complete: complete || closed };
    }
    if (headers['content-length'] !== undefined) {
      const length = Number(headers['content-length']);
      return { status, statusLine, headers, body: rest.subarray(0, length), complete: rest.length >= length || closed };
    }
    return { status, statusLine, headers, body: rest, complete: closed };
  }
}

export interface ExchangeOptions {
  /** Give up waiting for an answer after this long (default 5 s). */
  timeoutMs?: number;
  /** A HEAD request: its answer has no body. */
  head?: boolean;
  /**
   * After this long without an answer, close our side (for requests that declare more body than
   * they send: the server may answer once it sees the end).
   */
  halfCloseAfterMs?: number;
}

/**
 * Sends `request` to 127.0.0.1:`port` and reads the first answer. Resolves (never rejects) as soon
 * as one whole answer has arrived, the server closed the connection, or the time is up.
 */
export function exchange(port: number, request: Uint8Array, options: ExchangeOptions = {}): Promise<RawAnswer> {
  const { timeoutMs = 5_000, head = false, halfCloseAfterMs } = options;
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let error: string | undefined;
    let settled = false;
    const socket = connect({ host: '127.0.0.1', port });
    const finish = (end: RawAnswer['end']) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearTimeout(halfClose);
      socket.destroy();
      const data = Buffer.concat(chunks);
      const parsed = parseAnswer(data, head, true);
      resolve(
        parsed
          ? {
              status: parsed.status,
              statusLine: parsed.statusLine,
              headers: parsed.headers,
              body: parsed.body,
              end: parsed.complete && end !== 'timeout' ? 'answered' : end,
              error,
            }
          : { headers: {}, body: data, end, error },
      );
    };
    const timer = setTimeout(() => finish('timeout'), timeoutMs);
    const halfClose = halfCloseAfterMs === undefined ? undefined : setTimeout(() => socket.end(), halfCloseAfterMs);
    socket.on('connect', () => {
      // A server may refuse a body half-way (413) and close: the write error is not the answer.
      socket.write(request, () => {});
    });
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      const parsed = parseAnswer(Buffer.concat(chunks), head, false);
      if (parsed?.complete) finish('answered');
    });
    socket.on('error', (e: NodeJS.ErrnoException) => {
      error = e.code ?? e.message;
    });
    socket.on('close', () => finish(error ? 'error' : 'closed'));
  });
}

/** Text for a failure message: printable, escapes visible, cut to `max` characters. */
export function preview(data: Uint8Array | string, max = 1_500): string {
  let text: string;
  if (typeof data === 'string') text = data;
  else {
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(data);
    } catch {
      // Not UTF-8: one character per byte, so every byte shows.
      text = Buffer.from(data).toString('latin1');
    }
  }
  const shown = JSON.stringify(text.length > max ? text.slice(0, max) : text);
  return text.length > max ? `${shown}… (${text.length} characters)` : shown;
}
