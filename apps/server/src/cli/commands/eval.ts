/**
 * `promptune eval`: scores one configuration on a dataset's held-out split
 * (or every example), lists the failing examples, writes JSON / JUnit
 * reports and applies the --min-score and --baseline/--max-drop gates.
 */
import {
  CliBaselineFileSchema,
  type DatasetExample,
  type EvalExampleResult,
  type EvalReport,
} from "@promptune/contracts";
import {
  createScorer,
  evaluateCandidate,
  type ModeAdapter,
  meanScore,
  multiAgentAdapter,
  type Scorer,
  singleAgentAdapter,
  splitDataset,
} from "@promptune/engine";
import type { LlmGateway } from "../../llm";
import { toUsage } from "../../runs/mapping";
import type { EvalArgs } from "../args";
import { UsageError } from "../args-common";
import { baselineMismatch, baselineOf, checkGates } from "../checks";
import { loadDataset } from "../dataset-source";
import { EXIT } from "../exit-codes";
import { readJsonFile, writeUserFile } from "../files";
import { evalReportText } from "../reporters/eval-text";
import { toJunitXml } from "../reporters/junit";
import { Progress, resolveProgressMode } from "../reporters/progress";
import { createCliGateway, loadSubject, multiConfiguration, singleConfiguration } from "../subject";
import type { CommandContext } from "./context";

/** Scores `candidate` on every example, reporting progress per scored example. */
async function scoreAll<C>(
  adapter: ModeAdapter<C>,
  candidate: C,
  examples: readonly DatasetExample[],
  judge: Scorer,
  gateway: LlmGateway,
  progress: Progress,
  signal: AbortSignal,
) {
  let scored = 0;
  const tick = () =>
    progress.update({
      unit: "example",
      done: scored,
      total: examples.length,
      usage: gateway.totals(),
    });
  const scorer: Scorer = async (example, reply, scorerSignal) => {
    const verdict = await judge(example, reply, scorerSignal);
    scored++;
    tick();
    return verdict;
  };
  tick();
  const stage = await evaluateCandidate(
    { adapter, llm: gateway, scorer, scorerDepth: 0 },
    candidate,
    examples,
    signal,
  );
  progress.done();
  return stage.evaluations;
}

/** Runs `promptune eval` and returns its exit code. */
export async function runEval(args: EvalArgs, ctx: CommandContext): Promise<number> {
  const { dataset, ref } = await loadDataset(args.dataset, ctx);
  const subject = await loadSubject(args);
  // Read the baseline before spending any model call: a bad file is exit 2.
  const baseline = args.baseline
    ? baselineOf(
        args.baseline,
        await readJsonFile(args.baseline, "--baseline", CliBaselineFileSchema),
      )
    : undefined;
  // Held-out examples in file order, so reports read like the dataset.
  const position = new Map(dataset.examples.map((e, i) => [e.id, i]));
  const examples = args.all
    ? dataset.examples
    : splitDataset(dataset.name, dataset.examples).test.sort(
        (a, b) => (position.get(a.id) ?? 0) - (position.get(b.id) ?? 0),
      );
  if (!examples.length)
    throw new UsageError(`${dataset.name} has no held-out examples; use --all to score every one`);

  const gateway = createCliGateway(ctx.env, args.concurrency);
  let report: EvalReport;
  try {
    const model = subject.kind === "single" ? (subject.model ?? gateway.defaultModel) : null;
    const progress = new Progress(
      ctx.io,
      resolveProgressMode(args.progress, ctx.io, args.json),
      Math.max(1, Math.ceil(examples.length / 10)),
    );
    const judge = createScorer({
      metric: dataset.metric,
      llm: gateway,
      judgeModel: gateway.roles.judge,
      examples,
    });
    const signal = ctx.signal ?? new AbortController().signal;
    const reflectionModel = gateway.roles.reflection;
    const configuration =
      subject.kind === "multi"
        ? multiConfiguration(subject.config)
        : singleConfiguration(subject.candidate);
    const evaluations =
      subject.kind === "multi"
        ? await scoreAll(
            multiAgentAdapter({ reflectionModel }),
            subject.config,
            examples,
            judge,
            gateway,
            progress,
            signal,
          )
        : await scoreAll(
            singleAgentAdapter({
              model: model ?? gateway.defaultModel,
              reflectionModel,
              tuneTemperature: false,
            }),
            subject.candidate,
            examples,
            judge,
            gateway,
            progress,
            signal,
          );
    const results: EvalExampleResult[] = evaluations.map((e, i) => ({
      id: examples[i]?.id ?? String(i),
      score: e.score,
      passed: e.score >= args.passScore,
      feedback: e.feedback,
      reply: e.reply,
    }));
    report = {
      type: "eval",
      dataset: ref,
      split: args.all ? "all" : "held-out",
      model,
      configuration,
      score: meanScore(results.map((r) => r.score)),
      pass_score: args.passScore,
      examples: results.length,
      passed: results.filter((r) => r.passed).length,
      results,
      usage: toUsage(gateway.totals()),
    };
  } finally {
    await gateway.close();
  }

  const checks = checkGates(report, {
    minScore: args.minScore,
    baseline,
    maxDrop: args.maxDrop,
  });
  if (args.output)
    await writeUserFile(args.output, `${JSON.stringify(report, null, 2)}\n`, "--output");
  if (args.junit) await writeUserFile(args.junit, toJunitXml(report, checks), "--junit");
  const mismatch = baseline ? baselineMismatch(report, baseline) : null;
  if (mismatch) ctx.io.stderr(`${mismatch}\n`);
  if (args.json) ctx.io.stdout(`${JSON.stringify(report)}\n`);
  else ctx.io.stdout(`${evalReportText(report, checks)}\n`);
  const failed = checks.filter((c) => c.failure);
  if (args.json) for (const c of failed) ctx.io.stderr(`promptune: ${c.failure}\n`);
  return failed.length ? EXIT.thresholdFailed : EXIT.ok;
}
