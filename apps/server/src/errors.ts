/**
 * The one error type of the server. Anything a handler throws that is not an
 * HttpError becomes a 500 with a generic message; the mapping lives in
 * `http/error-handler.ts` and nowhere else.
 */
export class HttpError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  /** Extra response headers (e.g. Retry-After on 429). */
  readonly headers: Record<string, string>;

  constructor(
    status: number,
    message: string,
    options?: { code?: string; headers?: Record<string, string>; cause?: unknown },
  ) {
    super(message, { cause: options?.cause });
    this.name = "HttpError";
    this.status = status;
    this.code = options?.code;
    this.headers = options?.headers ?? {};
  }
}

/** 400: the request is malformed or fails validation. */
export const badRequest = (message: string) => new HttpError(400, message, { code: "bad_request" });
/** 401: no valid session. */
export const unauthorized = (message = "Authentication required. Please sign in.") =>
  new HttpError(401, message, { code: "unauthorized" });
/** 403: signed in, but not allowed. */
export const forbidden = (message = "Access denied.") =>
  new HttpError(403, message, { code: "forbidden" });
/** 404: the record does not exist or is not the caller's (never says which). */
export const notFound = (message = "Not found.") =>
  new HttpError(404, message, { code: "not_found" });
/** 409: the request conflicts with the current state. */
export const conflict = (message: string) => new HttpError(409, message, { code: "conflict" });
/** 429: too many requests. */
export const tooManyRequests = (message: string, retryAfterSeconds?: number) =>
  new HttpError(429, message, {
    code: "rate_limited",
    headers: retryAfterSeconds ? { "retry-after": String(retryAfterSeconds) } : {},
  });
