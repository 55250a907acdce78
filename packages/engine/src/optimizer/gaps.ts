/**
 * Scoring later what could not be scored: validation examples left unscored
 * (their calls failed after the port's retries) are evaluated again after
 * the iteration, so candidates are soon compared on the same examples again.
 * Until then comparisons leave those examples out.
 */
import type { DatasetExample } from "@promptune/contracts";
import { evaluateCandidate, isScored, meanScore } from "./evaluate";
import type { IterationEnv } from "./iteration-env";
import { BudgetExhaustedError } from "./meter";
import { ProviderOutageError } from "./outage";
import type { RunState } from "./state";

/**
 * Re-evaluates every pool candidate's unscored validation examples and
 * updates its scores and mean; examples that fail again stay unscored.
 * Returns how many were filled. Stops quietly when the budget is used up.
 * A provider outage aborts `signal` (the run stops); a failure of only
 * these few examples leaves them for the next time.
 */
export async function fillValidationGaps<C>(
  env: IterationEnv<C>,
  state: RunState<C>,
  signal: AbortSignal,
): Promise<number> {
  let filled = 0;
  for (const candidate of state.candidates) {
    const gaps = candidate.scores.flatMap((s, j) => (isScored(s) ? [] : [j]));
    if (gaps.length === 0) continue;
    try {
      const stage = await evaluateCandidate(
        env,
        candidate.config,
        gaps.map((j) => env.split.validation[j] as DatasetExample),
        signal,
      );
      gaps.forEach((j, k) => {
        const score = stage.evaluations[k]?.score;
        if (isScored(score)) {
          candidate.scores[j] = score;
          filled++;
        }
      });
      candidate.score = meanScore(candidate.scores);
    } catch (err) {
      if (err instanceof BudgetExhaustedError) return filled;
      // These examples failed again (the run is not aborted): they stay unscored for now.
      if (err instanceof ProviderOutageError && !signal.aborted) continue;
      throw err;
    }
  }
  return filled;
}
