/**
 * The one multi-agent optimisation WebSocket client (spec §4 "Optimisation
 * stream", §7 sockets, §8 socket errors, §9 timings; docs/api.md "Sockets").
 *
 * Flow: check authentication, connect (up to 3 attempts, 1 s then 2 s apart,
 * 10 s timeout each), send the request, then receive. Every `update` that
 * carries `data` is a result; anything else goes to a general handler. When
 * the results reach the requested iteration count the client closes the
 * socket normally (1000 'Optimization completed') and hands over the final
 * result; messages arriving after that are ignored.
 */
import {
  type MultiAgentIteration,
  type MultiAgentOptimizeRequest,
  SOCKET,
} from "@promptune/contracts";
import { useAuthStore } from "../stores/auth";
import { api, socketUrl } from "./client";
import { connectWithRetry, type WebSocketConstructor } from "./socket-connect";

/** Path of the multi-agent optimisation socket under the API base. */
export const MULTI_AGENT_SOCKET_PATH = "/auto-tune/optimize/ws/multiagent";

/** User-facing texts of the multi-agent socket (spec §8). */
export const MULTI_SOCKET_MESSAGES = {
  timeout: "Multi-Agent WebSocket connection timeout. Please try again.",
  failed: "Multi-Agent WebSocket connection failed. Please try again.",
  unauthorized: "Authentication failed. Please log in and try again.",
  forbidden: "Access denied. Please check your permissions.",
  notFound: "WebSocket endpoint not found. Please contact support.",
  notConnected: "Multi-Agent WebSocket is not connected",
  notAuthenticated: "User is not authenticated. Please log in first.",
} as const;

/** The final result of a multi-agent run: the last result plus the prompts list and the count. */
export type MultiAgentFinalResult = MultiAgentIteration & {
  prompts: string[];
  totalIterations: number;
};

/** Callbacks of one run; all optional except where the page must react. */
export interface MultiAgentRunHandlers {
  /** An `update` with data arrived; `count` is the number of results received so far. */
  onResult(result: MultiAgentIteration, count: number): void;
  /** The run finished (results reached the iteration count, or the server said complete). */
  onComplete(final: MultiAgentFinalResult | null): void;
  /** The server reported an error or the connection dropped mid-run. */
  onError(message: string): void;
  /** Any other message (progress, intermediate, …): the general handler. */
  onMessage?(message: Record<string, unknown>): void;
}

/** Injection points (tests, other deployments). */
export interface MultiAgentClientOptions {
  /** The socket constructor; `globalThis.WebSocket` by default. */
  WebSocketImpl?: WebSocketConstructor;
  /** Whether the user is signed in; the auth store by default. */
  isAuthenticated?: () => boolean;
  /** Absolute socket URL; built from the API base by default. */
  url?: string;
  /**
   * Asked after a failed connection: does the server still see a session?
   * Browsers hide the upgrade's HTTP status, so a "no" is reported as the 401
   * text. GET /auth/status by default.
   */
  hasSession?: () => Promise<boolean>;
  /** Waits between attempts; real timers by default. */
  sleep?: (ms: number) => Promise<void>;
  connectTimeoutMs?: number;
}

/** A running optimisation: stop it or ask whether it is still connected. */
export interface MultiAgentRun {
  /** Closes the socket (normal close) and stops delivering messages. */
  disconnect(): void;
  /** True while the socket is open and the run has not finished. */
  readonly active: boolean;
}

/**
 * The final result from the received results: the last one plus its prompts
 * (truncated to the requested iterations; the last prompt appended only if
 * absent and there is room) and the total count. Null when nothing arrived.
 */
export function buildFinalResult(
  results: readonly MultiAgentIteration[],
  iterations: number,
): MultiAgentFinalResult | null {
  const last = results.at(-1);
  if (!last) return null;
  const prompts = results.map((r) => r.prompt).slice(0, iterations);
  if (!prompts.includes(last.prompt) && prompts.length < iterations) prompts.push(last.prompt);
  return { ...last, prompts, totalIterations: results.length };
}

/** Whether the server still sees the browser's session. */
async function defaultHasSession(): Promise<boolean> {
  const data = await api.get<{ authenticated?: boolean }>("/auth/status");
  return data?.authenticated === true;
}

/**
 * Connects with the shared rules (3 attempts, 1 s then 2 s apart, 10 s each)
 * and the multi-agent texts. Rejects with the spec's message for the last failure.
 */
export function connectMultiAgentSocket(options: MultiAgentClientOptions = {}): Promise<WebSocket> {
  return connectWithRetry({
    url: options.url ?? socketUrl(MULTI_AGENT_SOCKET_PATH),
    texts: { timeout: MULTI_SOCKET_MESSAGES.timeout, failed: MULTI_SOCKET_MESSAGES.failed },
    ...(options.WebSocketImpl ? { WebSocketImpl: options.WebSocketImpl } : {}),
    ...(options.sleep ? { sleep: options.sleep } : {}),
    ...(options.connectTimeoutMs !== undefined
      ? { connectTimeoutMs: options.connectTimeoutMs }
      : {}),
  });
}

/** WebSocket ready states (read from the constants, not the instance, so any implementation works). */
const CONNECTING = 0;
const OPEN = 1;

/** Parses one socket frame; null for anything that is not a JSON object. */
function parseFrame(raw: unknown): Record<string, unknown> | null {
  if (typeof raw !== "string") return null;
  try {
    const value: unknown = JSON.parse(raw);
    return value && typeof value === "object" ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * Starts a multi-agent optimisation: checks sign-in, connects, sends the
 * request and wires the handlers. Rejects (before any handler runs) with the
 * not-authenticated or connection message; afterwards failures go to onError.
 */
export async function startMultiAgentOptimization(
  request: MultiAgentOptimizeRequest,
  handlers: MultiAgentRunHandlers,
  options: MultiAgentClientOptions = {},
): Promise<MultiAgentRun> {
  const authenticated =
    options.isAuthenticated ?? (() => useAuthStore.getState().status === "authenticated");
  if (!authenticated()) throw new Error(MULTI_SOCKET_MESSAGES.notAuthenticated);

  const socket = await connectMultiAgentSocket(options).catch(async (error: unknown) => {
    const message = error instanceof Error ? error.message : MULTI_SOCKET_MESSAGES.failed;
    if (message !== MULTI_SOCKET_MESSAGES.failed) throw error;
    const hasSession = options.hasSession ?? defaultHasSession;
    const session = await hasSession().catch(() => true);
    throw new Error(session ? message : MULTI_SOCKET_MESSAGES.unauthorized);
  });
  const results: MultiAgentIteration[] = [];
  let closing = false;

  const finish = () => {
    if (closing) return;
    closing = true;
    if (socket.readyState === OPEN || socket.readyState === CONNECTING) {
      socket.close(SOCKET.normalCloseCode, SOCKET.normalCloseReason);
    }
    handlers.onComplete(buildFinalResult(results, request.iterations));
  };
  const fail = (message: string) => {
    if (closing) return;
    closing = true;
    if (socket.readyState === OPEN) socket.close(SOCKET.normalCloseCode);
    handlers.onError(message);
  };

  socket.onmessage = (event: MessageEvent) => {
    if (closing) return;
    const message = parseFrame(event.data);
    if (!message) return;
    if (message.type === "update" && message.data && typeof message.data === "object") {
      results.push(message.data as MultiAgentIteration);
      handlers.onResult(message.data as MultiAgentIteration, results.length);
      if (results.length >= request.iterations) finish();
      return;
    }
    if (message.type === "error") {
      fail(
        typeof message.error === "string" && message.error ? message.error : "Optimization failed",
      );
      return;
    }
    handlers.onMessage?.(message);
    if (message.type === "complete" || message.type === "result") finish();
  };
  socket.onclose = (event: CloseEvent) => {
    if (closing) return;
    fail(event.reason || MULTI_SOCKET_MESSAGES.failed);
  };

  if (socket.readyState !== OPEN) throw new Error(MULTI_SOCKET_MESSAGES.notConnected);
  socket.send(JSON.stringify(request));

  return {
    disconnect() {
      if (closing) return;
      closing = true;
      if (socket.readyState === OPEN) socket.close(SOCKET.normalCloseCode);
    },
    get active() {
      return !closing && socket.readyState === OPEN;
    },
  };
}
