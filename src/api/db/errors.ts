/**
 * Telling "the database is away" from "this statement is wrong". An away database (refused or
 * lost connection, a timeout, a server shutting down or out of connections) is the visitor's
 * cue to try again: the API answers 503 with Retry-After. Anything else is a fault of ours.
 */

/** The database could not be reached or did not answer in time; `cause` is the driver's error. */
export class DatabaseUnavailableError extends Error {
  readonly reason: string;
  constructor(reason: string, options?: { cause?: unknown }) {
    super(`The database is unavailable: ${reason}`, options);
    this.name = 'DatabaseUnavailableError';
    this.reason = reason;
  }
}

/** Seconds a client should wait before trying again while the database is away. */
export const DATABASE_RETRY_AFTER_S = 5;

// SQLSTATE classes and codes that mean the server is away, going away or overloaded:
// 08 connection exception, 53 insufficient resources, 57P01-57P05 shutdown / cannot connect
// now / idle session timeout, 57014 statement timeout or cancel, 55P03 lock timeout,
// 25P03 idle-in-transaction timeout, 40P01 deadlock (the statement may simply be retried).
const UNAVAILABLE_STATES = /^(08|53|57P0[1-5]$|57014$|55P03$|25P03$|40P01$)/;

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ECONNABORTED',
]);

// node-postgres reports a lost or slow connection with plain Errors of these messages.
const DRIVER_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /^Query read timeout/,
  /^Client has encountered a connection error and is not queryable/,
  /^Client was closed and is not queryable/,
  /^terminating connection/,
];

/** Why `error` means the database is away, or undefined when it is another kind of failure. */
export function unavailableReason(error: unknown): string | undefined {
  if (error instanceof DatabaseUnavailableError) return error.reason;
  if (!error || typeof error !== 'object') return undefined;
  const e = error as { code?: unknown; message?: unknown; errors?: unknown };
  const code = typeof e.code === 'string' ? e.code : '';
  if (/^[0-9A-Z]{5}$/.test(code) && UNAVAILABLE_STATES.test(code)) {
    return code === '57014' ? 'a statement took too long' : `the server answered ${code}`;
  }
  if (NETWORK_CODES.has(code)) return `the connection failed (${code})`;
  const message = typeof e.message === 'string' ? e.message : '';
  if (/^Query read timeout/.test(message)) return 'a statement took too long';
  if (/^timeout exceeded when trying to connect/.test(message)) return 'no connection could be made in time';
  if (DRIVER_MESSAGES.some((m) => m.test(message))) return 'the connection was lost';
  // Node reports a refused connection to a name with several addresses as an AggregateError.
  if (Array.isArray(e.errors) && e.errors.length && e.errors.every((inner) => unavailableReason(inner))) {
    return unavailableReason(e.errors[0]);
  }
  return undefined;
}

/** `error` as a DatabaseUnavailableError when it means the database is away; otherwise as it is. */
export function classifyDbError(error: unknown): unknown {
  if (error instanceof DatabaseUnavailableError) return error;
  const reason = unavailableReason(error);
  return reason ? new DatabaseUnavailableError(reason, { cause: error }) : error;
}

/**
 * A line for the server log that names a database error without its statement or parameters
 * (which hold visitor data): the SQLSTATE and the error's class.
 */
export function describeError(error: unknown): string {
  if (error instanceof DatabaseUnavailableError) return error.message;
  if (error && typeof error === 'object') {
    const e = error as { code?: unknown; name?: unknown; stack?: unknown; message?: unknown };
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) {
      return `database error ${e.code} (${typeof e.name === 'string' ? e.name : 'Error'})`;
    }
    if (typeof e.stack === 'string') return e.stack;
    if (typeof e.message === 'string') return e.message;
  }
  return String(error);
}
