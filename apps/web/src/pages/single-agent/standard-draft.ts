/**
 * The Standard Optimization draft kept while the optimizer is in Telegram
 * Integration mode (issue 16 §3): switching to the integration loads the
 * bot's prompts into the optimizer, so what the user had typed (prompt,
 * model, temperature) and the results on screen are set aside here and put
 * back when they switch to Standard Optimization again.
 */
import { type OptimizationSettings, useOptimizationStore } from "../../stores/optimization";
import { useSingleRunStore } from "../../stores/single-run";

type DraftSettings = Pick<
  OptimizationSettings,
  "botPrompt" | "initialPrompt" | "selectedModel" | "temperature"
>;

interface StandardDraft {
  settings: DraftSettings;
  /** The run store's data (not its actions) as it was. */
  run: Record<string, unknown>;
}

let kept: StandardDraft | null = null;

/** Sets the current Standard Optimization draft aside (before the integration replaces it). */
export function keepStandardDraft(): void {
  const s = useOptimizationStore.getState();
  const run: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(useSingleRunStore.getState())) {
    if (typeof value !== "function") run[key] = value;
  }
  kept = {
    settings: {
      botPrompt: s.botPrompt,
      initialPrompt: s.initialPrompt,
      selectedModel: s.selectedModel,
      temperature: s.temperature,
    },
    run,
  };
}

/** Puts the kept draft back; returns false when there was none. */
export function restoreStandardDraft(): boolean {
  if (!kept) return false;
  useOptimizationStore.getState().update(kept.settings);
  useSingleRunStore.setState(kept.run);
  kept = null;
  return true;
}

/** True while a draft is set aside. */
export function hasStandardDraft(): boolean {
  return kept !== null;
}
