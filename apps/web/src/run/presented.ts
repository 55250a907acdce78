/**
 * Which optimised iteration a page may call "best", and the one line that
 * says why. The presented configuration is the server's pick by pooled
 * evidence (validation plus train answers), which can disagree with the
 * validation score shown on a card. The rules keep the page honest: the
 * number the pick used is shown; nothing scored below the initial on the
 * same screen is called "best"; when nothing beat the initial, the page says
 * so instead of marking any iteration.
 */
import type { RunPick } from "@promptune/contracts";
import { percent } from "./score";

/** What a page shows about the presented configuration. */
export interface PresentedVerdict {
  /** Index into the optimised results (iterations 1..N) that carries the badge; null: none. */
  index: number | null;
  /** The badge's text: "best", or "presented" when its validation alone is below the initial's. */
  label: "best" | "presented" | "best so far";
  /** False when the initial configuration is presented (nothing beat it). */
  beatInitial: boolean;
  /** One line: the number the pick used and why. */
  reason: string;
}

/** The sentence of a run where nothing beat the initial configuration. */
export const NOTHING_BEAT_INITIAL = "Nothing beat the initial configuration";

/** The inputs of the verdict. */
export interface PresentedInput {
  results: readonly { iteration: number; validation_score?: number | undefined }[];
  /** Creating iteration of the presented configuration (the server's pick); undefined while running. */
  bestIteration?: number | undefined;
  /** The initial configuration's validation score, in [0, 1]. */
  initialScore?: number | null | undefined;
  /** How the server picked (absent for runs stored before it was recorded). */
  pick?: RunPick | null | undefined;
  /** A finished run whose pick is not known yet (a history load before the server answered). */
  pending?: boolean;
}

function evidenceText(pick: RunPick): string {
  const validation =
    pick.validation_measurements > 1
      ? `${pick.validation_examples} validation examples scored ${pick.validation_measurements} times`
      : `${pick.validation_examples} validation examples`;
  return pick.train_examples > 0
    ? `${validation} and ${pick.train_examples} training answers`
    : validation;
}

/** Decides the badge and the line for a run's presented configuration. */
export function presentedVerdict(input: PresentedInput): PresentedVerdict {
  const { results, initialScore, pick } = input;
  const initial = initialScore ?? undefined;
  const bestIteration = pick?.iteration ?? input.bestIteration;
  const nothing = (detail: string): PresentedVerdict => ({
    index: null,
    label: "best",
    beatInitial: false,
    reason: `${NOTHING_BEAT_INITIAL}: ${detail}`,
  });
  if (bestIteration === undefined && input.pending) {
    return { index: null, label: "best", beatInitial: true, reason: "" };
  }
  if (bestIteration === undefined) {
    // running: the highest validation so far, only when it is above the initial
    let index: number | null = null;
    results.forEach((r, i) => {
      const s = r.validation_score;
      if (s === undefined) return;
      const current = index === null ? undefined : results[index]?.validation_score;
      if (current === undefined || s >= current) index = i;
    });
    const score = index === null ? undefined : results[index]?.validation_score;
    if (index === null || score === undefined || (initial !== undefined && score <= initial)) {
      return {
        index: null,
        label: "best so far",
        beatInitial: false,
        reason:
          initial !== undefined
            ? `No iteration so far scores above the initial ${percent(initial)} on validation.`
            : "No iteration scored yet.",
      };
    }
    return {
      index,
      label: "best so far",
      beatInitial: true,
      reason: `Highest validation score so far: ${percent(score)}${initial !== undefined ? ` vs ${percent(initial)} for the initial` : ""}.`,
    };
  }
  if (bestIteration === 0 || pick?.beat_initial === false) {
    const number = pick
      ? `the initial configuration keeps the best pooled score (${percent(pick.pooled_score)} over ${evidenceText(pick)}), so it is presented.`
      : `no optimised configuration was picked over it${initial !== undefined ? ` (${percent(initial)} on validation)` : ""}, so it is presented.`;
    return nothing(number);
  }
  const index = results.findIndex((r) => r.iteration === bestIteration);
  const shown = index >= 0 ? results[index]?.validation_score : undefined;
  const below = shown !== undefined && initial !== undefined && shown < initial;
  const pooled = pick
    ? `pooled score ${percent(pick.pooled_score)} over ${evidenceText(pick)}, vs ${percent(pick.initial_pooled_score)} for the initial`
    : undefined;
  if (below) {
    return {
      index: index >= 0 ? index : null,
      label: "presented",
      beatInitial: true,
      reason: `Presented for its ${pooled ?? "pooled score"}; its validation score alone (${percent(shown as number)}) is below the initial's ${percent(initial as number)}.`,
    };
  }
  return {
    index: index >= 0 ? index : null,
    label: "best",
    beatInitial: true,
    reason: pooled
      ? `Best by ${pooled}.`
      : `Best by validation score${shown !== undefined ? ` (${percent(shown)})` : ""}${initial !== undefined ? ` vs ${percent(initial)} for the initial` : ""}.`,
  };
}

/**
 * The temperature iteration `iteration` runs at when talked to, saved or sent to the bots: the
 * run's presented temperature for the presented iteration, else the iteration's own. The engine
 * can present its pick at another temperature than the one the pick was searched at (its end's
 * temperature probe), and that presented temperature is the one its presented score measured.
 */
export function runTemperatureOf(
  iteration: number | undefined,
  own: number | undefined,
  presented: { bestIteration?: number | null; presentedTemperature?: number | null } | null,
): number | undefined {
  const moved =
    iteration !== undefined &&
    presented?.bestIteration === iteration &&
    typeof presented.presentedTemperature === "number";
  return moved ? (presented.presentedTemperature as number) : own;
}
