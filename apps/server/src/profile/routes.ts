import { type Profile, ProfileUpdateSchema, UsageReportSchema } from "@promptune/contracts";
import type { FastifyInstance } from "fastify";
import type { UserRow } from "../auth/users";
import { parseInput } from "../auth/validation";
import { nowIso } from "../db/database";
import { badRequest } from "../errors";
import { requireSessionUser, requireUser } from "../http/auth-guard";

/** The profile fields of a user row, as GET/PUT /profile return them. */
export function profileOf(user: UserRow): Profile {
  return {
    name: user.name,
    company_name: user.company_name,
    ready_to_contact: user.ready_to_contact === 1,
  };
}

/**
 * GET /profile and PUT /profile (spec §7): the signed-in user's own profile;
 * GET /profile/usage: their model usage today and this month against their
 * budget (contracts UsageReportSchema).
 */
export async function profileRoutes(app: FastifyInstance): Promise<void> {
  const { db, budgets } = app.deps;

  app.get("/profile/usage", async (request) => {
    const user = await requireUser(request);
    return { success: true, data: UsageReportSchema.parse(await budgets.report(user.id)) };
  });

  app.get("/profile", async (request) => {
    const user = await requireUser(request);
    return { success: true, data: profileOf(user) };
  });

  app.put("/profile", async (request) => {
    const user = await requireSessionUser(request);
    if (request.body === null || typeof request.body !== "object" || Array.isArray(request.body)) {
      throw badRequest("Please send the profile as a JSON object.");
    }
    const update = parseInput(ProfileUpdateSchema, request.body);
    const updatedAt = nowIso();
    await db
      .updateTable("users")
      .set({
        name: update.name,
        company_name: update.company_name,
        ready_to_contact: update.ready_to_contact ? 1 : 0,
        updated_at: updatedAt,
      })
      .where("id", "=", user.id)
      .execute();
    const saved: UserRow = {
      ...user,
      name: update.name,
      company_name: update.company_name,
      ready_to_contact: update.ready_to_contact ? 1 : 0,
      updated_at: updatedAt,
    };
    request.sessionUser = saved;
    return { success: true, data: profileOf(saved) };
  });
}
