/**
 * What the OpenAPI document says of one route, beside the schemas the route validates with: the
 * words (the routes table's comments are not readable at run time), the request's schemas (the
 * contract's own, so the document follows them), the answers and the examples.
 */
import type { z } from 'astro/zod';

/** A request the document shows, and the status the route answers it with. */
export interface RequestExample {
  summary: string;
  /** The status the route answers (an error example documents its error). */
  status: number;
  /** Path parameters by name (the route's pattern must accept them). */
  path?: Record<string, string>;
  /** Query parameters by name. */
  query?: Record<string, string>;
  /** The body: JSON by default, or the text of `contentType`. */
  body?: unknown;
  contentType?: string;
  /** A signature the sender adds (see the operation's header parameters). */
  signed?: 'stock' | 'stripe';
}

/** A header the route reads. */
export interface HeaderDoc {
  name: string;
  description: string;
  required: boolean;
}

export interface OperationDoc {
  summary: string;
  description: string;
  tag: string;
  /** The body's schema: the contract's, or one written here for a route whose body the contract leaves unparsed. */
  body?: { schema: z.ZodType; contentTypes: string[]; description?: string };
  /** The query parameters' object schema. */
  query?: z.ZodObject;
  /** The path parameters' object schema; a parameter not in it takes its pattern from the path. */
  path?: z.ZodObject;
  headers?: HeaderDoc[];
  /** The success answer. */
  success: { status: number; description: string; contentType?: string };
  /** Error statuses the route answers besides 400/404 (which every route may): 403, 409, 413, 415, 429, 503… */
  errors: number[];
  examples: Record<string, RequestExample>;
}

/** Every status's meaning, as the error responses word it. */
export const STATUS_WORDS: Record<number, string> = {
  400: 'The request is malformed or a value is refused; `fields` names each refused field.',
  401: 'The signature is missing, stale or does not match.',
  403: "The request's Origin is not one of the dealer's own.",
  404: 'No dealer site matches the request, or the thing asked for does not exist.',
  409: 'The request conflicts with the current state.',
  413: 'The body is larger than the route takes.',
  415: 'The Content-Type is not one the route takes.',
  429: 'Too many requests from this address (or for this site): see Retry-After.',
  502: 'An outside provider failed.',
  503: 'A service the route needs is not available just now: see Retry-After.',
};
