/**
 * `promptune deploy`, `promptune rollback` and `promptune datasets pull`
 * (issue 25, item 5) against a Promptune server with the API token in
 * PROMPTUNE_TOKEN: deploy needs the token's `deploy` scope; the gate's
 * refusal exits 1 with its reason (`--override` deploys anyway, recorded).
 */
import { writeFile } from "node:fs/promises";
import { type DeployVersion, DeployVersionSchema } from "@promptune/contracts";
import { UsageError } from "../args-common";
import type { DeployArgs, PullArgs, RollbackArgs } from "../args-deploy";
import { EXIT } from "../exit-codes";
import { apiClient, ServerError, serverToken } from "../server-api";
import type { CommandContext } from "./context";

type Ctx = CommandContext & { env: Record<string, string | undefined> };

const GATE_CODES = new Set(["held_out_below_zero", "held_out_unmeasured"]);

/** One version as a line of text. */
function describe(v: DeployVersion): string {
  const point = v.frontier_point !== null ? `frontier point ${v.frontier_point + 1}` : "";
  const from = v.run_id
    ? `run ${v.run_id}, ${point || `iteration ${v.iteration ?? "?"}`}`
    : "the Integration page";
  const h = v.held_out;
  const heldOut = h
    ? `held-out difference ${(h.difference * 100).toFixed(1)} pts (95 % CI ${(h.ci_low * 100).toFixed(1)} to ${(h.ci_high * 100).toFixed(1)})`
    : "no held-out measurement";
  return `version ${v.number} (${v.id}) from ${from}: ${v.model_name} at temperature ${v.temperature}, ${heldOut}${v.override_confirmed ? ", deployed past the gate (recorded)" : ""}`;
}

/** Deploys a run's configuration to the after-bot; exit 1 when the gate refuses. */
export async function runDeploy(args: DeployArgs, ctx: Ctx): Promise<number> {
  const call = apiClient(args.server, serverToken(ctx.env), ctx.signal);
  const res = await call("POST", "/integration/deploys", {
    run_id: args.runId,
    ...(args.iteration !== undefined ? { iteration: args.iteration } : {}),
    // --frontier-point counts rows from 1, as the table shows them; the API takes the index.
    ...(args.frontierPoint !== undefined ? { frontier_point: args.frontierPoint - 1 } : {}),
    ...(args.override ? { override: true } : {}),
  });
  if (res.status === 409) {
    if (!res.code || !GATE_CODES.has(res.code)) throw new UsageError(res.message ?? "conflict");
    ctx.io.stderr(
      `promptune: the deploy gate refused: ${res.message ?? res.code}\nRe-run with --override to deploy anyway (recorded on the version).\n`,
    );
    return EXIT.thresholdFailed;
  }
  const version = DeployVersionSchema.parse(res.data);
  ctx.io.stdout(
    args.json
      ? `${JSON.stringify(version)}\n`
      : `Deployed ${describe(version)}. The after-bot answers with it now.\n`,
  );
  return EXIT.ok;
}

/** Makes an earlier version what the after-bot serves. */
export async function runRollback(args: RollbackArgs, ctx: Ctx): Promise<number> {
  const call = apiClient(args.server, serverToken(ctx.env), ctx.signal);
  const res = await call(
    "POST",
    `/integration/deploys/${encodeURIComponent(args.versionId)}/rollback`,
    {},
  );
  if (res.status === 409) throw new UsageError(res.message ?? "conflict");
  const version = DeployVersionSchema.parse(res.data);
  ctx.io.stdout(
    args.json
      ? `${JSON.stringify(version)}\n`
      : `Rolled back: the after-bot answers with ${describe(version)}.\n`,
  );
  return EXIT.ok;
}

/** Downloads the caller's Feedback dataset(s) as JSONL, to --out or stdout. */
export async function runPull(args: PullArgs, ctx: Ctx): Promise<number> {
  const token = serverToken(ctx.env);
  const base = `${args.server.replace(/\/+$/, "")}/api`;
  let text = "";
  for (const name of args.names) {
    let response: Response;
    try {
      response = await fetch(`${base}/feedback/${name}/jsonl`, {
        headers: { authorization: `Bearer ${token}` },
        ...(ctx.signal ? { signal: ctx.signal } : {}),
      });
    } catch (err) {
      if (ctx.signal?.aborted) throw err;
      throw new ServerError(`cannot reach the server ${args.server}: ${(err as Error).message}`);
    }
    if (response.status >= 500) throw new ServerError(`the server answered ${response.status}`);
    if (!response.ok) {
      const body = (await response.json().catch(() => null)) as {
        error?: { message?: string };
      } | null;
      throw new UsageError(
        `the server refused the ${name} download (${response.status}): ${body?.error?.message ?? ""}`,
      );
    }
    text += await response.text();
  }
  const count = text.split("\n").filter(Boolean).length;
  if (args.out) {
    await writeFile(args.out, text, "utf8");
    ctx.io.stderr(`Wrote ${count} examples to ${args.out}\n`);
  } else ctx.io.stdout(text);
  return EXIT.ok;
}
