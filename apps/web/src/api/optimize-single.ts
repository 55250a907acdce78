/**
 * The single-agent optimisation WebSocket client (spec §4 "Optimisation
 * stream", §5, §8; docs/api.md "Sockets"). It checks authentication, connects
 * (3 attempts, 10 s timeout), sends the request, then reads N+1 `update`
 * messages: the first is the evaluation of the initial configuration, the
 * next N are optimised prompts. Reaching N results finishes the run: the
 * connection is marked closing, the final result is processed and the socket
 * closes with 1000 'Optimization completed'; later messages are ignored.
 */
import type { Point, SingleAgentOptimizeRequest, Usage } from "@promptune/contracts";
import { SOCKET } from "@promptune/contracts";
import { useAuthStore } from "../stores/auth";
import { socketUrl } from "./client";
import { connectWithRetry, mapSocketError, type WebSocketConstructor } from "./socket-connect";

/** Socket path of single-agent runs (under the API base). */
export const SINGLE_SOCKET_PATH = "/auto-tune/optimize/ws";

/** Texts of spec §8 for the single-agent socket. */
export const SINGLE_SOCKET_TEXTS = {
  notAuthenticated: "User is not authenticated. Please log in first.",
  timeout: "WebSocket connection timeout. Please try again.",
  failed: "WebSocket connection failed. Please check your internet connection and try again.",
  notConnected: "WebSocket is not connected",
} as const;

/** One iteration result as the page keeps it (server fields are optional: the spec's client tolerates less). */
export interface SingleIterationResult {
  iteration: number;
  prompt: string;
  model_name?: string;
  temperature?: number;
  evaluation_point?: Point;
  embedding_point?: Point;
  validation_score?: number;
  accepted?: boolean;
  usage?: Usage;
}

/** The final result: the last received result plus the prompts list and totalIterations (spec §3). */
export interface SingleFinalResult extends Partial<SingleIterationResult> {
  prompts: string[];
  totalIterations: number;
  run_id?: string;
  best_iteration?: number;
  initial_score?: number;
  best_validation_score?: number;
  test_score?: number | null;
  initial_test_score?: number | null;
}

/** Callbacks of one run. */
export interface SingleOptimizationHandlers {
  /** The first update: the initial configuration's evaluation (not an optimised prompt). */
  onInitialEvaluation(result: SingleIterationResult): void;
  /** An optimised result, appended at `index` (0-based). */
  onIterationResult(result: SingleIterationResult, index: number): void;
  /** Every prompt-bearing response (progress counts them). */
  onResponse?(): void;
  /** A `progress` message's value. */
  onProgress?(value: number): void;
  /** An `intermediate` message without a prompt. */
  onIntermediate?(data: unknown): void;
  /** The run finished with its final result. */
  onComplete(result: SingleFinalResult): void;
  /** The run failed after connecting (server error or dropped connection). */
  onError(message: string): void;
}

/** Client phases (spec §4): idle → checking → connecting → sending → receiving (→ closing). */
export type SingleClientStatus =
  | "idle"
  | "checking"
  | "connecting"
  | "sending"
  | "receiving"
  | "closing";

/** Injection points, mainly for tests. */
export interface SingleClientOptions {
  isAuthenticated?(): boolean;
  url?(): string;
  WebSocketImpl?: WebSocketConstructor;
  connectTimeoutMs?: number;
  sleep?(ms: number): Promise<void>;
}

type Loose = Record<string, unknown>;
const asRecord = (v: unknown): Loose | undefined =>
  v && typeof v === "object" ? (v as Loose) : undefined;

/** Reads an iteration result from loose message data. */
function readResult(data: Loose, fallbackIteration: number): SingleIterationResult {
  const point = (v: unknown): Point | undefined => {
    const p = asRecord(v);
    return p && typeof p.x === "number" && typeof p.y === "number" ? { x: p.x, y: p.y } : undefined;
  };
  const result: SingleIterationResult = {
    iteration: typeof data.iteration === "number" ? data.iteration : fallbackIteration,
    prompt: typeof data.prompt === "string" ? data.prompt : "",
  };
  if (typeof data.model_name === "string") result.model_name = data.model_name;
  if (typeof data.temperature === "number") result.temperature = data.temperature;
  const ev = point(data.evaluation_point);
  if (ev) result.evaluation_point = ev;
  const em = point(data.embedding_point);
  if (em) result.embedding_point = em;
  if (typeof data.validation_score === "number") result.validation_score = data.validation_score;
  if (typeof data.accepted === "boolean") result.accepted = data.accepted;
  const usage = asRecord(data.usage);
  if (usage) result.usage = usage as unknown as Usage;
  return result;
}

/**
 * Builds the final result: `prompts` (the result's own list, else the
 * received prompts) truncated to N, with the result's prompt appended only
 * if absent and there is room (spec §5).
 */
export function buildFinalResult(
  result: Loose | undefined,
  last: SingleIterationResult | undefined,
  received: readonly string[],
  iterations: number,
): SingleFinalResult {
  const own = Array.isArray(result?.prompts)
    ? result.prompts.filter((p): p is string => typeof p === "string")
    : [...received];
  const prompts = own.slice(0, iterations);
  const prompt = typeof result?.prompt === "string" ? result.prompt : undefined;
  if (prompt && !prompts.includes(prompt) && prompts.length < iterations) prompts.push(prompt);
  return {
    ...(last ?? {}),
    ...(result ?? {}),
    prompts,
    totalIterations: iterations,
  } as SingleFinalResult;
}

/** The one single-agent WebSocket client. */
export class SingleAgentOptimizationClient {
  private ws: WebSocket | null = null;
  private handlers: SingleOptimizationHandlers | null = null;
  private iterations = 1;
  private results: SingleIterationResult[] = [];
  private initialSeen = false;
  private closing = false;
  private finished = false;
  private phase: SingleClientStatus = "idle";

  constructor(private readonly options: SingleClientOptions = {}) {}

  /** Current phase. */
  get status(): SingleClientStatus {
    return this.phase;
  }

  /**
   * Runs an optimisation. Rejects (with the spec's message) when the user is
   * not signed in or the connection cannot be opened; later failures go to
   * `handlers.onError`.
   */
  async start(
    request: SingleAgentOptimizeRequest,
    handlers: SingleOptimizationHandlers,
  ): Promise<void> {
    this.disconnect();
    this.handlers = handlers;
    this.iterations = request.iterations || 1;
    this.results = [];
    this.initialSeen = false;
    this.closing = false;
    this.finished = false;

    this.phase = "checking";
    const authenticated =
      this.options.isAuthenticated ?? (() => useAuthStore.getState().status === "authenticated");
    if (!authenticated()) {
      this.phase = "idle";
      throw new Error(SINGLE_SOCKET_TEXTS.notAuthenticated);
    }

    this.phase = "connecting";
    let ws: WebSocket;
    try {
      ws = await connectWithRetry({
        url: (this.options.url ?? (() => socketUrl(SINGLE_SOCKET_PATH)))(),
        texts: SINGLE_SOCKET_TEXTS,
        ...(this.options.WebSocketImpl ? { WebSocketImpl: this.options.WebSocketImpl } : {}),
        ...(this.options.connectTimeoutMs
          ? { connectTimeoutMs: this.options.connectTimeoutMs }
          : {}),
        ...(this.options.sleep ? { sleep: this.options.sleep } : {}),
      });
    } catch (error) {
      this.phase = "idle";
      throw error;
    }
    if (this.handlers !== handlers) {
      ws.close(SOCKET.normalCloseCode, "Superseded");
      return;
    }
    this.ws = ws;
    ws.onmessage = (event) => this.handleRaw(event.data);
    ws.onclose = (event) => this.handleClose(event.code, event.reason);
    ws.onerror = () => {};

    this.phase = "sending";
    this.send(request);
    this.phase = "receiving";
  }

  /** Sends a JSON message; throws 'WebSocket is not connected' unless the socket is open. */
  send(message: unknown): void {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN)
      throw new Error(SINGLE_SOCKET_TEXTS.notConnected);
    this.ws.send(JSON.stringify(message));
  }

  /** Manual disconnect: closes the socket and resets the counters (no callbacks follow). */
  disconnect(): void {
    const ws = this.ws;
    this.ws = null;
    this.handlers = null;
    this.closing = false;
    this.results = [];
    this.initialSeen = false;
    this.phase = "idle";
    if (ws && (ws.readyState === WebSocket.OPEN || ws.readyState === WebSocket.CONNECTING)) {
      ws.onmessage = null;
      ws.onclose = null;
      ws.close(SOCKET.normalCloseCode, "Client disconnected");
    }
  }

  /** Handles one raw socket message (public for tests that feed messages directly). */
  handleRaw(raw: unknown): void {
    if (this.closing || this.finished || !this.handlers) return;
    let message: Loose | undefined;
    try {
      message = asRecord(JSON.parse(String(raw)));
    } catch {
      message = undefined;
    }
    const handlers = this.handlers;
    switch (message?.type) {
      case "progress":
        if (typeof message.progress === "number") handlers.onProgress?.(message.progress);
        return;
      case "error":
        this.fail(
          typeof message.error === "string" && message.error
            ? message.error
            : "Optimization failed. Please try again.",
        );
        return;
      case "update": {
        const data = asRecord(message.data);
        if (data) this.promptBearing(data);
        return;
      }
      case "intermediate": {
        const data = asRecord(message.data) ?? message;
        if (typeof data.prompt === "string") this.promptBearing(data);
        else handlers.onIntermediate?.(message.data);
        return;
      }
      case "result":
      case "complete":
        this.finish(asRecord(message.result));
        return;
      default:
        this.finish(undefined);
    }
  }

  private promptBearing(data: Loose): void {
    const handlers = this.handlers;
    if (!handlers) return;
    handlers.onResponse?.();
    if (!this.initialSeen && this.results.length === 0) {
      this.initialSeen = true;
      handlers.onInitialEvaluation(readResult(data, 0));
      return;
    }
    if (this.results.length >= this.iterations) return;
    const index = this.results.length;
    const result = readResult(data, index + 1);
    if (!result.prompt) result.prompt = `Optimized prompt ${index + 1}`;
    this.results.push(result);
    handlers.onIterationResult(result, index);
    if (this.results.length === this.iterations) this.finish(undefined);
  }

  /** Finishes the run: closing flag, final result, normal close. */
  private finish(result: Loose | undefined): void {
    const handlers = this.handlers;
    if (this.finished || !handlers) return;
    this.closing = true;
    this.finished = true;
    this.phase = "closing";
    const final = buildFinalResult(
      result,
      this.results[this.results.length - 1],
      this.results.map((r) => r.prompt),
      this.iterations,
    );
    handlers.onComplete(final);
    const ws = this.ws;
    if (ws && (ws.readyState === WebSocket.OPEN || ws.readyState === WebSocket.CONNECTING)) {
      ws.close(SOCKET.normalCloseCode, SOCKET.normalCloseReason);
    }
  }

  private fail(message: string): void {
    const handlers = this.handlers;
    if (this.finished || !handlers) return;
    this.finished = true;
    this.closing = true;
    this.phase = "idle";
    handlers.onError(message);
    const ws = this.ws;
    if (ws && ws.readyState === WebSocket.OPEN)
      ws.close(SOCKET.normalCloseCode, "Optimization failed");
  }

  private handleClose(code: number, reason: string): void {
    this.ws = null;
    if (this.finished || this.closing) {
      this.phase = "idle";
      return;
    }
    if (code === SOCKET.normalCloseCode && this.results.length > 0) {
      this.finish(undefined);
      this.phase = "idle";
      return;
    }
    this.fail(reason || mapSocketError(String(code), SINGLE_SOCKET_TEXTS.failed));
  }
}
