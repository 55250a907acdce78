/**
 * Opening an optimisation WebSocket with the spec's connection rules (§8, §9):
 * a 10 s timeout per attempt, up to 3 attempts with waits of 1 s then 2 s
 * (doubling, capped at 5 s), the last failure raised, and failures mapped to
 * the spec's messages (401 / 403 / 404 / default). Shared by both modes.
 */
import { SOCKET } from "@promptune/contracts";

/** The constructor the client uses (the browser's WebSocket, or a fake in tests). */
export type WebSocketConstructor = new (url: string) => WebSocket;

/** Mode-specific failure texts. */
export interface SocketFailureTexts {
  timeout: string;
  failed: string;
}

/** Options of connectWithRetry. */
export interface ConnectOptions {
  url: string;
  texts: SocketFailureTexts;
  WebSocketImpl?: WebSocketConstructor;
  connectTimeoutMs?: number;
  maxAttempts?: number;
  /** Waits between attempts (injectable for tests). */
  sleep?(ms: number): Promise<void>;
}

/** Maps a socket failure description to the spec's message: 401, 403, 404 or the mode's default. */
export function mapSocketError(description: string, fallback: string): string {
  if (description.includes("401")) return "Authentication failed. Please log in and try again.";
  if (description.includes("403")) return "Access denied. Please check your permissions.";
  if (description.includes("404")) return "WebSocket endpoint not found. Please contact support.";
  return fallback;
}

/** Wait before attempt `attempt + 1` (attempt counts from 1): 1 s, 2 s, 4 s, … capped at 5 s. */
export function retryDelay(attempt: number): number {
  return Math.min(SOCKET.firstRetryDelayMs * 2 ** (attempt - 1), SOCKET.maxRetryDelayMs);
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Text describing a failed connection event (browsers give little; tests may pass more). */
function describe(event: unknown): string {
  if (!event || typeof event !== "object") return String(event ?? "");
  const e = event as { message?: unknown; code?: unknown; reason?: unknown };
  return [e.message, e.code, e.reason].filter((v) => v !== undefined && v !== "").join(" ");
}

/** One connection attempt: resolves with the open socket, rejects with a mapped Error. */
export function connectOnce(options: ConnectOptions): Promise<WebSocket> {
  const Impl = options.WebSocketImpl ?? WebSocket;
  const timeoutMs = options.connectTimeoutMs ?? SOCKET.connectTimeoutMs;
  return new Promise<WebSocket>((resolve, reject) => {
    let settled = false;
    const ws = new Impl(options.url);
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      ws.onopen = null;
      ws.onerror = null;
      ws.onclose = null;
      fn();
    };
    const timer = setTimeout(
      () =>
        settle(() => {
          try {
            ws.close();
          } catch {
            // closing a socket that never opened may throw; nothing to do
          }
          reject(new Error(options.texts.timeout));
        }),
      timeoutMs,
    );
    ws.onopen = () => settle(() => resolve(ws));
    ws.onerror = (event) =>
      settle(() => reject(new Error(mapSocketError(describe(event), options.texts.failed))));
    ws.onclose = (event) =>
      settle(() => reject(new Error(mapSocketError(describe(event), options.texts.failed))));
  });
}

/** Connects with up to `maxAttempts` attempts (default 3) and the spec's back-off; raises the last failure. */
export async function connectWithRetry(options: ConnectOptions): Promise<WebSocket> {
  const attempts = options.maxAttempts ?? SOCKET.maxAttempts;
  const sleep = options.sleep ?? wait;
  let last: unknown = new Error(options.texts.failed);
  for (let attempt = 1; attempt <= attempts; attempt++) {
    try {
      return await connectOnce(options);
    } catch (error) {
      last = error;
      if (attempt < attempts) await sleep(retryDelay(attempt));
    }
  }
  throw last;
}
