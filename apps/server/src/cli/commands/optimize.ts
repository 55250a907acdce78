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
  type IterationResult,
  isAbortError,
  type OptimisationRun,
  optimizeMultiAgent,
  optimizeSingleAgent,
  type Scorer,
} from "@promptune/engine";
import { LlmError, type LlmGateway } from "../../llm";
import { estimateRequest } from "../../runs/estimate";
import { multiFinal, singleFinal, toUsage } from "../../runs/mapping";
import type { OptimizeArgs } from "../args";
import { UsageError } from "../args-common";
import { cliSplit, loadDataset } from "../dataset-source";
import { EXIT } from "../exit-codes";
import { writeUserFile } from "../files";
import { formatEstimate } from "../reporters/estimate";
import { finalJson, finalText, iterationJson, iterationText } from "../reporters/optimize-text";
import { Progress, percent, resolveProgressMode } from "../reporters/progress";
import {
  createCliGateway,
  loadSubject,
  multiConfiguration,
  type Subject,
  singleConfiguration,
} from "../subject";
import type { CommandContext } from "./context";

/** Refuses --models naming a model the gateway does not offer (a usage error). */
function assertKnownModels(models: readonly string[] | undefined, offered: readonly string[]) {
  const unknown = models?.find((m) => !offered.includes(m));
  if (unknown)
    throw new UsageError(`--models: unknown model "${unknown}". Available: ${offered.join(", ")}`);
}

/** How one mode's candidates are reported. */
interface RunView<C> {
  model: string | null;
  configurationOf: (c: C) => CliConfiguration;
  finalOf: (f: EngineFinal<C>) => FinalResult;
}

/**
 * On Ctrl-C or a provider failure, --output still gets the iterations
 * finished so far, marked `interrupted` or `provider_failed` with no final
 * result; any other error is a bug and writes nothing.
 */
async function writePartialOutput(
  err: unknown,
  partial: {
    args: OptimizeArgs;
    ref: CliDatasetRef;
    model: string | null;
    iterations: CliIteration[];
  },
): Promise<void> {
  const status = isAbortError(err)
    ? "interrupted"
    : err instanceof LlmError
      ? "provider_failed"
      : null;
  if (!status || !partial.args.output) return;
  const output = CliOptimizeOutputSchema.parse({
    type: "optimize",
    dataset: partial.ref,
    model: partial.model,
    iterations: partial.iterations,
    result: null,
    status,
    error: err instanceof Error ? err.message : String(err),
  });
  await writeUserFile(partial.args.output, `${JSON.stringify(output, null, 2)}\n`, "--output");
}

/** How often the bar refreshes calls, tokens and cost during an iteration. */
const BAR_REFRESH_MS = 500;

async function drive<C>(
  run: OptimisationRun<C>,
  view: RunView<C>,
  setup: {
    args: OptimizeArgs;
    ctx: CommandContext;
    ref: CliDatasetRef;
    gateway: LlmGateway;
    onResult?: (result: FinalResult, model: string | null) => void;
  },
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
    let step: IteratorResult<IterationResult<C>, EngineFinal<C>>;
    try {
      step = await run.next();
    } catch (err) {
      await writePartialOutput(err, { args, ref, model: view.model, iterations });
      throw err;
    }
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
      try {
        step = await run.next();
      } catch (err) {
        await writePartialOutput(err, { args, ref, model: view.model, iterations });
        throw err;
      }
    }
    clearInterval(timer);
    progress.done();
    const engineFinal = step.value;
    const result = view.finalOf(engineFinal);
    setup.onResult?.(result, view.model);
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

/** One configuration of `optimize -c`: its subject, the config's scorer and where its result goes. */
export interface OptimizeCell {
  subject: Subject;
  scorer?: (gateway: LlmGateway) => Promise<Scorer | undefined>;
  onResult?: (result: FinalResult, model: string | null) => void;
}

/** Runs `promptune optimize` (one cell of a config file when `cell` is given) and returns its exit code. */
export async function runOptimize(
  args: OptimizeArgs,
  ctx: CommandContext,
  cell?: OptimizeCell,
): Promise<number> {
  const source = await loadDataset(args.dataset, ctx);
  const { ref } = source;
  const dataset = args.task ? { ...source.dataset, task: args.task } : source.dataset;
  const subject = cell?.subject ?? (await loadSubject(args));
  const gateway = createCliGateway(ctx.env, {
    concurrency: args.concurrency,
    cacheDir: args.cacheDir,
  });
  const runId = randomUUID();
  try {
    const model = subject.kind === "single" ? (subject.model ?? gateway.defaultModel) : null;
    assertKnownModels(args.candidateModels, gateway.listModels());
    // Multi-agent: --models are candidates for the coordinator and for the workers alike.
    const multiCandidates = args.candidateModels
      ? { coordinator: args.candidateModels, workers: args.candidateModels }
      : undefined;
    // The same plan the server shows before a run; its max_calls caps this run unless --max-calls says otherwise.
    const estimate = estimateRequest(
      gateway,
      dataset,
      subject.kind,
      subject.kind === "multi"
        ? {
            ...subject.config,
            dataset_name: dataset.name,
            iterations: args.iterations,
            ...(multiCandidates ? { candidate_models: multiCandidates } : {}),
          }
        : {
            prompt: subject.candidate.prompt,
            temperature: subject.candidate.temperature,
            model_name: model ?? gateway.defaultModel,
            dataset_name: dataset.name,
            iterations: args.iterations,
            ...(args.candidateModels ? { candidate_models: args.candidateModels } : {}),
          },
    );
    const maxCalls = args.maxCalls ?? estimate.max_calls;
    if (!args.json) ctx.io.stdout(`${formatEstimate(estimate, maxCalls)}\n`);
    const withEstimate = (final: FinalResult): FinalResult => ({ ...final, estimate });
    const scorer = await cell?.scorer?.(gateway);
    const common = {
      ...(scorer ? { scorer } : {}),
      llm: gateway,
      models: { judge: gateway.roles.judge, reflection: gateway.roles.reflection },
      dataset,
      split: cliSplit(source),
      iterations: args.iterations,
      seed: args.seed,
      concurrency: args.concurrency,
      maxCalls,
      signal: ctx.signal,
      price: (m: string) => gateway.priceOf(m),
      ...(args.maxCostUsd !== undefined ? { maxCostUsd: args.maxCostUsd } : {}),
    };
    const setup = { args, ctx, ref, gateway, onResult: cell?.onResult };
    if (subject.kind === "multi") {
      return await drive(
        optimizeMultiAgent({
          ...common,
          config: subject.config,
          ...(multiCandidates ? { candidateModels: multiCandidates } : {}),
        }),
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
        ...(args.candidateModels ? { candidateModels: args.candidateModels } : {}),
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
