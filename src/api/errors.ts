/** The one error shape of every API route: `{ error: { status, message, fields? } }`. */
import type { ApiErrorBody } from '../forms/contract.ts';

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

export function errorResponse(status: number, message: string, fields?: Record<string, string>, headers?: Record<string, string>): Response {
  return Response.json(errorBody(status, message, fields), { status, headers });
}
