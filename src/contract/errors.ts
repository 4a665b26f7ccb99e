/** The one error shape of every API route: `{ error: { status, message, fields? } }`. */

export interface ApiErrorDetail {
  status: number;
  message: string;
  /** Field name → first message, for 400s caused by form values. */
  fields?: Record<string, string>;
}

/** The one error shape of every API route. */
export interface ApiErrorBody {
  error: ApiErrorDetail;
}

/** Whether an answer's body is the API's error shape. */
export function isApiErrorBody(body: unknown): body is ApiErrorBody {
  if (!body || typeof body !== 'object') return false;
  const error = (body as { error?: unknown }).error;
  return !!error && typeof error === 'object' && typeof (error as ApiErrorDetail).message === 'string';
}
