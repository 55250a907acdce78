/**
 * `promptune eval --server URL`: the prompt is scored by a Promptune server
 * (`POST /api/evals`, a run-scoped API token from PROMPTUNE_TOKEN) on the
 * same examples a local eval scores — a dataset file's held-out split is cut
 * here, by example ids, and only those examples are uploaded — and the report
 * goes through the same gates, outputs, JUnit and exit codes as a local eval.
 * Ctrl-C aborts the request (the server stops scoring) and writes the partial
 * reports marked interrupted; a server failure writes them marked
 * provider_failed and exits 3.
 */
import { type DatasetExample, type EvalReport, EvalReportSchema } from "@promptune/contracts";
import type { EvalArgs } from "./args";
import { UsageError } from "./args-common";
import { checkGates } from "./checks";
import type { CommandContext } from "./commands/context";
import { evalExamples, finishEval, readBaseline } from "./commands/eval";
import { type CliDataset, loadDataset } from "./dataset-source";
import { meanInterval } from "./eval/interval";
import { apiClient, type ServerCall, serverToken, uploadExamples } from "./server-api";
import { loadSubject } from "./subject";

/** The dataset and split to ask the server for: bundled ones by name, files as their examples. */
async function serverDataset(
  args: EvalArgs,
  source: CliDataset,
  examples: DatasetExample[],
  call: ServerCall,
): Promise<{ dataset_name: string; split: "held-out" | "all" }> {
  const choice = args.dataset;
  if (choice.kind === "bundled")
    return { dataset_name: choice.name, split: args.all ? "all" : "held-out" };
  if (choice.kind !== "file") throw new UsageError("--server needs --dataset or --dataset-file");
  const name = await uploadExamples(call, choice.path, source.dataset.metric, examples);
  return { dataset_name: name, split: "all" };
}

function abortError(): Error {
  const err = new Error("cancelled");
  err.name = "AbortError";
  return err;
}

/** Runs `promptune eval` on the server and returns its exit code. */
export async function runEvalOnServer(
  args: EvalArgs & { server: string },
  ctx: CommandContext,
): Promise<number> {
  if (args.repeat > 1) throw new UsageError("--repeat is not available with --server");
  if (args.concurrency !== undefined)
    throw new UsageError("--concurrency applies to local evals; the server keeps its own limits");
  const token = serverToken(ctx.env);
  const baseline = await readBaseline(args);
  const subject = await loadSubject(args);
  if (subject.kind === "multi")
    throw new UsageError("--server scores one prompt: use --prompt or --prompt-file, not --agents");
  if (!subject.model) throw new UsageError("--server needs --model MODEL (one the server offers)");
  const source = await loadDataset(args.dataset, ctx);
  const examples = evalExamples(source, args.all);
  const signal = ctx.signal ?? new AbortController().signal;
  const call = apiClient(args.server, token, signal);
  const startedAt = new Date().toISOString();
  const partial = (status: "interrupted" | "provider_failed", error: string): EvalReport => ({
    type: "eval",
    dataset: source.ref,
    split: args.all ? "all" : "held-out",
    model: subject.model ?? null,
    configuration: subject.candidate,
    temperature: subject.candidate.temperature,
    score: 0,
    interval: null,
    pass_score: args.passScore,
    examples: examples.length,
    passed: 0,
    results: [],
    repeat: 1,
    usage: { calls: 0, input_tokens: 0, output_tokens: 0, cost_usd: 0, cached_calls: 0 },
    status,
    error,
    started_at: startedAt,
    duration_ms: Date.now() - Date.parse(startedAt),
  });
  let report: EvalReport;
  let stoppedBy: unknown;
  try {
    const target = await serverDataset(args, source, examples, call);
    const answer = await call("POST", "/evals", {
      ...target,
      prompt: subject.candidate.prompt,
      model_name: subject.model,
      temperature: subject.candidate.temperature,
      pass_score: args.passScore,
    });
    const scored = EvalReportSchema.parse(answer.data);
    // the local dataset reference (not the uploaded copy's name), so baselines compare alike
    report = {
      ...scored,
      dataset: source.ref,
      split: args.all ? "all" : "held-out",
      interval: meanInterval(scored.results.map((r) => r.score)).interval,
    };
  } catch (err) {
    if (err instanceof UsageError) throw err;
    if (signal.aborted) {
      stoppedBy = abortError();
      report = partial("interrupted", "cancelled with Ctrl-C");
    } else if (err instanceof Error && err.name === "ServerError") {
      stoppedBy = err;
      report = partial("provider_failed", err.message);
    } else throw err;
  }
  const checks = checkGates(report, {
    minScore: args.minScore,
    gateOn: args.gateOn,
    baseline,
    maxDrop: args.maxDrop,
    examplesMustPass: args.passScoreIsGate,
  });
  return finishEval([{ report, checks }], { args, ctx, baseline, stoppedBy });
}
