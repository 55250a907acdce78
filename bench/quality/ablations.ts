/**
 * The engine-option rows of the quality benchmark (bench/quality.ts):
 * Promptune's mechanisms each switched off alone (`--only ablations`), the
 * multi-agent ones (`--only multi-ablations`) and the variants tried and not
 * kept (`--only variants`), each a row name and the options it sets. A list
 * of its own so adding a row touches only this file.
 */
import type { EngineOverrides } from "./runners";

/** Promptune's mechanisms, each switched off alone (single-agent, same budget). */
export const ABLATIONS: Array<[string, EngineOverrides]> = [
  ["  + removal edits (off by default)", { removalEdits: true } as EngineOverrides],
  ["  + instruction-level merge (off by default)", { instructionMerge: true } as EngineOverrides],
  [
    "  + minibatches toward failures/strata (off by default)",
    { targetedMinibatch: true } as EngineOverrides,
  ],
  ["  − temperature chosen by evidence", { temperatureByEvidence: false } as EngineOverrides],
  ["  − fresh pass for the presented score", { freshPresentedScore: false } as EngineOverrides],
  ["  − temperature probes in halves (two whole)", { sequentialProbes: false } as EngineOverrides],
  [
    "  − the cold probe answering the whole set (stopped on half)",
    { coldProbeWhole: false } as EngineOverrides,
  ],
  ["  − the probe's fresh half pass", { probeFreshPass: false } as EngineOverrides],
  ["  − failures inherited from ancestors", { inheritedFailures: false } as EngineOverrides],
  ["  − drafts (every minibatch pass validated)", { draftSteps: 0 } as EngineOverrides],
  ["  − conflicting additions dropped", { conflictingAdditionsDropped: false } as EngineOverrides],
  ["  − seed's survey of the train set", { seedSurvey: false } as EngineOverrides],
  [
    "  − a judged prefix of 10 under the cap (floor 20)",
    { searchValidationFloor: 20 } as EngineOverrides,
  ],
  [
    "  − the final choice on the examples after the prefix",
    { restFinalChoice: false } as EngineOverrides,
  ],
  [
    "  − both (session 55's search passes and final choice)",
    { searchValidationFloor: 20, restFinalChoice: false } as EngineOverrides,
  ],
  [
    "  − generic additions pruned in the refinement round",
    { pruneGenericAdditions: false } as EngineOverrides,
  ],
  [
    "  − a draft's generic additions pruned together (one drawn)",
    { pruneGenericTogether: false } as EngineOverrides,
  ],
  ["  − unanchored instructions pruned together", { pruneUnanchored: false } as EngineOverrides],
  [
    "  − that pruning held on the draft's minibatch and beating it on a fresh one",
    { unanchoredOnFreshMinibatch: false } as EngineOverrides,
  ],
  [
    "  − pool candidates proposed without their unanchored instructions",
    { unanchoredRemovals: false } as EngineOverrides,
  ],
  [
    "  − temperature ties by metric (one-SE band for every metric)",
    { temperatureTiesToLower: true } as EngineOverrides,
  ],
  [
    "  − half the probe's pass for the judge (the whole pass held back for every metric)",
    { probeHeldBack: true, temperatureByEvidence: true } as EngineOverrides,
  ],
  [
    "  − no probe for the judge (temperature chosen by evidence for every metric)",
    { temperatureByEvidence: true } as EngineOverrides,
  ],
  [
    // acts only in judged runs that start at 0–0.2 or 0.8–1 (`--seed-temperature`)
    "  − the judge's probe at 0.5 from an end of the range",
    { centreProbe: false } as EngineOverrides,
  ],
  [
    // acts only in judged runs that start at 0.3–0.7 and whose leader drifts to an end
    "  − the judge's probe at 0.5 after a drift to an end",
    { centreProbeOnDrift: false } as EngineOverrides,
  ],
];

/** Multi-agent mechanisms, each switched off alone (`--only multi-ablations`, ≤ 700 calls). */
export const MULTI_ABLATIONS: Array<[string, EngineOverrides]> = [
  ["  multi − joint edits", { jointEdits: false } as EngineOverrides],
  ["  multi − merge of two lineages", { merge: false } as EngineOverrides],
  ["  multi − failures inherited from ancestors", { inheritedFailures: false } as EngineOverrides],
  ["  multi + drafts (off by default)", { draftSteps: 1 } as EngineOverrides],
  [
    "  multi − conflicting additions dropped",
    { conflictingAdditionsDropped: false } as EngineOverrides,
  ],
  ["  multi − seed's survey of the train set", { seedSurvey: false } as EngineOverrides],
  ["  multi − the presented score's fresh pass", { multiFreshPass: false } as EngineOverrides],
  ["  multi, half a pass kept for it (a quarter)", { multiFreshPart: 2 } as EngineOverrides],
  ["  multi − worker prompts pruned", { workerPruning: false } as EngineOverrides],
  ["  multi, 14 failures shown (24)", { reflectionExtra: 14 } as EngineOverrides],
  ["  multi, minibatch of 6 (4)", { minibatchSize: 6 } as EngineOverrides],
];

/** Variants tried and not kept (`--only variants`). */
export const VARIANTS: Array<[string, EngineOverrides]> = [
  ["  + drafts: two refinement rounds before validation", { draftSteps: 2 } as EngineOverrides],
  [
    "  + removal edits kept when the score holds",
    { removalEdits: true, removalHolds: true } as EngineOverrides,
  ],
  [
    "  temperature edits instead of the end's probes",
    { temperatureEdits: true, temperatureByEvidence: false } as EngineOverrides,
  ],
  [
    "  temperature edits and the end's probes",
    { temperatureEdits: true, temperatureByEvidence: true } as EngineOverrides,
  ],
  ["  + 24 failures shown to the reflection (16)", { reflectionExtra: 24 } as EngineOverrides],
  ["  + 8 failures shown to the reflection (16)", { reflectionExtra: 8 } as EngineOverrides],
  ["  + minibatch of 4 (3)", { minibatchSize: 4 } as EngineOverrides],
  ["  + minibatch of 5 (3)", { minibatchSize: 5 } as EngineOverrides],
  ["  + the seed's generic instructions pruned too", { pruneSeedGeneric: true } as EngineOverrides],
  [
    "  judge's probe at 0.5 with half its pass held back (whole)",
    { probeHeldBack: false } as EngineOverrides,
  ],
];
