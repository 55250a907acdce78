/**
 * Deploys of the after-bot (issue 25, items 3–4), all over the caller's own
 * records: GET /integration/deploys lists versions; POST
 * /integration/deploys deploys a finished run's configuration through the
 * held-out gate (409 with the reason unless `override: true`, which is
 * recorded); POST /integration/deploys/:id/rollback re-activates an earlier
 * version; GET /integration/deploys/evidence gives each version's live
 * ratings; GET/PUT/DELETE /integration/deploys/split read, start and end a
 * traffic split between the active version and a baseline (split.ts). API
 * tokens need the `deploy` scope to change the deployed version or split.
 */
import {
  type DeployEvidence,
  DeployRequestSchema,
  type DeploySplit,
  DeploySplitRequestSchema,
  type DeployVersion,
  type Success,
} from "@promptune/contracts";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { HttpError, notFound } from "../errors";
import { requireDeployer, requireUser } from "../http/auth-guard";
import { liveEvidence } from "./evidence";
import { deployCandidate, gateVerdict } from "./gate";
import { SplitStore } from "./split";
import { VersionStore } from "./versions";

const VersionIdSchema = z.uuid();

/** The deploys feature plugin (registered under /api). */
export async function deployRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps;
  const versions = new VersionStore(db);
  const splits = new SplitStore(db);

  app.get("/integration/deploys", async (request): Promise<Success<DeployVersion[]>> => {
    const user = await requireDeployer(request);
    return { success: true, data: await versions.list(user.id) };
  });

  app.get("/integration/deploys/evidence", async (request): Promise<Success<DeployEvidence>> => {
    const user = await requireUser(request);
    return { success: true, data: await liveEvidence(db, user.id, await splits.get(user.id)) };
  });

  app.get("/integration/deploys/split", async (request): Promise<Success<DeploySplit | null>> => {
    const user = await requireDeployer(request);
    return { success: true, data: await splits.get(user.id) };
  });

  app.put("/integration/deploys/split", async (request): Promise<Success<DeploySplit>> => {
    const user = await requireDeployer(request);
    const body = DeploySplitRequestSchema.parse(request.body ?? {});
    const split = await splits.start(
      user.id,
      body.baseline_version_id,
      body.share_percent,
      user.email,
    );
    return { success: true, data: split };
  });

  app.delete(
    "/integration/deploys/split",
    async (request): Promise<Success<DeploySplit | null>> => {
      const user = await requireDeployer(request);
      const ended = await splits.get(user.id);
      if (!(await splits.end(user.id))) throw notFound("No split is running.");
      return { success: true, data: ended };
    },
  );

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
