import type { FastifyInstance } from "fastify";
import { badRequest } from "../errors";

/** The message every refusal of a NUL character uses. */
export const NUL_MESSAGE = "Text must not contain NUL characters (U+0000).";

/** Routes the guard leaves alone: Telegram's webhook must never be refused (it would retry forever). */
const EXEMPT = new Set(["/api/telegram/webhook/:bot"]);

/**
 * True when a string anywhere in `value` (object keys included) holds U+0000.
 * PostgreSQL `text` cannot store that character, so such input would fail
 * deep in a query with a 500; refusing it up front gives a 400 instead.
 */
export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === "string") return value.includes("\u0000");
  if (depth > 64 || value === null || typeof value !== "object") return false;
  if (Array.isArray(value)) return value.some((v) => containsNul(v, depth + 1));
  for (const [key, v] of Object.entries(value)) {
    if (key.includes("\u0000") || containsNul(v, depth + 1)) return true;
  }
  return false;
}

/**
 * Refuses API requests whose path parameters, query or JSON body contain a
 * NUL character with 400 (found by the hardening fuzz tests: on PostgreSQL
 * they used to end in 500s on profile, sign-up, dataset and run-id routes).
 * One guard for every route, including routes added later. Install it on the
 * /api scope: the exemption is judged on the routed pattern, never on the raw
 * URL, so a percent-encoded path cannot skip it.
 */
export function installNulGuard(app: FastifyInstance): void {
  app.addHook("preValidation", async (request) => {
    if (EXEMPT.has(request.routeOptions.url ?? "")) return;
    if (containsNul(request.params) || containsNul(request.query) || containsNul(request.body)) {
      throw badRequest(NUL_MESSAGE);
    }
  });
}
