/**
 * `promptune optimize --server URL`: the run happens on a Promptune server,
 * so it appears in the web history. The CLI authenticates with a personal
 * API token with the run scope (PROMPTUNE_TOKEN), uploads a dataset file
 * (as `cli-<content hash>`, reused when already there), starts the run over
 * REST, polls it and prints its iterations and result. Ctrl-C cancels the
 * run on the server.
 */
import { type HistoryRecord, HistoryRecordSchema } from "@promptune/contracts";
import { z } from "zod";
import type { OptimizeArgs } from "./args";
import { UsageError } from "./args-common";
import type { CommandContext } from "./commands/context";
import { loadDatasetFile } from "./dataset-source";
import { EXIT } from "./exit-codes";
import { formatFrontier } from "./reporters/frontier";
import { percent } from "./reporters/progress";
import { apiClient, type ServerCall, ServerError, serverToken, uploadExamples } from "./server-api";
import { loadSubject } from "./subject";

/** The dataset name on the server: a bundled name, or a file uploaded under its content hash. */
async function serverDataset(args: OptimizeArgs, call: ServerCall) {
  const choice = args.dataset;
  if (choice.kind === "bundled") return choice.name;
  if (choice.kind !== "file") throw new UsageError("--server needs --dataset or --dataset-file");
  const { dataset } = await loadDatasetFile(choice.path, choice.metric);
  return uploadExamples(call, choice.path, choice.metric, dataset.examples);
}

/** Runs `optimize` on the server and returns the exit code. */
export async function runOptimizeOnServer(
  args: OptimizeArgs & { server: string },
  ctx: CommandContext,
): Promise<number> {
  const call = apiClient(args.server, serverToken(ctx.env));
  const subject = await loadSubject(args);
  const dataset_name = await serverDataset(args, call);
  const cost = args.maxCostUsd !== undefined ? { max_cost_usd: args.maxCostUsd } : {};
  const models = args.candidateModels;
  const request =
    subject.kind === "multi"
      ? {
          mode: "multi",
          ...subject.config,
          dataset_name,
          iterations: args.iterations,
          ...(models ? { candidate_models: { coordinator: models, workers: models } } : {}),
          ...cost,
        }
      : {
          mode: "single",
          prompt: subject.candidate.prompt,
          temperature: subject.candidate.temperature,
          model_name:
            subject.model ??
            (() => {
              throw new UsageError("--server needs --model MODEL (one the server offers)");
            })(),
          dataset_name,
          iterations: args.iterations,
          ...(models ? { candidate_models: models } : {}),
          ...cost,
        };
  const started = await call("POST", "/auto-tune/optimize/runs", request);
  const runId = z.object({ run_id: z.string() }).parse(started.data).run_id;
  if (!args.json)
    ctx.io.stdout(`Run ${runId} started on ${args.server}; it is in your web history.\n`);
  const pollMs = Number(ctx.env.PROMPTUNE_POLL_MS ?? 1000);
  let shown = 0;
  let record: HistoryRecord;
  for (;;) {
    if (ctx.signal?.aborted) {
      await call("POST", `/auto-tune/optimize/runs/${runId}/cancel`).catch(() => undefined);
      const err = new Error("cancelled");
      err.name = "AbortError";
      throw err;
    }
    record = HistoryRecordSchema.parse(
      (await call("GET", `/auto-tune/optimize/history/${runId}`)).data,
    );
    for (const step of record.steps.slice(shown))
      if (!args.json)
        ctx.io.stdout(
          `iteration ${step.step_number}/${args.iterations}  validation ${percent(step.validation_score)}${step.accepted ? "  accepted" : ""}\n`,
        );
    shown = record.steps.length;
    if (record.status !== "queued" && record.status !== "running") break;
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
  // the presented step at the temperature the run presents it at (the end's probe may move it)
  const presented =
    record.best_iteration != null && record.presented_temperature != null
      ? ` (iteration ${record.best_iteration} at temperature ${record.presented_temperature.toFixed(2)})`
      : "";
  if (args.json) ctx.io.stdout(`${JSON.stringify(record)}\n`);
  else
    ctx.io.stdout(
      `Run ${record.status}: best validation ${percent(record.best_score)}${presented}, held-out ${percent(record.test_score)} (initial ${percent(record.initial_score)})\n${record.frontier ? formatFrontier(record.frontier) : ""}`,
    );
  if (record.status === "completed") return EXIT.ok;
  if (record.status === "cancelled") return EXIT.cancelled;
  throw new ServerError(`the run failed on the server: ${record.error ?? "no reason given"}`);
}
