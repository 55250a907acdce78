/**
 * Deploys of the after-bot (issue 25, items 3–4), all over the caller's own
 * records: GET /integration/deploys lists versions; POST
 * /integration/deploys deploys a finished run's configuration through the
 * held-out gate (409 with the reason unless `override: true`, which is
 * recorded); POST /integration/deploys/:id/rollback re-activates an earlier
 * version; GET /integration/deploys/evidence gives each version's live
 * ratings. API tokens need the `deploy` scope to change the deployed version.
 */
import {
  type DeployEvidence,
  DeployRequestSchema,
  type DeployVersion,
  type Success,
} from "@promptune/contracts";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { HttpError, notFound } from "../errors";
import { requireDeployer, requireUser } from "../http/auth-guard";
import { liveEvidence } from "./evidence";
import { deployCandidate, gateVerdict } from "./gate";
import { VersionStore } from "./versions";

const VersionIdSchema = z.uuid();

/** The deploys feature plugin (registered under /api). */
export async function deployRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps;
  const versions = new VersionStore(db);

  app.get("/integration/deploys", async (request): Promise<Success<DeployVersion[]>> => {
    const user = await requireDeployer(request);
    return { success: true, data: await versions.list(user.id) };
  });

  app.get("/integration/deploys/evidence", async (request): Promise<Success<DeployEvidence>> => {
    const user = await requireUser(request);
    return { success: true, data: await liveEvidence(db, user.id) };
  });

  app.post("/integration/deploys", async (request, reply): Promise<Success<DeployVersion>> => {
    const user = await requireDeployer(request);
    const body = DeployRequestSchema.parse(request.body ?? {});
    const candidate = await deployCandidate(db, user.id, body);
    const refusal = gateVerdict(candidate);
    if (refusal && !body.override) {
      throw new HttpError(409, `${refusal.reason} Deploy anyway only if you accept that.`, {
        code: refusal.code,
      });
    }
    const version = await versions.create(user.id, {
      source: "run",
      config: candidate.config,
      runId: candidate.runId,
      iteration: candidate.iteration,
      frontierPoint: candidate.frontierPoint,
      heldOut: candidate.heldOut,
      overriddenReason: refusal?.reason ?? null,
      deployedBy: user.email,
    });
    reply.status(201);
    return { success: true, data: version };
  });

  app.post(
    "/integration/deploys/:id/rollback",
    async (request): Promise<Success<DeployVersion>> => {
      const user = await requireDeployer(request);
      const id = VersionIdSchema.safeParse((request.params as { id?: string }).id);
      if (!id.success) throw notFound("No such version.");
      const version = await versions.rollback(user.id, id.data, user.email);
      if (!version) throw notFound("No such version.");
      return { success: true, data: version };
    },
  );
}
