/**
 * Puts an editor-only note at the top of a page Astro's dev server renders: the response is held
 * until it ends, the note goes in after `<body …>` of an HTML answer, and the length is set anew.
 * Used for the errors of page files whose path cannot be read, listed on the dealer's home page.
 */
import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';

type Callback = () => void;

/** From the next write on, `res` carries `html` right after its `<body>` tag (HTML answers only). */
export function insertAfterBody(res: ServerResponse, html: string): void {
  const chunks: Buffer[] = [];
  const writeHead = res.writeHead.bind(res) as (status: number, ...rest: unknown[]) => ServerResponse;
  const end = res.end.bind(res) as (chunk?: unknown, cb?: Callback) => ServerResponse;
  let head: { status: number; rest: unknown[] } | undefined;
  const keep = (chunk: unknown, encoding?: unknown) => {
    if (chunk === undefined || chunk === null || typeof chunk === 'function') return;
    chunks.push(
      typeof chunk === 'string'
        ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8')
        : Buffer.from(chunk as Uint8Array),
    );
  };
  res.writeHead = (status: number, ...rest: unknown[]) => {
    head = { status, rest };
    return res;
  };
  res.write = ((chunk: unknown, encoding?: unknown, cb?: unknown) => {
    keep(chunk, encoding);
    const done = [encoding, cb].find((f): f is Callback => typeof f === 'function');
    if (done) queueMicrotask(done);
    return true;
  }) as typeof res.write;
  res.end = ((chunk?: unknown, encoding?: unknown, cb?: unknown) => {
    keep(chunk, encoding);
    const done = [chunk, encoding, cb].find((f): f is Callback => typeof f === 'function');
    let body = Buffer.concat(chunks);
    const headers = head?.rest.find((r): r is OutgoingHttpHeaders => typeof r === 'object' && r !== null);
    const type = String(headers?.['content-type'] ?? headers?.['Content-Type'] ?? res.getHeader('content-type') ?? '');
    if (type.includes('text/html')) {
      const text = body.toString('utf8');
      const at = /<body\b[^>]*>/i.exec(text);
      if (at) body = Buffer.from(text.slice(0, at.index + at[0].length) + html + text.slice(at.index + at[0].length));
    }
    if (headers)
      for (const name of Object.keys(headers)) if (name.toLowerCase() === 'content-length') delete headers[name];
    res.setHeader('Content-Length', String(body.length));
    if (head) writeHead(head.status, ...head.rest);
    return end(body, done);
  }) as typeof res.end;
}
