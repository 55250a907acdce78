import type { z } from "zod";

/** Base of every API call; configurable at build time, `/api` by default. */
export const API_BASE: string = (import.meta.env.VITE_API_BASE as string | undefined) ?? "/api";

/** A failed API call: HTTP status plus the server's message (or a network message). */
export class ApiRequestError extends Error {
  readonly status: number;
  /** The server's own `error.message`, when it sent one (not a generic fallback). */
  readonly serverMessage: string | undefined;
  /** The server's `error.code` (e.g. a deploy gate's refusal), when it sent one. */
  readonly code: string | undefined;
  constructor(status: number, message: string, serverMessage?: string, code?: string) {
    super(message);
    this.name = "ApiRequestError";
    this.status = status;
    this.serverMessage = serverMessage;
    this.code = code;
  }
}

/** The server's message carried by a failed call, if any (UI code falls back to the spec's texts). */
export function serverMessageOf(error: unknown): string | undefined {
  return error instanceof ApiRequestError ? error.serverMessage || undefined : undefined;
}

type Method = "GET" | "POST" | "PUT" | "DELETE";

/** Called when a call outside /auth/ answers 401 (the session expired or was revoked). */
let unauthorizedHandler: ((path: string) => void) | null = null;

/**
 * Registers what happens when any API call finds the session gone (the auth
 * store signs the user out locally and opens the sign-in modal). The auth
 * endpoints themselves are excluded: their 401s are answers, not expiry.
 */
export function setUnauthorizedHandler(handler: ((path: string) => void) | null): void {
  unauthorizedHandler = handler;
}

/**
 * A response schema loaded on first use (see api/schemas.ts): zod and the
 * contracts' schemas are a chunk of their own, outside the initial route.
 */
export type SchemaLoader<T> = () => Promise<z.ZodType<T>>;

interface RequestOptions<T> {
  body?: unknown;
  query?: Record<string, string | number | undefined>;
  /** Validates the response's `data` when given (a schema, or a loader of one). */
  schema?: z.ZodType<T> | SchemaLoader<T>;
  signal?: AbortSignal;
}

function buildUrl(path: string, query?: RequestOptions<unknown>["query"]): string {
  const url = `${API_BASE}${path}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined) params.set(k, String(v));
  const qs = params.toString();
  return qs ? `${url}?${qs}` : url;
}

/**
 * The one HTTP client of the web app: JSON bodies, credentials included,
 * `{success, data, error}` envelopes unwrapped. Resolves with `data`; rejects
 * with ApiRequestError carrying the server's `error.message`.
 */
export async function apiRequest<T = unknown>(
  method: Method,
  path: string,
  options: RequestOptions<T> = {},
): Promise<T> {
  return (await apiRequestEnvelope(method, path, options)).data;
}

/**
 * Like `apiRequest`, but also hands back the whole envelope, for calls whose
 * envelope carries more than `data` (a history page's `next_cursor`).
 */
export async function apiRequestEnvelope<T = unknown>(
  method: Method,
  path: string,
  options: RequestOptions<T> = {},
): Promise<{ data: T; envelope: Record<string, unknown> }> {
  const init: RequestInit = {
    method,
    credentials: "include",
    headers: { accept: "application/json" },
    ...(options.signal ? { signal: options.signal } : {}),
  };
  if (method !== "GET") {
    init.headers = { ...init.headers, "content-type": "application/json" };
    init.body = JSON.stringify(options.body ?? {});
  }
  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), init);
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw new ApiRequestError(0, "Network error. Please check your connection and try again.");
  }
  const payload: unknown = await response.json().catch(() => null);
  const envelope = (payload ?? {}) as {
    success?: boolean;
    data?: unknown;
    error?: { message?: string; code?: string };
  };
  if (response.status === 401 && !path.startsWith("/auth/")) unauthorizedHandler?.(path);
  if (!response.ok || envelope.success === false) {
    const serverMessage =
      typeof envelope.error?.message === "string" ? envelope.error.message : undefined;
    throw new ApiRequestError(
      response.status,
      serverMessage ?? `Request failed (${response.status})`,
      serverMessage,
      typeof envelope.error?.code === "string" ? envelope.error.code : undefined,
    );
  }
  const data = "data" in envelope ? envelope.data : payload;
  const whole = envelope as Record<string, unknown>;
  if (!options.schema) return { data: data as T, envelope: whole };
  const schema = typeof options.schema === "function" ? await options.schema() : options.schema;
  return { data: schema.parse(data), envelope: whole };
}

/** Shorthands for the common methods. */
export const api = {
  get: <T>(path: string, options?: RequestOptions<T>) => apiRequest<T>("GET", path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions<T>) =>
    apiRequest<T>("POST", path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions<T>) =>
    apiRequest<T>("PUT", path, { ...options, body }),
  delete: <T>(path: string, options?: RequestOptions<T>) => apiRequest<T>("DELETE", path, options),
};

/** Reads a cookie visible to scripts (session cookies are httpOnly and never are). */
function readCookie(name: string): string | undefined {
  for (const part of document.cookie.split(";")) {
    const [k, ...rest] = part.trim().split("=");
    if (k === name) return decodeURIComponent(rest.join("="));
  }
  return undefined;
}

/**
 * Absolute WebSocket URL for an API socket path. Same-origin sockets carry the
 * session cookie; a script-visible session, auth or token cookie is also
 * appended as `token` (spec §6) for deployments where the API is elsewhere.
 */
export function socketUrl(path: string): string {
  const base = new URL(`${API_BASE}${path}`, window.location.href);
  base.protocol = base.protocol === "https:" ? "wss:" : "ws:";
  const token = readCookie("session") ?? readCookie("auth") ?? readCookie("token");
  if (token) base.searchParams.set("token", token);
  return base.toString();
}
