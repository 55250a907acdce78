/**
 * The frontier phase of a run's end: the presented configuration of the
 * primary model (cost measured from the search's own replies) plus the
 * model sweep's points, the frontier built from them, and the two
 * configurations the held-out test measures: the recommended one (which
 * becomes the presented configuration) and the best-scoring one.
 */
import type { ModeAdapter } from "./adapter";
import { confirmationStages, confirmRecommendation } from "./confirm";
import { buildFrontier, type FrontierPoint, type MeasuredPoint } from "./frontier";
import type { IterationEnv } from "./iteration-env";
import type { ReplyCostMeter } from "./reply-cost";
import { REFLECTION_TRAIN, type SweepPlan, sweepModels } from "./sweep";

/** What the frontier phase hands back to the end of the run. */
export interface FrontierOutcome<C> {
  frontier: FrontierPoint<C>[];
  /** The recommended point (presented). */
  recommended: FrontierPoint<C>;
  /** The best-scoring point (also measured on the test split). */
  bestScoring: FrontierPoint<C>;
  /** False when the budget or the cost cap stopped the sweep early. */
  complete: boolean;
}

/** The adapter that answers for a frontier point (variant 0: the run's own). */
export function adapterOfPoint<C>(
  primary: ModeAdapter<C>,
  plan: SweepPlan<C>,
  point: { variant: number },
): ModeAdapter<C> {
  return point.variant === 0 ? primary : (plan.variants[point.variant - 1]?.adapter ?? primary);
}

/**
 * Measures the frontier around the presented configuration `presented`
 * (whose validation scores are `scores`): its cost per reply is what the
 * run's replies cost so far (`replies` since the run (re)started, all of them
 * the primary model's), then the sweep scores the other models, and a
 * recommendation cheaper than the dearest point as good as the best-scoring
 * one (the best-scoring point itself included) is confirmed on more examples
 * (confirm.ts).
 */
export async function measureFrontier<C>(
  env: IterationEnv<C>,
  plan: SweepPlan<C>,
  presented: { config: C; scores: number[] },
  context: {
    replyCost: ReplyCostMeter;
    replies: number;
    seedTemperature: number;
    promptOf: (c: C) => string;
    reserved: number;
    signal: AbortSignal;
  },
): Promise<FrontierOutcome<C>> {
  const { adapter } = env;
  const spent = context.replyCost.snapshot();
  const replies = Math.max(1, context.replies);
  const temperatureOf = adapter.temperatureOf?.bind(adapter);
  const primary: MeasuredPoint<C> = {
    modelName: plan.primaryModelName,
    variant: 0,
    config: presented.config,
    temperature: temperatureOf ? temperatureOf(presented.config) : 0,
    prompt: context.promptOf(presented.config),
    scores: presented.scores,
    costPer1kUsd: (spent.costUsd / replies) * 1000,
    callsPerReply: spent.calls / replies,
  };
  const swept = await sweepModels(
    env,
    plan,
    presented,
    {
      ...(temperatureOf ? { of: temperatureOf } : {}),
      ...(adapter.withTemperature ? { with: adapter.withTemperature.bind(adapter) } : {}),
      seedTemperature: context.seedTemperature,
    },
    context.replyCost,
    context.reserved,
    context.signal,
  );
  const points = [primary, ...swept.points].map((p) => ({
    ...p,
    prompt: context.promptOf(p.config),
  }));
  const stages = confirmationStages(env.split.train, REFLECTION_TRAIN, env.split.validation);
  const confirmed = await confirmRecommendation(
    env,
    points,
    stages.extra,
    (p) => adapterOfPoint(adapter, plan, p),
    context.reserved,
    context.signal,
    stages.further,
  );
  const frontier = buildFrontier(points, confirmed.index >= 0 ? confirmed.index : undefined);
  const recommended = frontier.find((p) => p.recommended) ?? (frontier[0] as FrontierPoint<C>);
  const bestScoring = frontier.reduce((b, p) =>
    p.score > b.score + 1e-9 ||
    (Math.abs(p.score - b.score) <= 1e-9 && p.costPer1kUsd < b.costPer1kUsd)
      ? p
      : b,
  );
  return { frontier, recommended, bestScoring, complete: swept.complete };
}
