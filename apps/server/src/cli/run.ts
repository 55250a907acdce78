/**
 * The `promptune` command line: `optimize` runs the same engine and LLM
 * gateway as the server against a bundled dataset; `datasets` lists them.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { MultiAgentConfigSchema } from "@promptune/contracts";
import {
  type BundledDataset,
  type FinalResult,
  type IterationResult,
  isAbortError,
  type LlmUsage,
  loadBundledDatasets,
  type OptimisationRun,
  optimizeMultiAgent,
  optimizeSingleAgent,
} from "@promptune/engine";
import { findDatasetsDir } from "../datasets/location";
import { createLlmGateway, parseLlmConfig } from "../llm";
import { type CliArgs, HELP, type OptimizeArgs, parseCliArgs, UsageError } from "./args";
import { type CliIo, Progress, percent } from "./progress";

/** What the CLI runs with; tests inject their own. */
export interface CliContext {
  io: CliIo;
  env: Record<string, string | undefined>;
  /** Folder holding datasets/index.json; default: found from this module or DATASETS_DIR. */
  datasetsDir?: string;
  signal?: AbortSignal;
}

/** Runs the CLI and returns the process exit code. */
export async function runCli(argv: string[], ctx: CliContext): Promise<number> {
  let args: CliArgs;
  try {
    args = parseCliArgs(argv);
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    ctx.io.stderr(`promptune: ${err.message}\n\n${HELP}\n`);
    return 2;
  }
  try {
    if (args.command === "help") {
      ctx.io.stdout(`${HELP}\n`);
      return 0;
    }
    const datasets = await loadBundledDatasets((file) =>
      readFile(join(ctx.datasetsDir ?? findDatasetsDir(ctx.env.DATASETS_DIR), file), "utf8"),
    );
    if (args.command === "datasets") return listDatasets(datasets, args.json, ctx.io);
    return await optimize(args, datasets, ctx);
  } catch (err) {
    if (err instanceof UsageError) {
      ctx.io.stderr(`promptune: ${err.message}\n`);
      return 2;
    }
    if (isAbortError(err)) {
      ctx.io.stderr("\npromptune: cancelled\n");
      return 130;
    }
    ctx.io.stderr(`promptune: ${(err as Error).message}\n`);
    return 1;
  }
}

function listDatasets(datasets: BundledDataset[], json: boolean, io: CliIo): number {
  for (const d of datasets) {
    const row = {
      name: d.name,
      title: d.entry.title,
      metric: d.metric,
      size: d.examples.length,
      description: d.entry.description,
    };
    io.stdout(
      json
        ? `${JSON.stringify(row)}\n`
        : `${d.name.padEnd(22)} ${String(d.examples.length).padStart(4)} examples  ${d.metric.padEnd(8)} ${d.entry.title}\n`,
    );
  }
  return 0;
}

function usageLine(u: LlmUsage): string {
  return `${u.calls} calls (${u.cachedCalls} cached), ${u.inputTokens} input / ${u.outputTokens} output tokens, $${u.costUsd.toFixed(4)}`;
}

function snakeUsage(u: LlmUsage) {
  return {
    calls: u.calls,
    input_tokens: u.inputTokens,
    output_tokens: u.outputTokens,
    cost_usd: Math.round(u.costUsd * 1e6) / 1e6,
    cached_calls: u.cachedCalls,
  };
}

async function optimize(
  args: OptimizeArgs,
  datasets: BundledDataset[],
  ctx: CliContext,
): Promise<number> {
  const dataset = datasets.find((d) => d.name === args.dataset);
  if (!dataset) {
    throw new UsageError(
      `unknown dataset "${args.dataset}"; bundled: ${datasets.map((d) => d.name).join(", ")}`,
    );
  }
  const prompt = args.promptFile ? await readFile(args.promptFile, "utf8") : args.prompt;
  const agents = args.agentsFile
    ? MultiAgentConfigSchema.parse(JSON.parse(await readFile(args.agentsFile, "utf8")))
    : undefined;
  const gateway = createLlmGateway(parseLlmConfig(ctx.env));
  try {
    const model = args.model ?? gateway.defaultModel;
    const common = {
      llm: gateway,
      models: { judge: gateway.roles.judge, reflection: gateway.roles.reflection },
      dataset: { name: dataset.name, metric: dataset.metric, examples: dataset.examples },
      iterations: args.iterations,
      seed: args.seed,
      concurrency: args.concurrency,
      maxCalls: args.maxCalls,
      signal: ctx.signal,
    };
    if (agents) {
      const run = optimizeMultiAgent({ ...common, config: agents });
      return await report(run, args, ctx.io, (c) => ({
        prompt: c["master-agent"].prompt,
        temperature: c["master-agent"].temperature,
        agents: c,
      }));
    }
    const run = optimizeSingleAgent({
      ...common,
      model,
      prompt: prompt ?? "",
      temperature: args.temperature,
    });
    return await report(run, args, ctx.io, (c) => ({
      prompt: c.prompt,
      temperature: c.temperature,
    }));
  } finally {
    await gateway.close();
  }
}

type Describe<C> = (c: C) => { prompt: string; temperature: number; agents?: unknown };

async function report<C>(
  run: OptimisationRun<C>,
  args: OptimizeArgs,
  io: CliIo,
  describe: Describe<C>,
): Promise<number> {
  const progress = new Progress(
    args.json ? { ...io, interactive: false, stderr: () => {} } : io,
    args.iterations + 1,
  );
  progress.update(0, "scoring the initial prompt on the validation set…");
  let step = await run.next();
  while (!step.done) {
    printIteration(step.value, args, progress, io, describe);
    const best = Math.max(
      step.value.validationScore,
      ...step.value.checkpoint.candidates.map((c) => c.score),
    );
    progress.update(step.value.iteration + 1, `best ${percent(best)}`);
    step = await run.next();
  }
  progress.done();
  printFinal(step.value, args, io, describe);
  return 0;
}

function printIteration<C>(
  r: IterationResult<C>,
  args: OptimizeArgs,
  progress: Progress,
  io: CliIo,
  describe: Describe<C>,
) {
  const d = describe(r.config);
  if (args.json) {
    io.stdout(
      `${JSON.stringify({
        type: "iteration",
        iteration: r.iteration,
        ...d,
        validation_score: r.validationScore,
        accepted: r.accepted,
        parent: r.parent,
        component: r.component,
        evaluation_point: r.evaluationPoint,
        embedding_point: r.embeddingPoint,
        budget_exhausted: r.budgetExhausted,
        usage: snakeUsage(r.usage),
      })}\n`,
    );
    return;
  }
  const what =
    r.iteration === 0
      ? "initial prompt"
      : r.accepted
        ? `accepted (from iteration ${r.parent}, changed ${r.component})`
        : `no improvement accepted; best so far is iteration ${r.candidateIteration}${r.budgetExhausted ? " (call budget reached)" : ""}`;
  progress.line(
    `iteration ${String(r.iteration).padStart(2)}/${args.iterations}  validation ${percent(r.validationScore).padStart(6)}  ${what}  [${r.usage.calls} calls]`,
  );
}

function printFinal<C>(f: FinalResult<C>, args: OptimizeArgs, io: CliIo, describe: Describe<C>) {
  const best = describe(f.best.config);
  if (args.json) {
    io.stdout(
      `${JSON.stringify({
        type: "final",
        ...best,
        best_iteration: f.best.iteration,
        initial_score: f.initial.validationScore,
        best_validation_score: f.best.validationScore,
        test_score: f.testScore,
        initial_test_score: f.initialTestScore,
        test_size: f.testSize,
        prompts: f.prompts,
        totalIterations: f.totalIterations,
        budget_exhausted: f.budgetExhausted,
        usage: snakeUsage(f.usage),
      })}\n`,
    );
    return;
  }
  io.stdout(
    [
      "",
      `Best: iteration ${f.best.iteration}, validation ${percent(f.best.validationScore)} (initial ${percent(f.initial.validationScore)})`,
      `Held-out test (${f.testSize} examples): ${percent(f.testScore)} (initial ${percent(f.initialTestScore)})`,
      `Usage: ${usageLine(f.usage)}${f.budgetExhausted ? " — call budget reached" : ""}`,
      `Temperature: ${best.temperature.toFixed(2)}`,
      "",
      best.agents ? "Final configuration:" : "Final prompt:",
      best.agents ? JSON.stringify(best.agents, null, 2) : best.prompt,
      "",
    ].join("\n"),
  );
}
