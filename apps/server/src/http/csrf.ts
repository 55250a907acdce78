import type { FastifyInstance } from "fastify";
import { forbidden, HttpError } from "../errors";

const UNSAFE = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * CSRF guard for the API: state-changing calls must be JSON (a cross-site form
 * cannot send that without a CORS preflight, which we never grant) and, when
 * the browser sends an Origin, it must be one of ours; so must the Origin of a
 * WebSocket upgrade (HTTP 403 otherwise). Install it on the /api
 * scope: its hook then runs on every routed API call, whatever spelling of the
 * path (percent-encoded or not) reached the route.
 */
export function installCsrfGuard(app: FastifyInstance, allowedOrigins: string[]): void {
  const allowed = new Set(allowedOrigins.map((o) => new URL(o).origin));
  app.addHook("onRequest", async (request) => {
    if (request.ws) {
      // Cross-site WebSocket hijacking: a browser sends the victim's cookie with
      // an upgrade from any page, so the page's Origin must be one of ours.
      // Non-browser clients send no Origin and carry no victim's cookie.
      const origin = request.headers.origin;
      if (origin && !allowed.has(origin)) throw forbidden("Cross-origin socket refused.");
      return;
    }
    if (!UNSAFE.has(request.method)) return;
    const origin = request.headers.origin;
    if (origin && !allowed.has(origin)) throw forbidden("Cross-origin request refused.");
    const type = request.headers["content-type"] ?? "";
    const hasBody =
      Number(request.headers["content-length"] ?? 0) > 0 || request.headers["transfer-encoding"];
    if (hasBody && !type.toLowerCase().startsWith("application/json")) {
      throw new HttpError(415, "Requests must send a JSON body (Content-Type: application/json).", {
        code: "unsupported_media_type",
      });
    }
  });
}
