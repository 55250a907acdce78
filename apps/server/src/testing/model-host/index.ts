/**
 * A model host on 127.0.0.1 for tests of the local model's first-use
 * download: serves one GGUF file over HTTP (with Range support, so resumed
 * downloads work) in one of several behaviours chosen per request:
 *
 * - `normal`: the whole file in chunks of `chunkBytes` every `chunkDelayMs`
 *   (0 = as fast as possible), so progress can be watched;
 * - `stall`: answers 200 with the headers and the first chunk, then sends
 *   nothing more (the connection stays open);
 * - `silent`: accepts the connection and never answers.
 *
 * The behaviour can be changed while running (`host.mode = …`), e.g. to
 * stall first and serve normally on the retry.
 */
import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { basename } from "node:path";

/** How the host answers a download. */
export type ModelHostMode = "normal" | "stall" | "silent";

/** Options of `startModelHost`. */
export interface ModelHostOptions {
  /** The GGUF file served at `/models/<its name>`. */
  file: string;
  port?: number;
  mode?: ModelHostMode;
  chunkBytes?: number;
  chunkDelayMs?: number;
}

/** A running model host. */
export interface ModelHost {
  /** Base URL, e.g. http://127.0.0.1:1234 */
  url: string;
  /** URL of the served model file. */
  modelUrl: string;
  mode: ModelHostMode;
  /** Requests received so far, as "METHOD mode". */
  readonly requests: string[];
  close(): Promise<void>;
}

/** Parses `bytes=N-` / `bytes=N-M`; null when absent or not satisfiable. */
function rangeOf(header: string | undefined, size: number): { start: number; end: number } | null {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match) return null;
  const start = match[1] ? Number(match[1]) : 0;
  const end = match[2] ? Math.min(Number(match[2]), size - 1) : size - 1;
  return start <= end ? { start, end } : null;
}

/** Starts the host on 127.0.0.1 (a random port unless `port` is given). */
export async function startModelHost(options: ModelHostOptions): Promise<ModelHost> {
  const body = readFileSync(options.file);
  const path = `/models/${basename(options.file)}`;
  const chunkBytes = options.chunkBytes ?? 64 * 1024;
  const chunkDelayMs = options.chunkDelayMs ?? 0;
  const sockets = new Set<Socket>();
  const timers = new Set<ReturnType<typeof setTimeout>>();

  const send = (req: IncomingMessage, res: ServerResponse, mode: ModelHostMode) => {
    const range = rangeOf(req.headers.range, body.length);
    const start = range?.start ?? 0;
    const end = range?.end ?? body.length - 1;
    res.writeHead(range ? 206 : 200, {
      "content-type": "application/octet-stream",
      "content-length": end - start + 1,
      "accept-ranges": "bytes",
      ...(range ? { "content-range": `bytes ${start}-${end}/${body.length}` } : {}),
    });
    if (req.method === "HEAD") return void res.end();
    let offset = start;
    const next = () => {
      if (res.destroyed) return;
      const stop = Math.min(offset + chunkBytes, end + 1);
      res.write(body.subarray(offset, stop));
      offset = stop;
      if (offset > end) return void res.end();
      if (mode === "stall") return; // keep the connection open, send nothing more
      const timer = setTimeout(() => {
        timers.delete(timer);
        next();
      }, chunkDelayMs);
      timers.add(timer);
    };
    next();
  };

  const requests: string[] = [];
  const host: ModelHost = {
    url: "",
    modelUrl: "",
    mode: options.mode ?? "normal",
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const t of timers) clearTimeout(t);
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
  const server = createServer((req, res) => {
    const mode = host.mode;
    requests.push(`${req.method} ${mode}`);
    if (req.url?.split("?")[0] !== path) return void res.writeHead(404).end();
    if (mode === "silent") return; // never answer
    send(req, res, mode);
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  host.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  host.modelUrl = `${host.url}${path}`;
  return host;
}
