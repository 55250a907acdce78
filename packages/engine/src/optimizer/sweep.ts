/**
 * The model sweep at the end of a run: the presented prompt (found on the
 * primary model) is scored on the validation set on each candidate model ×
 * a few temperatures, within the calls kept back for it, and each
 * configuration's cost of 1,000 replies is measured from the calls it made.
 * Together with the primary configuration these points make the
 * cost–quality frontier (frontier.ts).
 */

import type { DatasetExample } from "@promptune/contracts";
import type { ModeAdapter } from "./adapter";
import { CONFIRM_EXAMPLES } from "./confirm";
import { type ExampleEvaluation, evaluateCandidate, meanScore } from "./evaluate";
import type { MeasuredPoint } from "./frontier";
import type { IterationEnv } from "./iteration-env";
import { BudgetExhaustedError } from "./meter";
import type { ReplyCostMeter } from "./reply-cost";

/** Temperatures each candidate model is scored at (single-agent): the presented one and one more. */
export const SWEEP_TEMPERATURES = 2;

/** Train examples a candidate model answers for its reflection round. */
export const REFLECTION_TRAIN = 4;

/** One model assignment the presented configuration is tried with. */
export interface SweepVariant<C> {
  /** The model (multi-agent: coordinator and workers, e.g. "gpt-4o + workers gpt-4o-mini"). */
  modelName: string;
  /** The mode adapter that answers with this variant's model(s). */
  adapter: ModeAdapter<C>;
  /** The configuration with this variant's models (identity where the adapter holds the model). */
  apply(config: C): C;
}

/** The sweep of a run: the primary's label and the candidate variants. */
export interface SweepPlan<C> {
  primaryModelName: string;
  variants: SweepVariant<C>[];
}

/** The temperatures a candidate model is scored at: the presented one, then 0 (or the run's seed one). */
export function sweepTemperatures(current: number, seed: number): number[] {
  const other = current > 0 ? 0 : seed;
  return [...new Set([current, other])].slice(0, SWEEP_TEMPERATURES);
}

/**
 * Calls the sweep of `plan` needs at most: per variant two validation passes
 * (the presented configuration, then one more temperature or the reflection
 * round's proposal) and the round's train examples and reflection call; then
 * the confirmation of a cheaper recommendation (confirm.ts): the
 * anchor (the dearest point as good as the best) and one cheaper point on
 * CONFIRM_EXAMPLES more examples (a dearer candidate's pass, and the further
 * stage, come only from calls the search left unspent).
 */
export function sweepReserve<C>(
  plan: SweepPlan<C> | undefined,
  seed: C,
  validationSize: number,
  trainSize: number,
  judgeCalls: number,
): number {
  if (!plan) return 0;
  const train = Math.min(REFLECTION_TRAIN, trainSize);
  const perReply = plan.variants.map((v) => v.adapter.callsPerRun(v.apply(seed)) + judgeCalls);
  const confirm = Math.min(CONFIRM_EXAMPLES, Math.max(0, trainSize - train));
  return (
    perReply.reduce((s, calls) => s + (2 * validationSize + train) * calls + 1, 0) +
    2 * confirm * Math.max(0, ...perReply)
  );
}

/** The measurement of one configuration on the validation set with a variant's model(s). */
async function measure<C>(
  env: IterationEnv<C>,
  variant: SweepVariant<C>,
  index: number,
  config: C,
  temperature: number,
  replyCost: ReplyCostMeter,
  signal: AbortSignal,
): Promise<MeasuredPoint<C>> {
  const before = replyCost.snapshot();
  const stage = await evaluateCandidate(
    { ...env, adapter: variant.adapter },
    config,
    env.split.validation,
    signal,
  );
  env.recorder?.points.evaluated(
    { variant: index + 1, config },
    "validation",
    env.split.validation,
    stage.evaluations,
  );
  const replies = Math.max(1, stage.evaluations.length);
  const after = replyCost.snapshot();
  return {
    modelName: variant.modelName,
    variant: index + 1,
    config,
    temperature,
    prompt: "",
    scores: stage.evaluations.map((e) => e.score),
    costPer1kUsd: ((after.costUsd - before.costUsd) / replies) * 1000,
    callsPerReply: (after.calls - before.calls) / replies,
  };
}

/** Validation examples `scores` fails (below 1) that `primary` passes. */
export function failuresOnlyIn(scores: readonly number[], primary: readonly number[]): number {
  return scores.filter((s, i) => s < 1 && (primary[i] ?? 0) >= 1).length;
}

/**
 * The reflection round's material: the variant's failures on the first
 * REFLECTION_TRAIN train examples. Null when the budget cannot pay for them
 * (and the proposal's validation pass).
 */
async function roundMaterial<C>(
  env: IterationEnv<C>,
  adapter: ModeAdapter<C>,
  config: C,
  perReply: number,
  limits: { affordable: (calls: number) => boolean; signal: AbortSignal },
): Promise<(ExampleEvaluation & { example: DatasetExample })[] | null> {
  const train = env.split.train.slice(0, REFLECTION_TRAIN);
  if (!limits.affordable(train.length * perReply)) return null;
  const stage = await evaluateCandidate({ ...env, adapter }, config, train, limits.signal);
  return stage.evaluations.flatMap((e, i) =>
    e.score < 1 ? [{ ...e, example: train[i] as DatasetExample }] : [],
  );
}

/**
 * Scores the presented configuration on every variant at the presented
 * temperature. When the variant fails validation examples the primary
 * passes (and scores lower), a prompt written for the primary model often
 * needs one more instruction for this one: a short reflection round on the
 * variant's failures on train examples (`roundMaterial`) proposes it, and
 * the proposal is measured too. Otherwise the variant is measured at one
 * more temperature (modes with one). Each step starts only while the calls
 * above `reserved` pay for it; stops early, with what it has, when the
 * budget or the cost cap runs out. `replyCost` must already meter
 * `env.llm` (the loop wraps the run's port).
 */
export async function sweepModels<C>(
  env: IterationEnv<C>,
  plan: SweepPlan<C>,
  presented: { config: C; scores: readonly number[] },
  access: { of?: (c: C) => number; with?: (c: C, t: number) => C; seedTemperature: number },
  replyCost: ReplyCostMeter,
  reserved: number,
  signal: AbortSignal,
): Promise<{ points: MeasuredPoint<C>[]; complete: boolean }> {
  const points: MeasuredPoint<C>[] = [];
  const validation = env.split.validation;
  const current = access.of ? access.of(presented.config) : 0;
  const [, other] =
    access.of && access.with ? sweepTemperatures(current, access.seedTemperature) : [current];
  const affordable = (calls: number) => env.meter.remaining() - reserved >= calls;
  try {
    for (const [index, variant] of plan.variants.entries()) {
      const config = variant.apply(presented.config);
      const perReply = variant.adapter.callsPerRun(config) + env.scorerDepth;
      if (!affordable(validation.length * perReply)) return { points, complete: false };
      const first = await measure(env, variant, index, config, current, replyCost, signal);
      points.push(first);
      const worse = meanScore(first.scores) < meanScore(presented.scores);
      if (worse && failuresOnlyIn(first.scores, presented.scores) > 0) {
        const material = await roundMaterial(env, variant.adapter, config, perReply, {
          affordable: (calls) => affordable(calls + validation.length * perReply + 1),
          signal,
        });
        if (material === null) return { points, complete: false };
        if (material.length === 0) continue;
        const proposal = await variant.adapter.propose(env.llm, config, 0, material, signal);
        if (!proposal || variant.adapter.key(proposal.config) === variant.adapter.key(config))
          continue;
        const t = access.of ? access.of(proposal.config) : current;
        if (!affordable(validation.length * perReply)) return { points, complete: false };
        points.push(await measure(env, variant, index, proposal.config, t, replyCost, signal));
      } else if (other !== undefined && access.with) {
        if (!affordable(validation.length * perReply)) return { points, complete: false };
        const warmer = access.with(config, other);
        points.push(await measure(env, variant, index, warmer, other, replyCost, signal));
      }
    }
  } catch (err) {
    if (err instanceof BudgetExhaustedError) return { points, complete: false };
    throw err;
  }
  return { points, complete: true };
}
