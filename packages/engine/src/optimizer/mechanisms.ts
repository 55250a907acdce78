/**
 * The run settings of the issue-22 mechanisms (removal edits, instruction
 * merge, targeted minibatches, temperature chosen by evidence or by
 * temperature edits, failures inherited from ancestors) from the
 * options and the mode, plus the parts of them a checkpoint's fingerprint
 * records (only where they differ from what older checkpoints ran with, so
 * those still resume).
 */
import type { ModeAdapter } from "./adapter";
import { nonNegativeInt, positiveInt } from "./option-values";
import { farFromCentre, SEQUENTIAL_PROBES, TEMPERATURE_PROBES } from "./temperature";
import type { OptimiseOptionsBase } from "./types";

/** Defaults of the mechanisms (single-agent; multi-agent overrides its own). */
export const MECHANISM_DEFAULTS = {
  // for the reference-based metrics; the LLM judge and a user's scorer default to off (the
  // metric rule in mechanismSettings, docs/optimiser.md "Session 21")
  temperatureByEvidence: true,
  // judged runs that start at an end of the temperature range probe its middle: measured in
  // bench/quality.ts at starting temperatures 0.2 and 1 on two fresh blocks (docs/optimiser.md,
  // "Session 27"): judged worlds +0.023 / +0.027 (0.2) and +0.053 / +0.040 (1); at 0.7 it never acts
  centreProbe: true,
  // a judged run that starts in the middle of the range (the product's 0.7) and whose pick drifted
  // to an end probes the middle too; its search keeps the pass back only while its leader lies at
  // an end: the four judged worlds at 400 calls +0.010 / +0.003 (seeds 1–40 / 41–100), through
  // the server +0.008 / +0.002 (seeds 21–80 / 81–120) (docs/optimiser.md, "Session 58")
  centreProbeOnDrift: true,
  freshPresentedScore: true,
  // measured in bench/quality.ts over four fresh blocks of seeds (41–280): minibatches toward
  // failures and strata did not help on average over the worlds (−0.008 to −0.025)
  targetedMinibatch: false,
  // single-agent merges instruction by instruction: neutral over eleven worlds (seeds 1–100 at 400
  // calls 0.879 without against 0.877 with, 720 calls 0.896 / 0.897, 150 rows 0.898 / 0.896;
  // docs/optimiser.md, "Session 50"), so off like the other mechanisms that do not help on average
  instructionMerge: false,
  // measured in bench/quality.ts: removal edits did not help on average over the worlds
  removalEdits: false,
  // measured in bench/quality.ts over the four worlds (seeds 301–400 and 501–700), see
  // docs/optimiser.md: the ancestors' failures fill the reflection's empty slots
  inheritedFailures: true,
  // measured in bench/quality.ts over seven worlds and three fresh blocks of 50 seeds
  // (docs/optimiser.md, "Session 22"): +0.019 on average, shorter prompts
  conflictingAdditionsDropped: true,
  // measured in bench/quality.ts over seven worlds on two fresh blocks of 50 seeds
  // (docs/optimiser.md, "Session 23"): +0.033 and +0.042 single-agent, +0.024 multi-agent
  seedSurvey: true,
  // single-agent (its refinement round): measured in bench/quality.ts over seven worlds on four
  // fresh blocks of 50 seeds (docs/optimiser.md, "Session 25"), most in the judged worlds
  pruneGenericAdditions: true,
  // the pruning may also drop one of the seed's generic instructions: measured in
  // bench/quality.ts over seven worlds on two fresh blocks of 50 seeds (docs/optimiser.md,
  // "Session 26"): −0.004 and +0.005, no effect; restricted to seeds of two or more generic
  // instructions ("Session 27") it gains where the seed carries filler and loses 0.02–0.05
  // where the seed holds the rules of rare kinds, so off
  pruneSeedGeneric: false,
  // a draft's two or more generic additions are pruned together: +0.002 on each of three fresh
  // blocks of 50 seeds over seven worlds, no change with fixes worded as generic rules
  // (docs/optimiser.md, "Session 28")
  pruneGenericTogether: true,
  // the pruning first tries a draft without every instruction that names nothing of the task:
  // seven worlds, seeds 7001–7050, 0.830 → 0.879 (`dilute` 0.61 → 0.88, length 1.54 → 1.12),
  // seeds 1–20 0.847 → 0.865, and with the seed holding rare kinds' rules worded as generic ones
  // 0.779 → 0.833 (docs/optimiser.md, "Session 30")
  pruneUnanchored: true,
  // that pruning takes one test, a strict win on a fresh minibatch: seeds 1–20 0.864 → 0.881
  // (`dilute` 0.80 → 0.88), seeds 7001–7050 0.879 → 0.889, 7101–7150 0.856 → 0.864, and with
  // the seed holding rare kinds' rules worded as generic ones 0.833 → 0.853 (docs/optimiser.md,
  // "Session 31")
  unanchoredOnFreshMinibatch: true,
  // a pool candidate is proposed once without its unanchored instructions: with the test above,
  // seeds 1–20 0.881 → 0.883, 7001–7050 0.889 → 0.900, 7101–7150 0.864 → 0.869, and the
  // check with rare kinds' rules in the seed 0.853 → 0.871 (docs/optimiser.md, "Session 31")
  unanchoredRemovals: true,
  // measured in bench/quality.ts over five worlds and three blocks of seeds (docs/optimiser.md,
  // "Temperature edits"): in place of the end's probes they win where a warmer temperature is
  // better and lose about as much where a colder one is, so the probes stay the default
  temperatureEdits: false,
  // measured in bench/quality.ts over five worlds and three fresh blocks of seeds
  // (docs/optimiser.md, "Temperature probes in halves"): one pass kept back instead of two
  sequentialProbes: true,
  // with the cold prior the probe at 0 answers the whole set: the four exact-answer worlds,
  // seeds 1–20 0.893 → 0.903, 7001–7050 0.926 → 0.928, 7101–7150 0.901 → 0.906, gaps the same
  // on average (docs/optimiser.md, "Session 32")
  coldProbeWhole: true,
  // multi-agent runs at a call budget keep part of a validation pass back and present the pick's
  // fresh measurement: over 110 seeds of `types` in four blocks (1–20, 9001–9090) the gap
  // (presented validation − held-out) went from +4.0 to +2.2 points, share 0.837 → 0.828
  // (docs/optimiser.md, "Session 34")
  multiFreshPass: true,
  // the part kept back for it, as a divisor of the validation set: a quarter instead of a half
  // left the search the calls `crew` needed at 700 calls, 0.796 → 0.826 over 300 seeds, `types`
  // and `team` unchanged, gaps within 3 points (docs/optimiser.md, "Session 55")
  multiFreshPart: 4,
  // a search that a tight cap cut to a validation prefix below 20 examples keeps calls back to
  // re-score its top candidates on the examples after the prefix: the four judged worlds at 400
  // calls, 100 seeds, 0.819 → 0.852 (docs/optimiser.md, "Session 56"; search-validation.ts)
  restFinalChoice: true,
  // single-agent under the cold prior: half a validation pass more kept back, so the presented
  // score after the probe is a measurement no choice used (docs/optimiser.md, "Session 46")
  probeFreshPass: true,
  // multi-agent: an accepted proposal's changed worker prompts pruned on its own minibatch
  // (multi-pruning.ts); ≤ 700 calls, seeds 1–60, `types` / `team`: +0.033 / +0.020 with the
  // bench's reflection, +0.053 / +0.077 with a weak one, +0.023 / +0.020 with a strong one; at
  // the product's cap over 100 seeds +0.008 / +0.024 (docs/optimiser.md, "Session 43")
  workerPruning: true,
} as const;

/**
 * Refinement rounds before a validation pass (draft.ts), by mode. Measured in bench/quality.ts
 * over five worlds (docs/optimiser.md, "Drafts"): one round +0.016, +0.009, +0.014, +0.015
 * single-agent on four fresh blocks of 100 seeds and +0.016 at a 40-row split; two rounds +0.002;
 * multi-agent 0.82 with and without (60 seeds), so off there.
 */
export const DRAFT_STEPS = { single: 1, multi: 0 } as const;

/**
 * The validation examples a multi-agent run at a call budget keeps back for the presented
 * configuration's fresh pass (`multiFreshPass`): the first 1/`part` of the set, rounded up.
 */
export function multiFreshExamples(
  validationSize: number,
  part: number = MECHANISM_DEFAULTS.multiFreshPart,
): number {
  return Math.ceil(validationSize / part);
}

/** What the loop's environment and fingerprint need to know. */
export function mechanismSettings<C>(
  adapter: ModeAdapter<C>,
  options: OptimiseOptionsBase,
  /** The validation set's size and the calls one of its replies takes with its scoring. */
  validation: { size: number; perRun: number },
  /** The run's starting temperature (modes with one; temperature edits probe it). */
  seedTemperature = 0,
  /** Whether the run sweeps candidate models (their confirmation takes the unspent calls). */
  sweeping = false,
) {
  const validationCost = validation.size * validation.perRun;
  // the first half of the validation set: the unit of the end's passes in halves
  const halfValidationCost = Math.ceil(validation.size / 2) * validation.perRun;
  // reference-based metrics answer best cold; judged replies may want warmth (docs/optimiser.md,
  // "Session 18: temperature ties by metric")
  const coldPrior = !options.scorer && options.dataset.metric !== "judge";
  // the end's probe pays where colder is likely better; a judged probe costs two calls an example
  // and seldom beats the search's own temperature, so there its calls go to the search
  // (docs/optimiser.md, "Session 21")
  // without that prior, a run that starts at an end of the range probes the middle instead
  // (docs/optimiser.md, "Session 27"): far from it a judged task can lose most to its temperature
  const centreApplies =
    !coldPrior && adapter.temperatureOf !== undefined && farFromCentre(seedTemperature);
  const centreProbe = centreApplies && (options.centreProbe ?? MECHANISM_DEFAULTS.centreProbe);
  const evidenceByDefault = MECHANISM_DEFAULTS.temperatureByEvidence && (coldPrior || centreProbe);
  const temperatureByEvidence =
    (options.temperatureByEvidence ?? evidenceByDefault) && adapter.temperatureOf !== undefined;
  const temperatureEdits =
    (options.temperatureEdits ?? MECHANISM_DEFAULTS.temperatureEdits) &&
    adapter.temperatureOf !== undefined;
  const freshPresentedScore = options.freshPresentedScore ?? MECHANISM_DEFAULTS.freshPresentedScore;
  const sequentialProbes =
    temperatureByEvidence && (options.sequentialProbes ?? MECHANISM_DEFAULTS.sequentialProbes);
  // a judged run that starts in the middle keeps a pass back only while its search's leader lies
  // at an end, and then probes its pick at the middle (docs/optimiser.md, "Session 58"); a model
  // sweep's confirmation takes the unspent calls instead
  const driftApplies =
    !coldPrior &&
    adapter.temperatureOf !== undefined &&
    !farFromCentre(seedTemperature) &&
    !temperatureByEvidence &&
    !temperatureEdits &&
    !sweeping;
  const centreProbeOnDrift =
    driftApplies && (options.centreProbeOnDrift ?? MECHANISM_DEFAULTS.centreProbeOnDrift);
  // with temperature edits and no end probes, one pass is kept back for the fresh pass; probes in
  // halves keep back one pass (one probe, whole when it is not clearly worse on its first half)
  const temperatureReserve = temperatureByEvidence
    ? (sequentialProbes ? SEQUENTIAL_PROBES : TEMPERATURE_PROBES) * validationCost
    : temperatureEdits && freshPresentedScore
      ? validationCost
      : 0;
  const draftDefault = DRAFT_STEPS[adapter.mode];
  const draftSteps = nonNegativeInt(options.draftSteps, draftDefault, "draftSteps");
  const temperatureTiesToLower = options.temperatureTiesToLower ?? coldPrior;
  const coldProbeApplies = sequentialProbes && temperatureTiesToLower;
  const coldProbeWhole =
    coldProbeApplies && (options.coldProbeWhole ?? MECHANISM_DEFAULTS.coldProbeWhole);
  // without that prior the search may spend half of the probe's pass (docs/optimiser.md, "Session 20")
  const probeHeldBack = options.probeHeldBack ?? (coldPrior || centreProbe);
  // half a pass pays for a partial fresh pass of the presented configuration (or the probe's
  // first half), so the presented score stays a measurement its choice did not use
  // a multi-agent pick won the pool's choice on its own replies, and at a call budget no calls are
  // kept for re-scoring the top candidates (loop.ts): half a pass pays for a measurement no
  // choice saw (finalise.ts; docs/optimiser.md, "Session 34")
  const multiFreshApplies =
    adapter.mode === "multi" &&
    options.maxCalls !== undefined &&
    !sweeping &&
    !temperatureByEvidence &&
    !temperatureEdits;
  const multiFreshPass =
    multiFreshApplies &&
    freshPresentedScore &&
    (options.multiFreshPass ?? MECHANISM_DEFAULTS.multiFreshPass);
  const multiFreshPart = positiveInt(
    options.multiFreshPart,
    MECHANISM_DEFAULTS.multiFreshPart,
    "multiFreshPart",
  );
  const multiFreshCount = multiFreshPass ? multiFreshExamples(validation.size, multiFreshPart) : 0;
  // the whole cold probe took the half pass that paid for a fresh one (Session 32); half a pass
  // more pays for it again (finalise.ts; docs/optimiser.md, "Session 46")
  const probeFreshApplies = coldProbeWhole && !sweeping;
  const probeFreshPass =
    probeFreshApplies &&
    freshPresentedScore &&
    (options.probeFreshPass ?? MECHANISM_DEFAULTS.probeFreshPass);
  const heldBack =
    (temperatureByEvidence && !probeHeldBack ? halfValidationCost : temperatureReserve) +
    multiFreshCount * validation.perRun +
    (probeFreshPass ? halfValidationCost : 0);
  const settings = {
    draftSteps,
    temperatureTiesToLower,
    temperatureByEvidence,
    centreProbe: (centreProbe && temperatureByEvidence) || centreProbeOnDrift,
    centreProbeOnDrift,
    temperatureReserve,
    // the probe after a drift answers in halves too, so half a pass can turn it down
    sequentialProbes:
      sequentialProbes ||
      (centreProbeOnDrift && (options.sequentialProbes ?? MECHANISM_DEFAULTS.sequentialProbes)),
    coldProbeWhole,
    freshPresentedScore,
    multiFreshPass,
    multiFreshCount,
    probeFreshPass,
    removalEdits: adapter.removalOf !== undefined,
    removalHolds: options.removalHolds ?? false,
    targetedMinibatch: options.targetedMinibatch ?? MECHANISM_DEFAULTS.targetedMinibatch,
    inheritedFailures: options.inheritedFailures ?? MECHANISM_DEFAULTS.inheritedFailures,
    temperatureEdits,
    seedTemperature,
  };
  const fingerprint = {
    // recorded only when on: checkpoints from before the default changed (on, unrecorded) resume without it
    ...(settings.targetedMinibatch ? { targetedMinibatch: true } : {}),
    ...(settings.removalEdits ? { removalEdits: true, removalHolds: settings.removalHolds } : {}),
    // recorded only when on: checkpoints from before its default changed (on, unrecorded then)
    // resume without it
    ...(adapter.mode === "single" && adapter.mergeThreeWay ? { instructionMerge: true } : {}),
    // recorded only when off, so checkpoints from before the pruning resume with it
    ...(adapter.mode === "single" && !adapter.prunedOf ? { pruneGenericAdditions: false } : {}),
    // recorded only when on: checkpoints from before the option resume without it
    ...(adapter.prunesSeed ? { pruneSeedGeneric: true } : {}),
    // recorded only when off, so checkpoints from before the option resume with it
    ...(adapter.prunedOf && !adapter.prunesTogether ? { pruneGenericTogether: false } : {}),
    ...(adapter.prunedOf && !adapter.prunesUnanchored ? { pruneUnanchored: false } : {}),
    ...(adapter.mode === "single" && !adapter.unanchoredRemovalOf
      ? { unanchoredRemovals: false }
      : {}),
    ...(adapter.prunesUnanchored && !adapter.unanchoredOnFresh
      ? { unanchoredOnFreshMinibatch: false }
      : {}),
    // recorded only when not the metric's default, so checkpoints from before that rule resume
    ...(temperatureByEvidence === evidenceByDefault || !adapter.temperatureOf
      ? {}
      : { temperatureByEvidence }),
    ...(settings.inheritedFailures ? {} : { inheritedFailures: false }),
    // recorded only when off where it applies: it acts at the end of a run, so judged runs
    // checkpointed before it resume with it
    ...(centreApplies && !settings.centreProbe ? { centreProbe: false } : {}),
    // recorded only when off where it applies: it changes only the calls the search keeps back
    // for the end of a run, so judged runs checkpointed before it resume with it
    ...(driftApplies && !centreProbeOnDrift ? { centreProbeOnDrift: false } : {}),
    ...(settings.temperatureEdits ? { temperatureEdits: true } : {}),
    // recorded only when off: it changes only the end of a run, so earlier checkpoints resume with it
    ...(temperatureByEvidence && !settings.sequentialProbes ? { sequentialProbes: false } : {}),
    // recorded only when off where it applies: it changes only the end of a run
    ...(coldProbeApplies && !coldProbeWhole ? { coldProbeWhole: false } : {}),
    // recorded only when off where it applies: checkpoints from before it resume with it
    ...(multiFreshApplies && !multiFreshPass ? { multiFreshPass: false } : {}),
    // recorded only when off where it applies: checkpoints from before it resume with it
    ...(probeFreshApplies && !probeFreshPass ? { probeFreshPass: false } : {}),
    // recorded only when not the mode's default, so checkpoints from before drafts resume with them
    ...(draftSteps === draftDefault ? {} : { draftSteps }),
  };
  return { temperatureReserve, heldBack, settings, fingerprint };
}
