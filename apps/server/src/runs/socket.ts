import {
  type MultiAgentOptimizeRequest,
  MultiAgentOptimizeRequestSchema,
  ResumeRunMessageSchema,
  type RunMode,
  SingleAgentOptimizeRequestSchema,
  SOCKET,
} from "@promptune/contracts";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { WebSocket } from "ws";
import { ZodError } from "zod";
import { HttpError } from "../errors";
import { optionalUser, requireUser } from "../http/auth-guard";
import { describeZodError } from "../http/error-handler";
import { containsNul, NUL_MESSAGE } from "../http/nul-guard";
import { runErrorFrame } from "./error-frames";
import type { RunEvent } from "./events";
import { pausedFrame } from "./outage";
import { SocketLimiter } from "./socket-limits";

/** Longest close reason WebSocket allows (123 bytes); longer reasons are cut. */
function closeReason(text: string): string {
  const buf = Buffer.from(text, "utf8");
  return buf.length <= 123
    ? text
    : buf
        .subarray(0, 120)
        .toString("utf8")
        .replace(/\uFFFD$/, "");
}

/** Sends a JSON message if the socket is still open. */
function send(socket: WebSocket, message: unknown): void {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
}

/** Rejects the upgrade with HTTP 401 without a valid session or token, 403 for a read-only token. */
async function requireSessionAtUpgrade(
  request: FastifyRequest,
  reply: import("fastify").FastifyReply,
) {
  const user = await optionalUser(request);
  if (!user) {
    return reply
      .code(401)
      .send({ success: false, error: { message: "Authentication required. Please sign in." } });
  }
  // starting a run needs the run scope: a read-only API token is refused at the upgrade
  if (request.apiToken && !request.apiToken.scopes.includes("run")) {
    return reply.code(403).send({
      success: false,
      error: {
        message: "This API token has the read scope only; create a token with the run scope.",
      },
    });
  }
}

/**
 * The optimisation sockets (docs/api.md "Sockets"): one first message in —
 * a run request, or `{type:"resume", run_id}` to reattach to one of the
 * caller's runs of this mode — then the run's `update` messages (each naming
 * its `run_id`) and one `complete`, or `error` with close 1008 (bad request)
 * / 1011 (failure); `paused` / `resumed` (not updates) when a provider
 * outage pauses the run and it goes on. The run belongs to the server: closing the socket only
 * stops the forwarding.
 */
export async function runSocketRoutes(app: FastifyInstance): Promise<void> {
  const limiter = new SocketLimiter({
    maxPerUser: app.deps.env.SOCKETS_MAX_PER_USER,
    idleTimeoutMs: app.deps.env.SOCKET_IDLE_TIMEOUT_MS,
  });
  const handle = (mode: RunMode) => async (socket: WebSocket, request: FastifyRequest) => {
    const user = await requireUser(request);
    if (!limiter.admit(user.id, socket)) return;
    let unsubscribe: (() => Promise<void>) | undefined;
    let started = false;
    const seen = new Set<number>();
    const ping = setInterval(() => socket.readyState === socket.OPEN && socket.ping(), 25_000);
    socket.on("close", () => {
      clearInterval(ping);
      void unsubscribe?.();
    });

    const reject = (message: string) => {
      send(socket, runErrorFrame(message));
      socket.close(SOCKET.policyViolationCode, closeReason(message));
    };

    /** Sends one event of run `runId`: updates once per iteration, then the end and the close. */
    const forward = (runId: string, event: RunEvent) => {
      if (event.type === "update") {
        if (seen.has(event.data.iteration)) return;
        seen.add(event.data.iteration);
        send(socket, { ...event, run_id: runId });
      } else if (event.type === "paused" || event.type === "resumed") {
        send(socket, { ...event, run_id: runId });
      } else if (event.type === "complete") {
        send(socket, event);
        socket.close(SOCKET.normalCloseCode, SOCKET.normalCloseReason);
      } else {
        send(socket, event);
        socket.close(SOCKET.internalErrorCode, closeReason(event.error));
      }
    };

    /** Starts a new run from a request and forwards its events. */
    const startRun = async (body: unknown) => {
      const runRequest =
        mode === "single"
          ? SingleAgentOptimizeRequestSchema.parse(body)
          : (MultiAgentOptimizeRequestSchema.parse(body) as MultiAgentOptimizeRequest);
      const run = await app.deps.runService.create(user.id, mode, runRequest);
      unsubscribe = await app.deps.runEvents.subscribe(run.id, (event) => forward(run.id, event));
      if (socket.readyState !== socket.OPEN) await unsubscribe();
      await app.deps.runService.start(run.id);
    };

    /**
     * Reattaches to a run: subscribes first (buffering), replays what is
     * stored, then either ends (the run already finished) or flushes the
     * buffer and forwards live events. Duplicates are dropped by iteration.
     */
    const resumeRun = async (runId: string) => {
      const owned = await app.deps.runs.getOwned(user.id, runId);
      if (!owned || owned.mode !== mode) return reject("No such optimization run.");
      const buffer: RunEvent[] = [];
      let live = false;
      unsubscribe = await app.deps.runEvents.subscribe(runId, (event) =>
        live ? forward(runId, event) : buffer.push(event),
      );
      const [run, stored] = await Promise.all([
        app.deps.runs.getOwned(user.id, runId),
        app.deps.runs.iterations(runId),
      ]);
      for (const row of stored) {
        if (mode === "multi" && row.iteration === 0) continue;
        forward(runId, { type: "update", data: JSON.parse(row.data) } as RunEvent);
      }
      if (run?.status === "completed" && run.final_result) {
        return forward(runId, { type: "complete", result: JSON.parse(run.final_result) });
      }
      if (run && (run.status === "failed" || run.status === "cancelled")) {
        return forward(runId, runErrorFrame(run.error ?? "Optimization failed."));
      }
      if (run?.status === "paused") forward(runId, pausedFrame());
      live = true;
      for (const event of buffer.splice(0)) forward(runId, event);
    };

    socket.on("message", async (raw) => {
      if (started) return; // one first message per socket; later messages are ignored
      started = true;
      let body: unknown;
      try {
        body = JSON.parse(raw.toString());
      } catch {
        return reject("The request must be a JSON object.");
      }
      if (containsNul(body)) return reject(NUL_MESSAGE);
      try {
        if ((body as { type?: unknown } | null)?.type === "resume") {
          await resumeRun(ResumeRunMessageSchema.parse(body).run_id);
        } else {
          await startRun(body);
        }
      } catch (error) {
        if (error instanceof ZodError) return reject(describeZodError(error));
        if (error instanceof HttpError && error.status < 500) return reject(error.message);
        request.log.error({ err: error, requestId: request.id }, "could not start a run");
        send(
          socket,
          runErrorFrame("Could not start the optimization. Please try again.", request.id),
        );
        socket.close(SOCKET.internalErrorCode, "Could not start the optimization");
      }
    });
  };

  app.get(
    "/auto-tune/optimize/ws",
    { websocket: true, preValidation: requireSessionAtUpgrade },
    handle("single"),
  );
  app.get(
    "/auto-tune/optimize/ws/multiagent",
    { websocket: true, preValidation: requireSessionAtUpgrade },
    handle("multi"),
  );
}
