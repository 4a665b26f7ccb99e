/** The one error shape of every API route: `{ error: { status, message, fields? } }`. */
import type { ApiErrorBody } from '../../contract/errors.ts';
import { DATABASE_RETRY_AFTER_S, DatabaseUnavailableError } from '../db/errors.ts';

/** Thrown by handlers for an answer other than their success; app.ts turns it into JSON. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** Field name → first message, for 400s caused by form values. */
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export function errorBody(status: number, message: string, fields?: Record<string, string>): ApiErrorBody {
  return { error: fields && Object.keys(fields).length ? { status, message, fields } : { status, message } };
}

export function errorResponse(
  status: number,
  message: string,
  fields?: Record<string, string>,
  headers?: Record<string, string>,
): Response {
  return Response.json(errorBody(status, message, fields), {
    status,
    headers: { 'X-Content-Type-Options': 'nosniff', ...headers },
  });
}

/** What a visitor is told while the database is away; the answer carries Retry-After. */
export const DATABASE_UNAVAILABLE = 'This service is briefly unavailable. Please try again in a moment.';

/** The ApiError a handler's failure answers with, or undefined for a fault of ours (500). */
export function apiErrorOf(error: unknown): ApiError | undefined {
  if (error instanceof ApiError) return error;
  if (error instanceof DatabaseUnavailableError) {
    return new ApiError(503, DATABASE_UNAVAILABLE, undefined, { 'Retry-After': String(DATABASE_RETRY_AFTER_S) });
  }
  return undefined;
}
