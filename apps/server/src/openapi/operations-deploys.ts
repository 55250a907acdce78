/** OpenAPI entries of the after-bot's versioned deploys (issue 25, items 3–4). */
import {
  DeployEvidenceSchema,
  DeployRequestSchema,
  DeploySplitRequestSchema,
  DeploySplitSchema,
  DeploySplitStateSchema,
  DeployVersionListSchema,
  DeployVersionSchema,
} from "@promptune/contracts";
import type { Operation } from "./operation";

/** Deploy, list, roll back, split traffic, and the live evidence per version. */
export const DEPLOY_OPERATIONS: Operation[] = [
  {
    method: "get",
    path: "/integration/deploys",
    tag: "Deploys",
    summary: "Your after-bot's deployed versions, newest first (who, what, when, which is active)",
    auth: "read",
    data: DeployVersionListSchema,
  },
  {
    method: "post",
    path: "/integration/deploys",
    tag: "Deploys",
    summary:
      "Deploy a finished single-agent run's configuration to the after-bot; 409 (code held_out_below_zero or held_out_unmeasured) with the reason unless override is true, which is recorded",
    auth: "deploy",
    body: DeployRequestSchema,
    data: DeployVersionSchema,
    status: 201,
  },
  {
    method: "post",
    path: "/integration/deploys/{id}/rollback",
    tag: "Deploys",
    summary: "Make an earlier version what the after-bot serves again (no copy is made)",
    auth: "deploy",
    data: DeployVersionSchema,
  },
  {
    method: "get",
    path: "/integration/deploys/evidence",
    tag: "Deploys",
    summary:
      "Live evidence per version from the bots' ratings: conversations, replies, 👍 rate with its Wilson 95 % interval, 👎 notes; the before-bot's beside them",
    auth: "read",
    data: DeployEvidenceSchema,
  },
  {
    method: "get",
    path: "/integration/deploys/split",
    tag: "Deploys",
    summary:
      "The after-bot's live traffic split (active version's share, baseline version and its share), or null when the active version serves everyone",
    auth: "read",
    data: DeploySplitStateSchema,
  },
  {
    method: "put",
    path: "/integration/deploys/split",
    tag: "Deploys",
    summary:
      "Start or replace a split: the active version serves share_percent (1–99) of the people talking to the after-bot, by a stable hash of the sender, and the baseline version the rest; 404 for a version that is not yours, 400 when the baseline is the active version; any deploy or rollback ends it",
    auth: "deploy",
    body: DeploySplitRequestSchema,
    data: DeploySplitSchema,
  },
  {
    method: "delete",
    path: "/integration/deploys/split",
    tag: "Deploys",
    summary: "End the split (the active version serves everyone again); 404 when none runs",
    auth: "deploy",
    data: DeploySplitStateSchema,
  },
];
