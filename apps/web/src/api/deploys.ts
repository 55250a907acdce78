/**
 * Deploys of the after-bot (issue 25, items 3–4): deploy a run's
 * configuration through the held-out gate, list versions, roll back, read
 * each version's live evidence, and start or end a traffic split.
 */
import type {
  DeployEvidence,
  DeployRequest,
  DeploySplit,
  DeploySplitRequest,
  DeployVersion,
} from "@promptune/contracts";
import { ApiRequestError, api } from "./client";
import { lazySchema } from "./schemas";

const version = lazySchema((c) => c.DeployVersionSchema);
const versionList = lazySchema((c) => c.DeployVersionListSchema);
const evidence = lazySchema((c) => c.DeployEvidenceSchema);
const split = lazySchema((c) => c.DeploySplitSchema);
const splitState = lazySchema((c) => c.DeploySplitStateSchema);

/** Codes of the gate's 409: the user may confirm "Deploy anyway". */
const GATE_CODES = new Set(["held_out_below_zero", "held_out_unmeasured"]);

/** The gate's refusal reason when `error` is one, else undefined. */
export function gateRefusalOf(error: unknown): string | undefined {
  if (!(error instanceof ApiRequestError) || error.status !== 409) return undefined;
  return error.code && GATE_CODES.has(error.code) ? error.serverMessage : undefined;
}

/** POST /integration/deploys: deploys the run's configuration (rejects with the gate's 409). */
export function deployRun(body: DeployRequest): Promise<DeployVersion> {
  return api.post("/integration/deploys", body, { schema: version });
}

/** GET /integration/deploys: the caller's versions, newest first. */
export function listDeploys(signal?: AbortSignal): Promise<DeployVersion[]> {
  return api.get("/integration/deploys", { schema: versionList, ...(signal ? { signal } : {}) });
}

/** POST /integration/deploys/:id/rollback: makes that version what the after-bot serves. */
export function rollbackDeploy(id: string): Promise<DeployVersion> {
  return api.post(
    `/integration/deploys/${encodeURIComponent(id)}/rollback`,
    {},
    { schema: version },
  );
}

/** GET /integration/deploys/evidence: live ratings per version and of the before-bot. */
export function fetchDeployEvidence(signal?: AbortSignal): Promise<DeployEvidence> {
  return api.get("/integration/deploys/evidence", {
    schema: evidence,
    ...(signal ? { signal } : {}),
  });
}

/** PUT /integration/deploys/split: the active version serves `share_percent` of friends, the baseline the rest. */
export function startSplit(body: DeploySplitRequest): Promise<DeploySplit> {
  return api.put("/integration/deploys/split", body, { schema: split });
}

/** DELETE /integration/deploys/split: the active version serves everyone again. */
export function endSplit(): Promise<DeploySplit | null> {
  return api.delete("/integration/deploys/split", { schema: splitState });
}
