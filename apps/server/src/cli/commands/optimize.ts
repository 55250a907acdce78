/**
 * `promptune optimize`: runs the same engine and LLM gateway as the server
 * on a bundled dataset or a local file, prints progress and results, and
 * with --output writes the whole result (every configuration, its scores,
 * the held-out comparison, usage) as JSON.
 */
import { randomUUID } from "node:crypto";
import {
  type CliConfiguration,
  type CliDatasetRef,
  type CliIteration,
  CliOptimizeOutputSchema,
  type FinalResult,
} from "@promptune/contracts";
import {
  type FinalResult as EngineFinal,
  type OptimisationRun,
  optimizeMultiAgent,
  optimizeSingleAgent,
} from "@promptune/engine";
import type { LlmGateway } from "../../llm";
import { estimateRequest } from "../../runs/estimate";
import { multiFinal, singleFinal, toUsage } from "../../runs/mapping";
import type { OptimizeArgs } from "../args";
import { loadDataset } from "../dataset-source";
import { EXIT } from "../exit-codes";
import { writeUserFile } from "../files";
import { formatEstimate } from "../reporters/estimate";
import { finalJson, finalText, iterationJson, iterationText } from "../reporters/optimize-text";
import { Progress, percent, resolveProgressMode } from "../reporters/progress";
import { createCliGateway, loadSubject, multiConfiguration, singleConfiguration } from "../subject";
import type { CommandContext } from "./context";

/** How one mode's candidates are reported. */
interface RunView<C> {
  model: string | null;
  configurationOf: (c: C) => CliConfiguration;
  finalOf: (f: EngineFinal<C>) => FinalResult;
}

/** How often the bar refreshes calls, tokens and cost during an iteration. */
const BAR_REFRESH_MS = 500;

async function drive<C>(
  run: OptimisationRun<C>,
  view: RunView<C>,
  setup: { args: OptimizeArgs; ctx: CommandContext; ref: CliDatasetRef; gateway: LlmGateway },
): Promise<number> {
  const { args, ctx, ref, gateway } = setup;
  const mode = resolveProgressMode(args.progress, ctx.io, args.json);
  const progress = new Progress(ctx.io, mode);
  let state = {
    unit: "iteration",
    done: 0,
    total: args.iterations,
    note: "scoring the initial configuration…",
  };
  const show = () => progress.update({ ...state, usage: gateway.totals() });
  show();
  const timer = mode === "bar" ? setInterval(show, BAR_REFRESH_MS) : undefined;
  timer?.unref();
  const iterations: CliIteration[] = [];
  try {
    let step = await run.next();
    while (!step.done) {
      const r = step.value;
      const configuration = view.configurationOf(r.config);
      iterations.push({
        iteration: r.iteration,
        configuration,
        validation_score: r.validationScore,
        accepted: r.accepted,
        parent: r.parent,
        usage: toUsage(r.usage),
      });
      progress.line(
        args.json ? iterationJson(r, configuration) : iterationText(r, args.iterations),
      );
      const best = Math.max(r.validationScore, ...r.checkpoint.candidates.map((c) => c.score));
      const next = r.iteration === args.iterations ? " · scoring the held-out split…" : "";
      state = { ...state, done: r.iteration, note: `best ${percent(best)}${next}` };
      show();
      step = await run.next();
    }
    clearInterval(timer);
    progress.done();
    const engineFinal = step.value;
    const result = view.finalOf(engineFinal);
    const best = view.configurationOf(engineFinal.best.config);
    if (args.output) {
      const output = CliOptimizeOutputSchema.parse({
        type: "optimize",
        dataset: ref,
        model: view.model,
        iterations,
        result,
      });
      await writeUserFile(args.output, `${JSON.stringify(output, null, 2)}\n`, "--output");
    }
    ctx.io.stdout(
      args.json
        ? `${finalJson(engineFinal, result, best)}\n`
        : finalText(engineFinal, result, best),
    );
    return EXIT.ok;
  } finally {
    clearInterval(timer);
    progress.done();
  }
}

/** Runs `promptune optimize` and returns its exit code. */
export async function runOptimize(args: OptimizeArgs, ctx: CommandContext): Promise<number> {
  const { dataset, ref } = await loadDataset(args.dataset, ctx);
  const subject = await loadSubject(args);
  const gateway = createCliGateway(ctx.env);
  const runId = randomUUID();
  try {
    const model = subject.kind === "single" ? (subject.model ?? gateway.defaultModel) : null;
    // The same plan the server shows before a run; its max_calls caps this run unless --max-calls says otherwise.
    const estimate = estimateRequest(
      gateway,
      dataset,
      subject.kind,
      subject.kind === "multi"
        ? { ...subject.config, dataset_name: dataset.name, iterations: args.iterations }
        : {
            prompt: subject.candidate.prompt,
            temperature: subject.candidate.temperature,
            model_name: model ?? gateway.defaultModel,
            dataset_name: dataset.name,
            iterations: args.iterations,
          },
    );
    const maxCalls = args.maxCalls ?? estimate.max_calls;
    if (!args.json) ctx.io.stdout(`${formatEstimate(estimate, maxCalls)}\n`);
    const withEstimate = (final: FinalResult): FinalResult => ({ ...final, estimate });
    const common = {
      llm: gateway,
      models: { judge: gateway.roles.judge, reflection: gateway.roles.reflection },
      dataset,
      iterations: args.iterations,
      seed: args.seed,
      concurrency: args.concurrency,
      maxCalls,
      signal: ctx.signal,
    };
    const setup = { args, ctx, ref, gateway };
    if (subject.kind === "multi") {
      return await drive(
        optimizeMultiAgent({ ...common, config: subject.config }),
        {
          model: null,
          configurationOf: multiConfiguration,
          finalOf: (f) => withEstimate(multiFinal(runId, f)),
        },
        setup,
      );
    }
    const singleModel = model ?? gateway.defaultModel;
    return await drive(
      optimizeSingleAgent({
        ...common,
        model: singleModel,
        prompt: subject.candidate.prompt,
        temperature: subject.candidate.temperature,
      }),
      {
        model: singleModel,
        configurationOf: singleConfiguration,
        finalOf: (f) => withEstimate(singleFinal(runId, f)),
      },
      setup,
    );
  } finally {
    await gateway.close();
  }
}
