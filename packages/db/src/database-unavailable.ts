/** What a person is told while the database cannot be reached (HTTP 503). */
export const DATABASE_UNAVAILABLE_MESSAGE =
  "The service is temporarily unavailable: its database cannot be reached. Please try again in a moment.";

/** Socket-level failures to reach the server. */
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EPIPE",
  "EAI_AGAIN",
  "ENOTFOUND",
]);
/** SQLSTATEs of a server that is shutting down, starting or full (class 08: connection exceptions). */
const SERVER_CODES = new Set(["57P01", "57P02", "57P03", "53300"]);
/** node-postgres' own messages for a connection that is gone or never came. */
const CLIENT_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /Client has encountered a connection error and is not queryable/,
  /^Cannot use a pool after calling end on the pool/,
];

/**
 * True when an error (or one of its causes: drizzle wraps driver errors) means the database is
 * unreachable rather than that the query was wrong. Such errors are answered with 503 and are not
 * fatal: the pools connect again when the database is back.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && typeof current === "object" && depth < 6; depth++) {
    const { code, message, cause, errors } = current as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
    if (typeof code === "string" && (NETWORK_CODES.has(code) || SERVER_CODES.has(code) || code.startsWith("08"))) return true;
    if (typeof message === "string" && CLIENT_MESSAGES.some((pattern) => pattern.test(message))) return true;
    // An AggregateError (a host resolving to several addresses, all refused).
    if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner))) return true;
    current = cause;
  }
  return false;
}
