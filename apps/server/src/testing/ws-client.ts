import WebSocket from "ws";

/** What a socket saw from open to close. */
export interface SocketTranscript {
  messages: Array<Record<string, unknown> & { type: string }>;
  code: number;
  reason: string;
}

/** Result of an upgrade the server refused. */
export interface RefusedUpgrade {
  refused: true;
  status: number;
}

/**
 * Opens a socket, sends `request` once open, and collects every message until
 * the server closes it (or `stopAfter` messages arrived, when the client
 * closes it itself). Resolves with the HTTP status if the upgrade is refused.
 */
export function runSocket(
  url: string,
  request: unknown,
  options: { cookie?: string; authorization?: string; stopAfter?: number; timeoutMs?: number } = {},
): Promise<SocketTranscript | RefusedUpgrade> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = {};
    if (options.cookie) headers.cookie = options.cookie;
    if (options.authorization) headers.authorization = options.authorization;
    const ws = new WebSocket(url, { headers });
    const messages: SocketTranscript["messages"] = [];
    const timer = setTimeout(() => {
      ws.terminate();
      reject(new Error(`socket timed out after ${messages.length} messages`));
    }, options.timeoutMs ?? 60_000);
    ws.on("unexpected-response", (_req, res) => {
      clearTimeout(timer);
      resolve({ refused: true, status: res.statusCode ?? 0 });
      ws.terminate();
    });
    ws.on("open", () => ws.send(typeof request === "string" ? request : JSON.stringify(request)));
    ws.on("message", (data) => {
      messages.push(JSON.parse(data.toString()));
      if (options.stopAfter !== undefined && messages.length >= options.stopAfter)
        ws.close(1000, "client done");
    });
    ws.on("close", (code, reason) => {
      clearTimeout(timer);
      resolve({ messages, code, reason: reason.toString() });
    });
    ws.on("error", (error) => {
      if (ws.readyState === WebSocket.CLOSED) return;
      clearTimeout(timer);
      reject(error);
    });
  });
}

/** Narrows a socket result to a transcript, failing the test otherwise. */
export function transcript(result: SocketTranscript | RefusedUpgrade): SocketTranscript {
  if ("refused" in result) throw new Error(`upgrade refused with HTTP ${result.status}`);
  return result;
}

/** A message a run's socket received. */
export interface RunMessage {
  type: string;
  run_id?: string;
  data?: { iteration: number; prompt?: string } & Record<string, unknown>;
  result?: { run_id: string } & Record<string, unknown>;
  error?: string;
  detail?: string;
  request_id?: string;
}

/**
 * The message types of a completed single-agent run of `iterations`: one
 * update for the seed's evaluation (iteration 0) and one per iteration, then
 * `complete`, which is what a run socket, live or replayed, must show.
 */
export function singleRunTypes(iterations: number): string[] {
  return [...Array.from({ length: iterations + 1 }, () => "update"), "complete"];
}

/** An open run socket: the socket itself, its messages so far and a promise of its close. */
export interface OpenRun {
  ws: WebSocket;
  messages: RunMessage[];
  closed: Promise<{ code: number; reason: string }>;
}

/**
 * Opens a run socket as the holder of `cookie`, sends `request` once open and
 * records every message, without waiting: the test may act mid-run (reattach,
 * cancel, kill a worker) and await `closed` when it is done.
 */
export function openRun(url: string, cookie: string, request: unknown): OpenRun {
  const ws = new WebSocket(url, { headers: { cookie } });
  const messages: RunMessage[] = [];
  const closed = new Promise<{ code: number; reason: string }>((resolve, reject) => {
    ws.on("close", (code, reason) => resolve({ code, reason: reason.toString() }));
    ws.on("error", reject);
  });
  ws.on("open", () => ws.send(JSON.stringify(request)));
  ws.on("message", (d) => messages.push(JSON.parse(d.toString()) as RunMessage));
  return { ws, messages, closed };
}
