/**
 * A Node request's body as a Fetch ReadableStream, for a handler that decides on the headers
 * before it reads (POST /api/stock): nothing is read until the handler asks, the socket is
 * paused while the handler is behind, and the body limit and time limit of the Node servers
 * still hold. Their failures are ApiErrors, which the API answers as it answers its own (413,
 * 408), so the handler needs no Node knowledge.
 */
import type { IncomingMessage } from 'node:http';
import { ApiError } from '../core/errors.ts';

export interface StreamedBody {
  body: ReadableStream<Uint8Array>;
  /**
   * Called once the handler has answered: true when the body was read to its end; else stops
   * reading it into the stream and drops whatever more arrives (false: the connection should
   * close after the answer).
   */
  discard(): boolean;
}

export function streamBody(req: IncomingMessage, limit: number, timeoutMs: number): StreamedBody {
  let total = 0;
  let ended = false;
  let settled = false;
  let timer: NodeJS.Timeout | undefined;
  let controller!: ReadableStreamDefaultController<Uint8Array>;

  const detach = () => {
    settled = true;
    clearTimeout(timer);
    req.off('data', onData);
    req.off('end', onEnd);
    req.off('error', onError);
    req.off('close', onClose);
    // What still comes is dropped, not kept; a late socket error has no one to tell.
    req.on('error', () => {});
    req.resume();
  };
  const fail = (error: ApiError) => {
    if (settled) return;
    detach();
    controller.error(error);
  };
  const onData = (chunk: Buffer) => {
    total += chunk.length;
    if (total > limit) return fail(new ApiError(413, `The request body is larger than ${limit} bytes.`));
    controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
    if ((controller.desiredSize ?? 0) <= 0) req.pause();
  };
  const onEnd = () => {
    if (settled) return;
    ended = true;
    detach();
    controller.close();
  };
  const onError = () => fail(new ApiError(400, 'The request body was cut off before its end.'));
  const onClose = () => {
    if (!ended) onError();
  };

  const body = new ReadableStream<Uint8Array>(
    {
      start(c) {
        controller = c;
        // The stream starts paused: bytes are taken from the socket only when the handler reads.
        req.pause();
        req.on('data', onData);
        req.on('end', onEnd);
        req.on('error', onError);
        req.on('close', onClose);
        const time = timeoutMs >= 1000 ? `${Math.round(timeoutMs / 1000)} seconds` : `${timeoutMs} ms`;
        timer = setTimeout(() => fail(new ApiError(408, `The request body did not arrive within ${time}.`)), timeoutMs);
      },
      pull() {
        if (!settled) req.resume();
      },
      cancel() {
        if (!settled) detach();
      },
    },
    // One chunk ahead of the reader at most: a handler that stops reading holds one socket chunk.
    { highWaterMark: 1 },
  );

  return {
    body,
    discard() {
      if (ended) return true;
      if (!settled) {
        detach();
        // The handler has answered; the stream is no longer read, so it is closed quietly.
        try {
          controller.close();
        } catch {
          // already errored
        }
      }
      return false;
    },
  };
}
