/**
 * Temperature chosen by evidence: the reflection's proposed temperature is a
 * guess, so at the end of a run the picked candidate's prompt is also scored
 * on the validation set at another temperature (the lowest other probe
 * temperature, in halves: the second half only when the first does not show
 * it clearly worse, or whole when it is colder under the cold prior of the
 * reference-based metrics (`coldProbeWhole`); or, with `sequentialProbes`
 * off, whole at 0 and at the run's starting one; with `centreProbe`, a judged
 * run that started at an end of the range, at 0.5), within calls kept back
 * for it — or, with `centreProbeOnDrift`, a judged run that started in the
 * middle and whose pick drifted to an end, at 0.5 within the calls its search
 * kept back while its leader lay there (`driftReserve`) or left. A probe
 * starts only when the calls pay for all of it. The best validation mean wins; ties go to the lower temperature,
 * where for the reference-based metrics a tie is a difference within one
 * standard error of the paired per-example differences (the noise of the
 * comparison itself), and for the judge and a user's scorer only an exact
 * one (`temperatureTiesToLower`).
 */
import type { DatasetExample } from "@promptune/contracts";
import { type ExampleEvaluation, evaluateCandidate, meanScore } from "./evaluate";
import type { IterationEnv } from "./iteration-env";
import { BudgetExhaustedError } from "./meter";
import { bestByScores } from "./pareto";
import { EARLY_STOP_MIN_EXAMPLES, scoreInHalves } from "./validation";

/** Most temperatures probed besides the picked candidate's own. */
export const TEMPERATURE_PROBES = 2;

/**
 * Temperatures probed in halves (`sequentialProbes`): the lowest other one alone, so that the
 * one validation pass kept back pays for it whole and what it leaves over measures the pick
 * afresh (finalise.ts).
 */
export const SEQUENTIAL_PROBES = 1;

const EPS = 1e-9;

/** One temperature's per-example validation scores. */
export interface TemperatureMeasurement {
  temperature: number;
  scores: number[];
  /** The measurement's evaluations, when this search made it (a probe). */
  evaluations?: ExampleEvaluation[];
}

/** The middle of the temperature range: the centre probe's temperature (`centreProbe`). */
export const CENTRE_TEMPERATURE = 0.5;
/** How far from the centre a temperature must lie for the centre probe to measure it. */
export const CENTRE_DISTANCE = 0.3;

/**
 * Whether `t` lies at an end of the range (0–0.2 or 0.8–1), where a task
 * with no prior on the direction (a judged reply may want warmth or not)
 * can lose most to its temperature and a probe at the centre can tell.
 */
export function farFromCentre(t: number): boolean {
  return Math.abs(t - CENTRE_TEMPERATURE) >= CENTRE_DISTANCE - EPS;
}

/**
 * The calls a judged search that started in the middle of the range keeps
 * back for the centre probe (`centreProbeOnDrift`): a pass over the end's
 * examples while its leader's temperature lies at an end, none while it stays
 * in the middle. The probe is paid for where the temperature may cost most of
 * the gain, and the search keeps its calls everywhere else.
 */
export function driftReserve<C>(
  env: Pick<IterationEnv<C>, "centreProbeOnDrift" | "adapter">,
  candidates: ReadonlyArray<{ config: C; scores: number[] }>,
  passCost: number,
): number {
  if (!env.centreProbeOnDrift) return 0;
  const leader = candidates[bestByScores(candidates.map((c) => c.scores))];
  const t = leader ? env.adapter.temperatureOf?.(leader.config) : undefined;
  return t !== undefined && farFromCentre(t) ? passCost : 0;
}

/**
 * The temperatures to probe for a candidate at `current` in a run that
 * started at `seed`: 0 and the starting one (the cold prior), or, with
 * `centre`, only the middle of the range and only when `current` lies at an
 * end of it.
 */
export function probeTemperatures(current: number, seed: number, centre = false): number[] {
  if (centre) return farFromCentre(current) ? [CENTRE_TEMPERATURE] : [];
  return [...new Set([0, seed])]
    .filter((t) => Math.abs(t - current) > EPS)
    .slice(0, TEMPERATURE_PROBES);
}

/** Standard error of the mean paired difference of two per-example score lists. */
export function pairedStandardError(a: readonly number[], b: readonly number[]): number {
  const n = Math.min(a.length, b.length);
  if (n < 2) return 0;
  const d = Array.from({ length: n }, (_, i) => (a[i] ?? 0) - (b[i] ?? 0));
  const mean = d.reduce((s, x) => s + x, 0) / n;
  const variance = d.reduce((s, x) => s + (x - mean) ** 2, 0) / (n - 1);
  return Math.sqrt(variance / n);
}

/**
 * The winner among measurements: with `band` (the reference-based metrics'
 * prior that colder answers are at least as good) the lowest temperature
 * whose mean is within one paired standard error of the best mean; without
 * it the best mean, exact ties to the lower. A judged reply may want warmth,
 * and a probe at 0 that measured lower but within the noise was taken there
 * (docs/optimiser.md, "Session 18: temperature ties by metric").
 */
export function pickTemperature(
  measured: readonly TemperatureMeasurement[],
  band = true,
): TemperatureMeasurement {
  const best = [...measured].sort((a, b) => meanScore(b.scores) - meanScore(a.scores))[0];
  if (!best) throw new Error("no temperature measured");
  const tied = measured.filter(
    (m) =>
      meanScore(m.scores) + (band ? pairedStandardError(best.scores, m.scores) : 0) + EPS >=
      meanScore(best.scores),
  );
  return [...tied].sort((a, b) => a.temperature - b.temperature)[0] ?? best;
}

/**
 * Scores `config` at the probe temperatures the remaining calls (above
 * `reserved`) pay for and returns the winner with its validation mean;
 * `scores` are the picked candidate's own per-example scores (a fresh
 * measurement when there is one). Stops probing when the budget runs out.
 */
export async function chooseTemperature<C>(
  env: IterationEnv<C>,
  config: C,
  scores: readonly number[],
  seedTemperature: number,
  access: { of: (c: C) => number; with: (c: C, t: number) => C },
  reserved: number,
  perReply: number,
  signal: AbortSignal,
): Promise<{
  config: C;
  score: number;
  scores: number[];
  /** Probes that answered at least part of the validation set. */
  probed: number;
  /** The winning probe's evaluations; absent when the picked candidate's own temperature won. */
  evaluations?: ExampleEvaluation[];
}> {
  const current = access.of(config);
  const measured: TemperatureMeasurement[] = [{ temperature: current, scores: [...scores] }];
  const probes = probeTemperatures(current, seedTemperature, env.centreProbe).slice(
    0,
    env.sequentialProbes ? SEQUENTIAL_PROBES : TEMPERATURE_PROBES,
  );
  const pass = (t: number, examples?: readonly DatasetExample[]) =>
    validationPass(env, access.with(config, t), reserved, perReply, signal, examples);
  const all = env.split.validation;
  let probed = 0;
  if (env.sequentialProbes && all.length >= EARLY_STOP_MIN_EXAMPLES) {
    // lowest temperature first (ties go to it): its first half, then, unless it is clearly
    // worse there, the rest; the next probe only with the calls left after it
    for (const t of probes) {
      // a probe starts only when the calls pay for all of it: its first half alone can reject
      // it but never choose it, so a half the rest cannot follow is spent for nothing
      if (env.meter.remaining() - reserved < all.length * perReply) break;
      // a probe colder than the pick under the cold prior answers the whole set, not judged on
      // half of it against the pick's own scores, which won the pool's selection (`coldProbeWhole`)
      const against = env.coldProbeWhole && t < current ? null : scores;
      const { stages, hopeless } = await scoreInHalves(all, against, async (half) => {
        const evaluations = await pass(t, half);
        return evaluations ? { evaluations } : null;
      });
      if (stages.length === 0) break;
      probed++;
      if (hopeless) continue;
      if (stages.length < 2) break;
      const evaluations = stages.flatMap((s) => s.evaluations);
      measured.push({ temperature: t, scores: evaluations.map((e) => e.score), evaluations });
    }
  } else {
    for (const t of probes) {
      const evaluations = await pass(t);
      if (!evaluations) break;
      measured.push({ temperature: t, scores: evaluations.map((e) => e.score), evaluations });
      probed++;
    }
  }
  const win = pickTemperature(measured, env.temperatureTiesToLower);
  const same = Math.abs(win.temperature - current) <= EPS;
  return {
    config: same ? config : access.with(config, win.temperature),
    score: meanScore(win.scores),
    scores: win.scores,
    probed,
    ...(!same && win.evaluations ? { evaluations: win.evaluations } : {}),
  };
}

/**
 * A validation pass of `config` (on `examples`, a part of the validation set,
 * when given) when the calls above `reserved` pay for it (null otherwise, or
 * when the budget runs out during it): the probes, and
 * the fresh pass of the presented configuration — a temperature chosen as
 * the best of several noisy measurements reports its own measurement too
 * high, a pass not used to choose it does not.
 */
export async function validationPass<C>(
  env: IterationEnv<C>,
  config: C,
  reserved: number,
  perReply: number,
  signal: AbortSignal,
  examples: readonly DatasetExample[] = env.split.validation,
): Promise<ExampleEvaluation[] | null> {
  if (env.meter.remaining() - reserved < examples.length * perReply) return null;
  try {
    const stage = await evaluateCandidate(env, config, examples, signal);
    return stage.evaluations;
  } catch (err) {
    if (err instanceof BudgetExhaustedError) return null;
    throw err;
  }
}
