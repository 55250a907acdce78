/**
 * The one optimisation-run socket client of both modes (spec §4 "Optimisation
 * stream", §8; docs/api.md "Sockets"). It checks sign-in, connects (3
 * attempts, 10 s each), sends the first message — a run request, or
 * `{type:"resume", run_id}` to reattach — and parses every frame with the
 * contracts' zod schemas. Updates are counted; when the expected number has
 * arrived (single N+1, multi N) the run is closing: only the server's
 * `complete` is still taken, and the socket closes normally ('Optimization
 * completed') on it, or after a short grace when it does not come.
 */
import type {
  ActiveRun,
  FinalResult,
  MultiAgentIteration,
  MultiAgentOptimizeRequest,
  ResumeRunMessage,
  SingleAgentIteration,
  SingleAgentOptimizeRequest,
} from "@promptune/contracts";
import { RUN_FAILURE, SOCKET } from "@promptune/contracts";
import { useAuthStore } from "../stores/auth";
import { api, socketUrl } from "./client";
import { loadContracts } from "./schemas";
import { connectWithRetry, type WebSocketConstructor } from "./socket-connect";

/** The two run modes. */
export type RunModeName = ActiveRun["mode"];
/** A run request of a mode. */
export type RunRequestOf<M extends RunModeName> = M extends "single"
  ? SingleAgentOptimizeRequest
  : MultiAgentOptimizeRequest;
/** An update's data of a mode. */
export type IterationOf<M extends RunModeName> = M extends "single"
  ? SingleAgentIteration
  : MultiAgentIteration;

/** Socket paths under the API base. */
export const RUN_SOCKET_PATHS: Record<RunModeName, string> = {
  single: "/auto-tune/optimize/ws",
  multi: "/auto-tune/optimize/ws/multiagent",
};

/** Spec §8 texts of each mode's socket. */
export const RUN_SOCKET_TEXTS = {
  single: {
    timeout: "WebSocket connection timeout. Please try again.",
    failed: "WebSocket connection failed. Please check your internet connection and try again.",
    notConnected: "WebSocket is not connected",
  },
  multi: {
    timeout: "Multi-Agent WebSocket connection timeout. Please try again.",
    failed: "Multi-Agent WebSocket connection failed. Please try again.",
    notConnected: "Multi-Agent WebSocket is not connected",
  },
} as const;

/** Texts shared by both modes (spec §8). */
export const RUN_AUTH_TEXTS = {
  notAuthenticated: "User is not authenticated. Please log in first.",
  unauthorized: "Authentication failed. Please log in and try again.",
} as const;

/** How long a closing run waits for the server's `complete` before closing itself. */
export const COMPLETE_GRACE_MS = 3_000;

/** A run failure: a plain sentence, and the technical detail / request id when known. */
export interface RunFailure {
  message: string;
  detail?: string;
  requestId?: string;
}

/** Callbacks of one stream. */
export interface RunStreamHandlers<M extends RunModeName> {
  /** An update; `runId` is the run it belongs to (the server names it on every update). */
  onUpdate(data: IterationOf<M>, runId: string | undefined): void;
  /** A spec `progress` envelope's value. */
  onProgress?(value: number): void;
  /** The run finished; `result` is the server's final result when it arrived. */
  onComplete(result: FinalResult | null): void;
  /** The run failed after connecting (server error, cancellation or dropped connection). */
  onError(failure: RunFailure): void;
  /** A provider outage paused the run (`paused`: its plain message) or it goes on (`resumed`). */
  onPause?(state: "paused" | "resumed", message: string): void;
}

/** Injection points (tests). */
export interface RunStreamOptions {
  WebSocketImpl?: WebSocketConstructor;
  isAuthenticated?: () => boolean;
  url?: string;
  /** Asked after a failed connection: does the server still see a session? (browsers hide the 401). */
  hasSession?: () => Promise<boolean>;
  sleep?: (ms: number) => Promise<void>;
  connectTimeoutMs?: number;
  completeGraceMs?: number;
}

/** An open stream: close it (no callbacks follow) or read its run id. */
export interface RunStream {
  close(): void;
  readonly runId: string | undefined;
}

const OPEN = 1;
const CONNECTING = 0;

async function defaultHasSession(): Promise<boolean> {
  const data = await api.get<{ authenticated?: boolean }>("/auth/status");
  return data?.authenticated === true;
}

/**
 * A failure frame as the page shows it: the frame's plain `error` with its
 * `detail` and `request_id`. A frame without `detail` (a server before
 * detail was sent) whose message is a stored failure ("Optimization failed:
 * <reason>", RUN_FAILURE) is split: the plain sentence, the reason as detail.
 */
export function failureOf(error: string, detail?: string, requestId?: string): RunFailure {
  const failure: RunFailure = { message: error };
  const reason = error.startsWith(RUN_FAILURE.storedPrefix)
    ? error.slice(RUN_FAILURE.storedPrefix.length).trim()
    : "";
  if (detail) failure.detail = detail;
  else if (reason) {
    failure.message = RUN_FAILURE.plain;
    failure.detail = reason;
  }
  if (requestId) failure.requestId = requestId;
  return failure;
}

/**
 * Opens a run stream of `mode`: `first` is a request (a new run) or a resume
 * message; `expectedUpdates` the number of updates the run sends. Rejects
 * (before any callback) with the spec's text when not signed in or when the
 * connection cannot be opened; afterwards everything goes to the handlers.
 */
export async function openRunStream<M extends RunModeName>(
  mode: M,
  first: RunRequestOf<M> | ResumeRunMessage,
  expectedUpdates: number,
  handlers: RunStreamHandlers<M>,
  options: RunStreamOptions = {},
): Promise<RunStream> {
  const texts = RUN_SOCKET_TEXTS[mode];
  const authenticated =
    options.isAuthenticated ?? (() => useAuthStore.getState().status === "authenticated");
  if (!authenticated()) throw new Error(RUN_AUTH_TEXTS.notAuthenticated);
  const contracts = await loadContracts();
  const schema =
    mode === "single"
      ? contracts.SingleAgentServerMessageSchema
      : contracts.MultiAgentServerMessageSchema;

  const socket = await connectWithRetry({
    url: options.url ?? socketUrl(RUN_SOCKET_PATHS[mode]),
    texts,
    ...(options.WebSocketImpl ? { WebSocketImpl: options.WebSocketImpl } : {}),
    ...(options.sleep ? { sleep: options.sleep } : {}),
    ...(options.connectTimeoutMs !== undefined
      ? { connectTimeoutMs: options.connectTimeoutMs }
      : {}),
  }).catch(async (error: unknown) => {
    const message = error instanceof Error ? error.message : texts.failed;
    if (message !== texts.failed) throw error;
    const session = await (options.hasSession ?? defaultHasSession)().catch(() => true);
    throw new Error(session ? message : RUN_AUTH_TEXTS.unauthorized);
  });

  let updates = 0;
  let runId = "run_id" in first ? first.run_id : undefined;
  let closing = false;
  let done = false;
  let grace: ReturnType<typeof setTimeout> | undefined;

  const closeSocket = (reason?: string) => {
    clearTimeout(grace);
    socket.onmessage = null;
    socket.onclose = null;
    if (socket.readyState === OPEN || socket.readyState === CONNECTING)
      socket.close(SOCKET.normalCloseCode, reason);
  };
  const complete = (result: FinalResult | null) => {
    if (done) return;
    done = true;
    closeSocket(SOCKET.normalCloseReason);
    handlers.onComplete(result);
  };
  const fail = (failure: RunFailure) => {
    if (done) return;
    done = true;
    closeSocket("Optimization failed");
    handlers.onError(failure);
  };

  socket.onmessage = (event: MessageEvent) => {
    let json: unknown;
    try {
      json = JSON.parse(String(event.data));
    } catch {
      return;
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      const envelope = contracts.ClientEnvelopeSchema.safeParse(json);
      if (!closing && envelope.success && typeof envelope.data.progress === "number")
        handlers.onProgress?.(envelope.data.progress);
      return;
    }
    const message = parsed.data;
    if (message.type === "complete") return complete(message.result);
    if (message.type === "error")
      return fail(failureOf(message.error, message.detail, message.request_id));
    if (message.type === "paused" || message.type === "resumed") {
      runId = message.run_id ?? runId;
      return handlers.onPause?.(message.type, message.message);
    }
    if (closing) return;
    runId = message.run_id ?? runId;
    updates++;
    handlers.onUpdate(message.data as IterationOf<M>, runId);
    if (updates >= expectedUpdates) {
      closing = true;
      grace = setTimeout(() => complete(null), options.completeGraceMs ?? COMPLETE_GRACE_MS);
    }
  };
  socket.onclose = (event: CloseEvent) => {
    if (closing) return complete(null);
    fail({ message: event.reason || texts.failed });
  };

  if (socket.readyState !== OPEN) throw new Error(texts.notConnected);
  socket.send(JSON.stringify(first));

  return {
    close() {
      done = true;
      closeSocket("Client disconnected");
    },
    get runId() {
      return runId;
    },
  };
}
