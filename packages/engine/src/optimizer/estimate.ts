/**
 * What a run will spend, known before it starts: model calls per role and
 * model, input and output tokens, and (given prices) the cost. The numbers
 * follow the search's call plan for an iteration whose proposal is accepted
 * on its first try (parent on the minibatch, one reflection, the proposal on
 * the minibatch, the validation set, one embedding), plus iteration 0 (the
 * seed on validation and its survey of the train set) and the
 * final held-out test evaluation. `maxCalls` (10 % above) is the run's call
 * cap, so a run never spends more than 10 % beyond what it announced: extra
 * proposals of harder iterations use the margin, and the budget guard of the
 * loop stops proposing before it would be crossed.
 *
 * Tokens are estimated from text lengths (about 4 characters per token) of
 * the prompts and the dataset, with fixed allowances for the engine's own
 * instructions (estimate-tokens.ts). Pure: no model is called.
 */
import type { MultiAgentConfig } from "@promptune/contracts";
import type { LoadedDataset } from "../datasets/bundled";
import { type DatasetSplit, splitDataset } from "../datasets/split";
import { scorerDepth } from "../judge/scorer";
import { CONFIRM_EXAMPLES } from "./confirm";
import { ALLOWANCE, addReplies, candidateTexts, exampleSizes, Ledger } from "./estimate-tokens";
import { OPTIMISER_DEFAULTS } from "./loop";
import { MECHANISM_DEFAULTS, multiFreshExamples } from "./mechanisms";
import { MULTI_AGENT_DEFAULTS } from "./multi";
import { multiModelLabel, withModels } from "./multi-sweep";
import { searchReplies } from "./search-validation";
import { surveySize } from "./survey";
import { REFLECTION_TRAIN } from "./sweep";
import { SEQUENTIAL_PROBES, TEMPERATURE_PROBES } from "./temperature";

/** Headroom of the call cap above the estimated calls. */
export const ESTIMATE_MARGIN = 0.1;

/** Model calls and tokens of one model. */
export interface ModelSpend {
  model: string;
  calls: number;
  inputTokens: number;
  outputTokens: number;
}

/** Price of a model in USD per million tokens; null when unknown. */
export type PriceLookup = (model: string) => { input: number; output: number } | null;

/** What a run is expected to spend. */
export interface RunEstimate {
  /** Expected model calls of the whole run. */
  calls: number;
  /** The run's call cap: floor(calls × 1.1). */
  maxCalls: number;
  inputTokens: number;
  outputTokens: number;
  /** Cost in USD; null when no price lookup was given or a model has no known price. */
  costUsd: number | null;
  byModel: ModelSpend[];
}

/** Inputs shared by both modes. */
interface EstimateBase {
  dataset: LoadedDataset;
  /** Overrides the dataset's own split, as in the run options. */
  split?: DatasetSplit;
  iterations: number;
  /** Models of the engine's roles; `embedding` null when the gateway has none (local vectoriser). */
  models: { judge: string; reflection: string; embedding: string | null };
  minibatchSize?: number;
  /** Whether the seed surveys the train set (`seedSurvey`); the default when absent. */
  seedSurvey?: boolean;
  evaluateTest?: boolean;
  price?: PriceLookup;
}

/** Inputs of an estimate, by mode (the same settings the run is started with). */
export type EstimateInput =
  | (EstimateBase & { mode: "single"; model: string; prompt: string; candidateModels?: string[] })
  | (EstimateBase & {
      mode: "multi";
      config: MultiAgentConfig;
      candidateModels?: { coordinator?: string[]; workers?: string[] };
    });

/** The run's input once per model assignment the end-of-run sweep tries (sweep.ts). */
function sweepInputs(input: EstimateInput): EstimateInput[] {
  if (input.mode === "single") {
    const others = [...new Set(input.candidateModels ?? [])].filter((m) => m !== input.model);
    return others.map((model) => ({ ...input, model }));
  }
  const own = input.config["master-agent"].model_name;
  const coordinators = [
    own,
    ...(input.candidateModels?.coordinator ?? []).filter((m) => m !== own),
  ];
  const seen = new Set([multiModelLabel(input.config)]);
  const out: EstimateInput[] = [];
  for (const c of coordinators) {
    for (const w of [null, ...new Set(input.candidateModels?.workers ?? [])]) {
      const config = withModels(input.config, c, w);
      if (seen.has(multiModelLabel(config))) continue;
      seen.add(multiModelLabel(config));
      out.push({ ...input, config });
    }
  }
  return out;
}

/**
 * Estimates a run's model calls, tokens and cost from the settings it will
 * be started with (mode, seed configuration, dataset, iterations, models).
 * The server shows it before a run and caps the run at `maxCalls`.
 */
export function estimateRun(input: EstimateInput): RunEstimate {
  const split = input.split ?? splitDataset(input.dataset.name, input.dataset.examples);
  const iterations = Math.max(0, Math.floor(input.iterations));
  const defaults = input.mode === "multi" ? MULTI_AGENT_DEFAULTS : OPTIMISER_DEFAULTS;
  const minibatch = Math.min(input.minibatchSize ?? defaults.minibatchSize, split.train.length);
  // The reflection reads the minibatch and up to `reflectionExtra` cached failures of the
  // parent and, while slots are left, of its ancestors (single-agent default): the slots are
  // then mostly full; otherwise a young parent has few, so about half of them on average.
  const slots = Math.min(Math.max(0, split.train.length - minibatch), defaults.reflectionExtra);
  const shown = minibatch + (defaults.inheritedFailures ? slots : slots / 2);
  const judged = scorerDepth(input.dataset.metric) > 0;
  const evaluateTest = input.evaluateTest ?? true;
  const size = exampleSizes(input.dataset.examples);
  const texts = candidateTexts(input);
  const ledger = new Ledger();

  // Iteration 0 scores the seed on validation and answers its survey of the train set (survey.ts;
  // the run may answer fewer when its calls are short); each iteration runs the parent and the
  // proposal on a minibatch and the accepted proposal on validation.
  const survey =
    iterations > 0 && (input.seedSurvey ?? MECHANISM_DEFAULTS.seedSurvey)
      ? surveySize(split.train.length, minibatch, defaults.reflectionExtra)
      : 0;
  const replies = searchReplies(split.validation.length, { iterations, minibatch, survey });
  // The end scores the initial and the presented candidate on the test split.
  const testReplies = evaluateTest ? (iterations > 0 ? 2 : 1) * split.test.length : 0;
  // Single-agent: the presented prompt is scored at one more temperature (in halves; up to two
  // whole probes with `sequentialProbes` off; temperature.ts) or, with temperature edits, once
  // more for the presented score (finalise.ts). Judged runs do not probe by default (except at
  // 0.5 when they start at an end of the range); the pass stays in their budget and their search
  // spends it (mechanisms.ts).
  const endPasses = OPTIMISER_DEFAULTS.temperatureByEvidence
    ? OPTIMISER_DEFAULTS.sequentialProbes
      ? SEQUENTIAL_PROBES
      : TEMPERATURE_PROBES
    : OPTIMISER_DEFAULTS.temperatureEdits && OPTIMISER_DEFAULTS.freshPresentedScore
      ? 1
      : 0;
  // Under the cold prior (reference-based metrics) the presented prompt then answers half of the
  // validation set once more for its presented score (`probeFreshPass`, finalise.ts).
  const freshAfterProbe =
    OPTIMISER_DEFAULTS.temperatureByEvidence &&
    OPTIMISER_DEFAULTS.sequentialProbes &&
    MECHANISM_DEFAULTS.probeFreshPass &&
    !judged &&
    sweepInputs(input).length === 0
      ? Math.ceil(split.validation.length / 2)
      : 0;
  const probeReplies =
    input.mode === "single" && iterations > 0
      ? endPasses * split.validation.length + freshAfterProbe
      : 0;
  const variants = iterations > 0 ? sweepInputs(input) : [];
  // Multi-agent without candidate models: the presented configuration answers the first part of
  // the validation set once more for its presented score (`multiFreshPass`, finalise.ts).
  const freshReplies =
    input.mode === "multi" &&
    iterations > 0 &&
    variants.length === 0 &&
    MECHANISM_DEFAULTS.multiFreshPass
      ? multiFreshExamples(split.validation.length)
      : 0;
  addReplies(ledger, input, replies + testReplies + probeReplies + freshReplies, judged);
  // With candidate models: the presented configuration on each of them, then one more
  // temperature or a reflection round (its train examples and the proposal on validation),
  // and the best-scoring point on the test split too (estimated at the run's own models).
  const roundTrain = Math.min(REFLECTION_TRAIN, split.train.length);
  const sweepReplies = 2 * split.validation.length + roundTrain;
  for (const v of variants) addReplies(ledger, v, sweepReplies, judged);
  // A cheaper recommendation is confirmed on more train examples, with the best-scoring point.
  const confirmReplies = Math.min(CONFIRM_EXAMPLES, split.train.length - roundTrain);
  if (variants.length > 0) addReplies(ledger, input, 2 * confirmReplies, judged);
  if (variants.length > 0 && evaluateTest) addReplies(ledger, input, split.test.length, judged);

  const traces = input.mode === "multi" ? size.reference * input.config["worker-agents"].length : 0;
  ledger.add(
    input.models.reflection,
    iterations + variants.length,
    ALLOWANCE.reflectionInstructions +
      texts.whole +
      shown * (size.dialog + 2 * size.reference + traces + ALLOWANCE.reflectionPerExample),
    texts.component + ALLOWANCE.reflectionRationale,
  );
  if (input.models.embedding) ledger.add(input.models.embedding, 1 + iterations, texts.whole, 0);

  const byModel = ledger.entries();
  const calls = byModel.reduce((s, m) => s + m.calls, 0);
  let costUsd: number | null = null;
  if (input.price) {
    const prices = byModel.map((m) => ({ m, p: input.price?.(m.model) ?? null }));
    costUsd = prices.every((x) => x.p)
      ? prices.reduce(
          (s, { m, p }) =>
            s + (m.inputTokens * (p?.input ?? 0) + m.outputTokens * (p?.output ?? 0)) / 1_000_000,
          0,
        )
      : null;
  }
  return {
    calls,
    maxCalls: Math.floor(calls * (1 + ESTIMATE_MARGIN)),
    inputTokens: byModel.reduce((s, m) => s + m.inputTokens, 0),
    outputTokens: byModel.reduce((s, m) => s + m.outputTokens, 0),
    costUsd,
    byModel,
  };
}
