import type { FastifyInstance } from "fastify";

/**
 * Replaces Fastify's JSON body parser with one that accepts an empty body.
 * Common HTTP clients send `Content-Type: application/json` on a bodiless
 * POST (sign-out, cancel); Fastify's default answers those with 400. An empty
 * body now reaches the route as `undefined`, and the route's zod schema
 * decides whether it needs one. Non-empty bodies keep Fastify's parser
 * (prototype-poisoning protection included).
 */
export function installJsonBodyParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    const text = typeof body === "string" ? body : body.toString("utf8");
    if (text.trim() === "") {
      done(null, undefined);
      return;
    }
    parseJson(request, text, done);
  });
}
