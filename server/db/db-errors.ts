/** PostgreSQL error details, found anywhere in the cause chain (drizzle wraps driver errors). */
export function pgError(error: unknown): { code?: string; constraint?: string } {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (typeof candidate.code === "string" && /^[0-9A-Z]{5}$/.test(candidate.code)) {
      return {
        code: candidate.code,
        constraint: typeof candidate.constraint === "string" ? candidate.constraint : undefined,
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
