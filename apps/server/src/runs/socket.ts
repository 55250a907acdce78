import {
  type MultiAgentOptimizeRequest,
  MultiAgentOptimizeRequestSchema,
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
import type { RunEvent } from "./events";
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

/** Rejects the upgrade with HTTP 401 when the request has no valid session. */
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
}

/**
 * The optimisation sockets (docs/api.md "Sockets"): one request message in,
 * exactly N+1 (single) or N (multi) `update` messages and one `complete` out,
 * or `error` with close 1008 (bad request) / 1011 (failure). The run belongs
 * to the server: closing the socket only stops the forwarding.
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
      send(socket, { type: "error", error: message });
      socket.close(SOCKET.policyViolationCode, closeReason(message));
    };

    socket.on("message", async (raw) => {
      if (started) return; // one request per socket; later messages are ignored
      started = true;
      let body: unknown;
      try {
        body = JSON.parse(raw.toString());
      } catch {
        return reject("The request must be a JSON object.");
      }
      if (containsNul(body)) return reject(NUL_MESSAGE);
      try {
        const request =
          mode === "single"
            ? SingleAgentOptimizeRequestSchema.parse(body)
            : (MultiAgentOptimizeRequestSchema.parse(body) as MultiAgentOptimizeRequest);
        const run = await app.deps.runService.create(user.id, mode, request);
        unsubscribe = await app.deps.runEvents.subscribe(run.id, (event: RunEvent) => {
          if (event.type === "update") {
            if (seen.has(event.data.iteration)) return;
            seen.add(event.data.iteration);
            send(socket, event);
          } else if (event.type === "complete") {
            send(socket, event);
            socket.close(SOCKET.normalCloseCode, SOCKET.normalCloseReason);
          } else {
            send(socket, event);
            socket.close(SOCKET.internalErrorCode, closeReason(event.error));
          }
        });
        if (socket.readyState !== socket.OPEN) await unsubscribe();
        await app.deps.runService.start(run.id);
      } catch (error) {
        if (error instanceof ZodError) return reject(describeZodError(error));
        if (error instanceof HttpError && error.status < 500) return reject(error.message);
        request.log.error({ err: error, requestId: request.id }, "could not start a run");
        send(socket, {
          type: "error",
          error: "Could not start the optimization. Please try again.",
          request_id: request.id,
        });
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
