/**
 * The call budget a run plans before its first call: what one scored reply
 * costs, what the search, the end's passes, the held-out test and a model
 * sweep reserve, and the run's cap when the caller gives none. The estimate
 * the user is shown (estimate.ts) counts the same parts.
 */
import type { DatasetSplit } from "../datasets/split";
import { scorerDepth } from "../judge/scorer";
import type { ModeAdapter } from "./adapter";
import { MECHANISM_DEFAULTS, mechanismSettings } from "./mechanisms";
import { nonNegativeInt } from "./option-values";
import { surveySize } from "./survey";
import { type SweepPlan, sweepReserve } from "./sweep";
import type { OptimiseOptionsBase } from "./types";

/** Defaults of the budget's own settings (the rest are in OPTIMISER_DEFAULTS). */
export const BUDGET_DEFAULTS = {
  rescoreTop: 2,
  // measured in bench/quality.ts over the four worlds (seeds 301–400 and 501–700): 8 against 4
  // +0.020 and +0.015 share on average, 2 −0.040; 12 and 16 within 0.003 of 8 while only the
  // parent's own failures were shown. With the ancestors' failures (inheritedFailures) the
  // slots fill: 16 against 8 +0.020 and +0.005, 24 no better (docs/optimiser.md)
  reflectionExtra: 16,
} as const;

/** The run's planned budget: reserves, per-reply cost and the cap. */
export interface RunBudget<C> {
  /** Calls one scored reply costs: the mode's calls plus the judge's. */
  perRun: number;
  /** Judge calls per scored reply (0 with a user's scorer). */
  judgeCalls: number;
  /** Calls of one whole validation pass. */
  validationCost: number;
  /** Calls of the initial candidate's pass (and its embedding). */
  initialCost: number;
  /** Calls held for the held-out test at the end. */
  testReserve: number;
  /** Calls held for the model sweep's confirmation. */
  sweepCalls: number;
  /** Train examples the seed's survey answers (0: no survey). */
  survey: number;
  seedSurvey: boolean;
  rescoreTop: number;
  reflectionExtra: number;
  /** The engine's mechanisms with their reserves (mechanisms.ts). */
  mechanisms: ReturnType<typeof mechanismSettings>;
  /** The sweep, when it has candidate models. */
  plan: SweepPlan<C> | undefined;
  /** Whether the end scores the held-out test split. */
  evaluateTest: boolean;
  /** The run's cap on model calls. */
  maxCalls: number;
}

/** Plans a run's budget from its options and split, before any call is made. */
export function planRunBudget<C>(
  adapter: ModeAdapter<C>,
  seedCandidate: C,
  options: OptimiseOptionsBase,
  split: DatasetSplit,
  shape: { minibatchSize: number; proposalsPerIteration: number; iterations: number },
  sweep?: SweepPlan<C>,
): RunBudget<C> {
  const { minibatchSize, proposalsPerIteration, iterations } = shape;
  const judgeCalls = options.scorer ? 0 : scorerDepth(options.dataset.metric);
  const perRun = adapter.callsPerRun(seedCandidate) + judgeCalls;
  const evaluateTest = options.evaluateTest ?? true;
  const plan = sweep && sweep.variants.length > 0 ? sweep : undefined;
  // With a sweep the test also measures the best-scoring point when it is not the recommended one.
  const sweepPerRun = plan
    ? Math.max(...plan.variants.map((v) => v.adapter.callsPerRun(v.apply(seedCandidate))))
    : 0;
  const testReserve = evaluateTest
    ? 2 * split.test.length * perRun + (plan ? split.test.length * (sweepPerRun + judgeCalls) : 0)
    : 0;
  const initialCost = split.validation.length * perRun + 1;
  const proposalCost = 2 * Math.min(minibatchSize, split.train.length) * perRun + 1 + initialCost;
  const rescoreTop = nonNegativeInt(options.rescoreTop, BUDGET_DEFAULTS.rescoreTop, "rescoreTop");
  const validationCost = split.validation.length * perRun;
  const reflectionExtra = nonNegativeInt(
    options.reflectionExtra,
    BUDGET_DEFAULTS.reflectionExtra,
    "reflectionExtra",
  );
  const mechanisms = mechanismSettings(
    adapter,
    options,
    { size: split.validation.length, perRun },
    adapter.temperatureOf?.(seedCandidate) ?? 0,
    plan !== undefined,
  );
  const seedSurvey = options.seedSurvey ?? MECHANISM_DEFAULTS.seedSurvey;
  const survey = seedSurvey ? surveySize(split.train.length, minibatchSize, reflectionExtra) : 0;
  const searchCalls =
    initialCost +
    (iterations > 0 ? survey * perRun : 0) +
    iterations * proposalsPerIteration * proposalCost;
  const sweepCalls = sweepReserve(
    plan,
    seedCandidate,
    split.validation.length,
    split.train.length,
    judgeCalls,
  );
  const maxCalls =
    options.maxCalls ??
    searchCalls +
      testReserve +
      Math.ceil(rescoreTop * validationCost) +
      mechanisms.temperatureReserve +
      sweepCalls;
  return {
    perRun,
    judgeCalls,
    validationCost,
    initialCost,
    testReserve,
    sweepCalls,
    survey,
    seedSurvey,
    rescoreTop,
    reflectionExtra,
    mechanisms,
    plan,
    evaluateTest,
    maxCalls,
  };
}
