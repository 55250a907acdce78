/**
 * Retrying database writes of a run through short outages (a PostgreSQL
 * restart or failover, connections cut by pg_terminate_backend, a busy
 * SQLite file). Used where a blip must not end minutes of work: the run
 * executor's writes, and the budget reads that admit each model call of a
 * run. An HTTP call elsewhere can simply be repeated by the user. Proven by
 * hardening/db-outage.int.test.ts.
 */

/** SQLSTATE codes a retry can cure: shutdowns, "cannot connect now", serialisation failures, deadlocks, too many connections. */
const TRANSIENT_SQLSTATES = new Set(["57P01", "57P02", "57P03", "40001", "40P01", "53300"]);
const TRANSIENT_CODES = new Set([
  "SQLITE_BUSY",
  "SQLITE_LOCKED",
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
]);
const TRANSIENT_MESSAGE =
  /Connection terminated|terminating connection|Client has encountered a connection error|Connection ended unexpectedly|timeout exceeded when trying to connect/i;

/** True for database errors that a new attempt (on a new connection) may not meet again. */
export function isTransientDbError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === "string") {
    if (code.startsWith("08") || TRANSIENT_SQLSTATES.has(code) || TRANSIENT_CODES.has(code)) {
      return true;
    }
  }
  return error instanceof Error && TRANSIENT_MESSAGE.test(error.message);
}

/** How `withDbRetry` retries. */
export interface DbRetryOptions {
  /** Attempts in all (default 8). */
  attempts?: number;
  /** First delay in ms; doubles per retry up to `maxDelayMs` (defaults 100 and 2000: about 7 s in all). */
  baseDelayMs?: number;
  maxDelayMs?: number;
  onRetry?: (error: unknown, attempt: number, delayMs: number) => void;
}

/**
 * Runs `operation`, repeating it after a transient database error with
 * exponential backoff. The operation must be safe to repeat (the run
 * repository's writes are: inserts ignore duplicates, updates set values).
 */
export async function withDbRetry<T>(
  operation: () => Promise<T>,
  options: DbRetryOptions = {},
): Promise<T> {
  const attempts = options.attempts ?? 8;
  const base = options.baseDelayMs ?? 100;
  const max = options.maxDelayMs ?? 2_000;
  for (let attempt = 1; ; attempt++) {
    try {
      return await operation();
    } catch (error) {
      if (attempt >= attempts || !isTransientDbError(error)) throw error;
      const delay = Math.min(base * 2 ** (attempt - 1), max);
      options.onRetry?.(error, attempt, delay);
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}
