import { getLogger } from "../lib/logger.ts";

/** PostgreSQL error details, found anywhere in the cause chain (drizzle wraps driver errors). */
export function pgError(error: unknown): { code?: string; constraint?: string; message?: string } {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const candidate = current as { code?: unknown; constraint?: unknown; message?: unknown; cause?: unknown };
    if (typeof candidate.code === "string" && /^[0-9A-Z]{5}$/.test(candidate.code)) {
      return {
        code: candidate.code,
        constraint: typeof candidate.constraint === "string" ? candidate.constraint : undefined,
        message: typeof candidate.message === "string" ? candidate.message : undefined,
      };
    }
    current = candidate.cause;
  }
  return {};
}

/** Errors a whole transaction may simply be run again for: a lost race, never a bad request. */
const RETRYABLE = new Set([
  "23505", // unique_violation: a concurrent writer got there first; the retry sees its row
  "40001", // serialization_failure
  "40P01", // deadlock_detected
]);

/**
 * A transaction that finds, while writing, that a row it decided on changed after it read it (a
 * plan it meant to end was ended meanwhile by a writer that left the member's row alone). Like
 * PostgreSQL's own serialization failure it means "run the whole transaction again", so it carries
 * that SQLSTATE: withRetry reruns it and the rerun decides on what was committed.
 */
export class StaleReadError extends Error {
  readonly code = "40001";
  constructor(message: string) {
    super(message);
    this.name = "StaleReadError";
  }
}

export function isRetryableDbError(error: unknown): boolean {
  const { code } = pgError(error);
  return code !== undefined && RETRYABLE.has(code);
}

/** Runs `attempt` again (up to `attempts` times in all) when it fails with a retryable database error. */
export async function withRetry<T>(attempt: () => Promise<T>, attempts = 3): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await attempt();
    } catch (error) {
      if (i >= attempts || !isRetryableDbError(error)) throw error;
    }
  }
}

/** What a 503 for an unavailable database asks the client to wait: a restart takes seconds. */
export const RETRY_AFTER_SECONDS = 5;

/**
 * SQLSTATEs of a database that is away for a while rather than a request that is wrong:
 * connection exceptions (class 08), the server shutting down or restarting (57P01 admin
 * shutdown, 57P02 crash shutdown, 57P03 cannot connect now: starting up or shutting down), too
 * many connections (53300), and a write refused by a read-only server (25006: a standby, or an
 * old primary back after a failover; the pool drops that connection, and the retry finds the
 * server that accepts writes).
 */
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[123]|53300|25006)$/;
/** Socket errors of a connection that could not be made or was cut. */
const UNAVAILABLE_SOCKET_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);
/** What node-postgres says, without a code, about a connection that dropped or never came. */
const UNAVAILABLE_MESSAGES = [
  "Connection terminated",
  "Client has encountered a connection error and is not queryable",
  "timeout exceeded when trying to connect",
  "Client was closed and is not queryable",
];

/**
 * True when `error` (or anything in its cause chain, which Drizzle and Better Auth wrap around the
 * driver's error) says the database cannot be reached right now: a restart, a failover, a crash,
 * a network cut, or this server closing its pool. Such a request is answered 503 "try again",
 * never 500: nothing about it was wrong, and a retry with the same idempotency key is safe.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  const pending: unknown[] = [error];
  while (pending.length > 0 && seen.size < 20) {
    const current = pending.shift();
    if (!current || typeof current !== "object" || seen.has(current)) continue;
    seen.add(current);
    const candidate = current as {
      code?: unknown;
      message?: unknown;
      name?: unknown;
      cause?: unknown;
      errors?: unknown;
    };
    if (
      typeof candidate.code === "string" &&
      (UNAVAILABLE_SQLSTATE.test(candidate.code) || UNAVAILABLE_SOCKET_CODES.has(candidate.code))
    )
      return true;
    // ReadOnlyServerError: every host listed was a standby or read-only (a failover under way).
    if (candidate.name === "DatabaseClosedError" || candidate.name === "ReadOnlyServerError") return true;
    if (
      typeof candidate.message === "string" &&
      UNAVAILABLE_MESSAGES.some((text) => (candidate.message as string).startsWith(text))
    )
      return true;
    pending.push(candidate.cause);
    // A connection to a name with several addresses fails with one AggregateError of them all.
    if (Array.isArray(candidate.errors)) pending.push(...candidate.errors);
  }
  return false;
}

/**
 * The one log line of a request answered 503 because the database is away: a warning without a
 * stack, since a restart or failover is expected for a moment and would otherwise flood the log.
 */
export function logDatabaseUnavailable(options: { error: unknown; path: string; method?: string }) {
  const message = options.error instanceof Error ? options.error.message : String(options.error);
  getLogger().warn({ err: message, method: options.method, path: options.path }, "database unavailable: answered 503");
}
