import { HttpError } from "../errors";

/** The plain 503 messages of a database that cannot store anything right now. */
export const STORAGE_MESSAGES = {
  full: "The server's storage is full, so nothing can be saved right now. Please try again later.",
  readOnly:
    "The server's database is read-only right now, so nothing can be saved. Please try again later.",
  io: "The server could not read or write its database. Please try again later.",
} as const;

/** Seconds a client is asked to wait before retrying. */
const RETRY_AFTER_SECONDS = "60";

/** The driver's error code: better-sqlite3 (`SQLITE_FULL`, `SQLITE_IOERR_WRITE`, …) or pg (SQLSTATE). */
function codeOf(error: unknown): string | undefined {
  for (let e = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string") return code;
  }
  return undefined;
}

/**
 * Maps a storage failure to a 503 with a plain message, or returns null for
 * any other error. SQLite: SQLITE_FULL (disk or max_page_count), SQLITE_READONLY*
 * (immutable file, file moved or deleted under the process) and SQLITE_IOERR*
 * (including its extended codes); PostgreSQL: 53100 disk_full and 25006
 * read_only_sql_transaction (a standby). These are the server's condition,
 * not the request's, and pass once the operator fixes the storage, hence 503
 * with Retry-After rather than a generic 500.
 */
export function storageUnavailable(error: unknown): HttpError | null {
  if (error instanceof HttpError) return null;
  const code = codeOf(error);
  if (!code) return null;
  const message =
    code === "SQLITE_FULL" || code === "53100"
      ? STORAGE_MESSAGES.full
      : code.startsWith("SQLITE_READONLY") || code === "25006"
        ? STORAGE_MESSAGES.readOnly
        : code.startsWith("SQLITE_IOERR")
          ? STORAGE_MESSAGES.io
          : null;
  if (!message) return null;
  return new HttpError(503, message, {
    code: "storage_unavailable",
    headers: { "retry-after": RETRY_AFTER_SECONDS },
    cause: error,
  });
}
