/**
 * The fixture LLM's HTTP server (node:http on 127.0.0.1): OpenAI-compatible
 * endpoints plus `/__fixture/config` and `/__fixture/stats`, with injectable
 * latency and faults. See docs/fixture-llm.md.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { CallLog, type FixtureStats } from "./call-log";
import { sendFault } from "./fault-answers";
import { FaultPlan, type FixtureFault, parseFaults } from "./faults";
import { json, readJson } from "./http";
import {
  answerChat,
  BadRequest,
  type ChatCall,
  completionBody,
  embeddingsBody,
  errorBody,
  parseChatCall,
  parseEmbeddingInput,
  streamEvents,
} from "./protocol";

/** Run-time settings of the fixture. */
export interface FixtureConfig {
  /** Delay before every API answer (ms). */
  latencyMs: number;
  /** Fault rules, checked in order (replacing the list resets their counters). */
  faults: FixtureFault[];
  /**
   * An outage window: for this many ms from now every API request is
   * answered HTTP 503 (0 ends a running outage). Checked before the rules.
   */
  outageMs: number;
}

/** A running fixture server. */
export interface FixtureLlm {
  /** Base URL ending in /v1. */
  url: string;
  close(): Promise<void>;
  setConfig(cfg: Partial<FixtureConfig>): void;
  stats(): FixtureStats;
}

/** Model ids GET /v1/models lists (any id is accepted by the other endpoints). */
export const FIXTURE_MODELS = ["fixture-small", "fixture-large"];

/** Chat requests for model ids with this prefix are answered 404 model_not_found. */
export const MISSING_MODEL_PREFIX = "missing-";

/** Starts the fixture on 127.0.0.1 (random port unless one is given). */
export async function startFixtureLlm(
  options: { latencyMs?: number; faults?: FixtureFault[]; port?: number } = {},
): Promise<FixtureLlm> {
  let latencyMs = options.latencyMs ?? 0;
  let plan = new FaultPlan(options.faults ?? []);
  let outageUntil = 0;
  const log = new CallLog();
  const sockets = new Set<Socket>();
  let closing = false;

  const setConfig = (cfg: Partial<FixtureConfig>) => {
    if (cfg.latencyMs !== undefined) latencyMs = Math.max(0, cfg.latencyMs);
    if (cfg.faults !== undefined) plan = new FaultPlan(cfg.faults);
    if (cfg.outageMs !== undefined) outageUntil = Date.now() + Math.max(0, cfg.outageMs);
  };

  /** Answers 503 while an outage window is open; returns whether it did. */
  const outage = (res: ServerResponse) => {
    if (Date.now() >= outageUntil) return false;
    json(
      res,
      503,
      errorBody("The service is unavailable (fixture outage).", "server_error", "unavailable"),
    );
    return true;
  };

  /** Resolves after ms, or early (false) when the client goes away or the server closes. */
  const wait = (ms: number, res: ServerResponse) =>
    new Promise<boolean>((resolve) => {
      if (res.destroyed || closing) return resolve(false);
      const timer = ms === Number.POSITIVE_INFINITY ? undefined : setTimeout(() => done(true), ms);
      const onClose = () => done(false);
      const done = (ok: boolean) => {
        if (timer) clearTimeout(timer);
        res.off("close", onClose);
        resolve(ok);
      };
      res.on("close", onClose);
    });

  const hang = (res: ServerResponse) => () => wait(Number.POSITIVE_INFINITY, res);

  const handleChat = async (call: ChatCall, res: ServerResponse) => {
    const end = log.begin(call.kind, call.model, call.temperature, call.stream);
    try {
      if (!(await wait(latencyMs, res))) return end("aborted");
      if (call.model.startsWith(MISSING_MODEL_PREFIX)) {
        json(
          res,
          404,
          errorBody(
            `The model \`${call.model}\` does not exist.`,
            "invalid_request_error",
            "model_not_found",
          ),
        );
        return end("404");
      }
      if (outage(res)) return end("outage");
      const id = `chatcmpl-fixture-${log.lastSeq}`;
      const answer = answerChat(call);
      const fault = plan.next(call.kind, call.model);
      if (fault) {
        const full = completionBody(id, call, answer);
        const body = JSON.stringify(full);
        await sendFault(res, fault, call.stream ? `data: ${body}\n\n` : body, full, hang(res));
        return end(String(fault.status));
      }
      if (!call.stream) {
        json(res, 200, completionBody(id, call, answer));
        return end("ok");
      }
      res.writeHead(200, {
        "content-type": "text/event-stream",
        "cache-control": "no-cache",
        connection: "keep-alive",
      });
      for (const event of streamEvents(id, call, answer)) res.write(`data: ${event}\n\n`);
      res.end();
      end("ok");
    } finally {
      end("aborted");
    }
  };

  const handleEmbeddings = async (body: unknown, res: ServerResponse) => {
    const { model, texts } = parseEmbeddingInput(body);
    const end = log.begin("embeddings", model, null, false);
    try {
      if (!(await wait(latencyMs, res))) return end("aborted");
      if (outage(res)) return end("outage");
      const answer = embeddingsBody(model, texts) as Record<string, unknown>;
      const fault = plan.next("embeddings", model);
      if (fault) {
        await sendFault(res, fault, JSON.stringify(answer), answer, hang(res));
        return end(String(fault.status));
      }
      json(res, 200, answer);
      end("ok");
    } finally {
      end("aborted");
    }
  };

  const route = async (req: IncomingMessage, res: ServerResponse) => {
    const path = new URL(req.url ?? "/", "http://fixture").pathname.replace(/\/+$/, "");
    const key = `${req.method} ${path}`;
    if (key === "GET /v1/models") {
      return json(res, 200, {
        object: "list",
        data: FIXTURE_MODELS.map((id) => ({
          id,
          object: "model",
          created: 0,
          owned_by: "fixture",
        })),
      });
    }
    if (key === "GET /__fixture/stats") return json(res, 200, log.snapshot());
    if (req.method !== "POST")
      return json(res, 404, errorBody(`No route ${key}`, "invalid_request_error"));
    const body = await readJson(req);
    if (key === "POST /v1/chat/completions") return handleChat(parseChatCall(body), res);
    if (key === "POST /v1/embeddings") return handleEmbeddings(body, res);
    if (key === "POST /__fixture/config") {
      const cfg = (body ?? {}) as Record<string, unknown>;
      const next: Partial<FixtureConfig> = {};
      if (cfg.latencyMs !== undefined) {
        if (typeof cfg.latencyMs !== "number" || cfg.latencyMs < 0)
          throw new BadRequest("latencyMs must be a non-negative number");
        next.latencyMs = cfg.latencyMs;
      }
      if (cfg.faults !== undefined) {
        try {
          next.faults = parseFaults(cfg.faults);
        } catch (error) {
          throw new BadRequest((error as Error).message);
        }
      }
      if (cfg.outageMs !== undefined) {
        if (typeof cfg.outageMs !== "number" || cfg.outageMs < 0)
          throw new BadRequest("outageMs must be a non-negative number");
        next.outageMs = cfg.outageMs;
      }
      setConfig(next);
      return json(res, 200, { ok: true, latencyMs, faults: next.faults ?? null });
    }
    return json(res, 404, errorBody(`No route ${key}`, "invalid_request_error"));
  };

  const server = createServer((req, res) => {
    route(req, res).catch((error: unknown) => {
      if (res.headersSent) return void res.destroy();
      if (error instanceof BadRequest)
        return json(res, 400, errorBody(error.message, "invalid_request_error"));
      json(res, 500, errorBody(`Fixture failure: ${(error as Error).message}`, "server_error"));
    });
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/v1`,
    setConfig,
    stats: () => log.snapshot(),
    close: () =>
      new Promise<void>((resolve) => {
        closing = true;
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
