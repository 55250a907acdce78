/**
 * GET/POST /api/profile/tokens and DELETE /api/profile/tokens/:id: a user's
 * personal API tokens. Managing tokens needs a signed-in session: an API
 * token cannot mint, list or revoke tokens (a leaked read token must not
 * become a run token).
 */
import { ApiTokenCreateSchema } from "@promptune/contracts";
import type { FastifyInstance } from "fastify";
import { parseInput } from "../auth/validation";
import { badRequest, notFound } from "../errors";
import { requireSessionUser } from "../http/auth-guard";
import { createApiToken, listApiTokens, revokeApiToken } from "./service";

/** The token routes (registered under /api). */
export async function apiTokenRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps;

  app.get("/profile/tokens", async (request) => {
    const user = await requireSessionUser(request);
    return { success: true, data: await listApiTokens(db, user.id) };
  });

  app.post("/profile/tokens", async (request, reply) => {
    const user = await requireSessionUser(request);
    if (request.body === null || typeof request.body !== "object" || Array.isArray(request.body))
      throw badRequest("Please send the token as a JSON object {name, scopes}.");
    const input = parseInput(ApiTokenCreateSchema, request.body);
    const created = await createApiToken(db, user.id, input);
    reply.code(201);
    return { success: true, data: created };
  });

  app.delete<{ Params: { id: string } }>("/profile/tokens/:id", async (request) => {
    const user = await requireSessionUser(request);
    // another user's token id answers exactly like an unknown one
    if (!(await revokeApiToken(db, user.id, request.params.id)))
      throw notFound("No such API token.");
    return { success: true, data: { id: request.params.id } };
  });
}
