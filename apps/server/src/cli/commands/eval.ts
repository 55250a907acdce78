/**
 * `promptune eval`: scores one configuration — or, with a config file, every
 * prompt × model pair — on a dataset's held-out split (or every example),
 * lists the failing examples, writes the reports (--output by extension,
 * --junit, $GITHUB_STEP_SUMMARY) and applies the gates. Ctrl-C and a
 * provider failure still write the reports, marked partial, before the
 * command exits 130 or 3.
 */
import { CliBaselineFileSchema, type DatasetExample, type EvalReport } from "@promptune/contracts";
import { createScorer, type Scorer } from "@promptune/engine";
import type { LlmGateway } from "../../llm";
import { toUsage } from "../../runs/mapping";
import type { EvalArgs } from "../args";
import { UsageError } from "../args-common";
import { type Baseline, baselineMismatch, baselineOf, checkGates } from "../checks";
import { type CliDataset, cliSplit, loadDataset } from "../dataset-source";
import { scoreCell } from "../eval/cell";
import { type EvalCell, singleCell } from "../eval/cells";
import { meanInterval } from "../eval/interval";
import { EXIT } from "../exit-codes";
import { readJsonFile } from "../files";
import { evalReportText } from "../reporters/eval-text";
import type { CheckCase } from "../reporters/junit";
import { comparisonTable, writeEvalOutputs } from "../reporters/outputs";
import { Progress, resolveProgressMode } from "../reporters/progress";
import { createCliGateway } from "../subject";
import type { CommandContext } from "./context";

/** The examples an eval scores: every one with --all, else the held-out split in file order. */
export function evalExamples(source: CliDataset, all: boolean): DatasetExample[] {
  const { dataset } = source;
  if (all) return dataset.examples;
  const position = new Map(dataset.examples.map((e, i) => [e.id, i]));
  const held = cliSplit(source).test.sort(
    (a, b) => (position.get(a.id) ?? 0) - (position.get(b.id) ?? 0),
  );
  if (!held.length)
    throw new UsageError(`${dataset.name} has no held-out examples; use --all to score every one`);
  return held;
}

/** Scores one cell and turns the outcome into a report (partial when the cell stopped early). */
async function evaluateCell(
  cell: EvalCell,
  setup: {
    args: EvalArgs;
    ctx: CommandContext;
    source: CliDataset;
    examples: DatasetExample[];
    gateway: LlmGateway;
    scorer: Scorer;
    signal: AbortSignal;
  },
): Promise<{ report: EvalReport; error?: unknown }> {
  const { args, ctx, source, examples, gateway } = setup;
  const before = gateway.totals();
  const startedAt = new Date().toISOString();
  const progress = new Progress(
    ctx.io,
    resolveProgressMode(args.progress, ctx.io, args.json),
    Math.max(1, Math.ceil((examples.length * args.repeat) / 10)),
  );
  const outcome = await scoreCell({
    ...cell.runner(gateway),
    examples,
    scorer: setup.scorer,
    gateway,
    progress,
    signal: setup.signal,
    repeat: args.repeat,
    passScore: args.passScore,
  });
  const after = gateway.totals();
  const { mean, interval } = meanInterval(outcome.results.map((r) => r.score));
  const report: EvalReport = {
    type: "eval",
    dataset: source.ref,
    split: args.all ? "all" : "held-out",
    model: cell.model,
    configuration: cell.configuration,
    temperature: cell.temperature,
    score: mean,
    interval,
    pass_score: args.passScore,
    examples: examples.length,
    passed: outcome.results.filter((r) => r.passed).length,
    results: outcome.results,
    repeat: args.repeat,
    usage: toUsage({
      calls: after.calls - before.calls,
      inputTokens: after.inputTokens - before.inputTokens,
      outputTokens: after.outputTokens - before.outputTokens,
      costUsd: after.costUsd - before.costUsd,
      cachedCalls: after.cachedCalls - before.cachedCalls,
    }),
    status: outcome.status,
    ...(outcome.error !== undefined
      ? { error: outcome.error instanceof Error ? outcome.error.message : String(outcome.error) }
      : {}),
    started_at: startedAt,
    duration_ms: Math.round(outcome.durationMs),
  };
  return { report, error: outcome.error };
}

/** What a config file adds to an eval: its cells and its assertions' scorer. */
export interface EvalPlan {
  cells: EvalCell[];
  /** The scorer replacing the dataset's metric, built once the gateway exists. */
  scorer?: (gateway: LlmGateway) => Promise<Scorer | undefined>;
}

/** Runs `promptune eval` and returns its exit code. */
export async function runEval(
  args: EvalArgs,
  ctx: CommandContext,
  plan?: EvalPlan,
): Promise<number> {
  const source = await loadDataset(args.dataset, ctx);
  const toRun = plan?.cells ?? [await singleCell(args)];
  // Read the baseline before spending any model call: a bad file is exit 2.
  const baseline = await readBaseline(args);
  const examples = evalExamples(source, args.all);
  const gateway = createCliGateway(ctx.env, {
    concurrency: args.concurrency,
    // --repeat asks the model again: cached answers would only repeat the first one
    cacheDir: args.repeat > 1 ? undefined : args.cacheDir,
  });
  const runs: Array<{ report: EvalReport; checks: CheckCase[] }> = [];
  let stoppedBy: unknown;
  try {
    const scorer =
      (await plan?.scorer?.(gateway)) ??
      createScorer({
        metric: source.dataset.metric,
        llm: gateway,
        judgeModel: gateway.roles.judge,
        examples,
      });
    const signal = ctx.signal ?? new AbortController().signal;
    for (const cell of toRun) {
      const { report, error } = await evaluateCell(cell, {
        args,
        ctx,
        source,
        examples,
        gateway,
        scorer: cell.scorer ?? scorer,
        signal,
      });
      const checks = checkGates(report, {
        minScore: cell.minScore ?? args.minScore,
        gateOn: args.gateOn,
        baseline,
        maxDrop: args.maxDrop,
        examplesMustPass: args.passScoreIsGate,
      });
      runs.push({ report, checks });
      if (error !== undefined) {
        stoppedBy = error;
        break;
      }
    }
  } finally {
    await gateway.close();
  }

  return finishEval(runs, { args, ctx, baseline, stoppedBy });
}

/** Reads the --baseline file, if any, before any model call: a bad file is exit 2. */
export async function readBaseline(args: EvalArgs): Promise<Baseline | undefined> {
  return args.baseline
    ? baselineOf(
        args.baseline,
        await readJsonFile(args.baseline, "--baseline", CliBaselineFileSchema),
      )
    : undefined;
}

/**
 * What every eval does with its reports, local or on a server: writes
 * --output, --junit and the job summary (partial ones too), rethrows the
 * failure that stopped it, prints the text or JSON and returns the exit code
 * of the gates.
 */
export async function finishEval(
  runs: Array<{ report: EvalReport; checks: CheckCase[] }>,
  setup: { args: EvalArgs; ctx: CommandContext; baseline?: Baseline; stoppedBy?: unknown },
): Promise<number> {
  const { args, ctx, baseline, stoppedBy } = setup;
  await writeEvalOutputs(runs, {
    output: args.output,
    junit: args.junit,
    examplesAreGates: args.passScoreIsGate,
    stepSummary: ctx.env.GITHUB_STEP_SUMMARY,
  });
  if (stoppedBy !== undefined) throw stoppedBy;

  for (const { report } of runs) {
    const mismatch = baseline ? baselineMismatch(report, baseline) : null;
    if (mismatch) ctx.io.stderr(`${mismatch}\n`);
  }
  if (args.json) {
    const body =
      runs.length === 1
        ? runs[0]?.report
        : { type: "eval-matrix", reports: runs.map((r) => r.report) };
    ctx.io.stdout(`${JSON.stringify(body)}\n`);
  } else if (runs.length === 1 && runs[0]) {
    ctx.io.stdout(`${evalReportText(runs[0].report, runs[0].checks)}\n`);
  } else {
    ctx.io.stdout(`${comparisonTable(runs)}\n`);
  }
  const failed = runs.flatMap((r) => r.checks.filter((c) => c.failure));
  if (args.json) for (const c of failed) ctx.io.stderr(`promptune: ${c.failure}\n`);
  return failed.length ? EXIT.thresholdFailed : EXIT.ok;
}
