/**
 * `eval -c FILE` / `optimize -c FILE`: the command line completed from the
 * config file — its dataset unless one is given, its thresholds unless given
 * on the command line — and the plan of prompt × model × temperature cells.
 */
import type { EvalArgs, OptimizeArgs } from "../args";
import type { EvalPlan } from "../commands/eval";
import { configCells, configDataset, configScorer } from "./cells";
import { type LoadedConfig, loadConfig } from "./load";

/** The eval arguments with the config file applied, and the cells to compare. */
export async function prepareConfigEval(
  args: EvalArgs & { config: string },
): Promise<{ args: EvalArgs; plan: EvalPlan }> {
  const loaded = await loadConfig(args.config);
  const t = loaded.config.thresholds;
  const passFromFile = !args.passScoreIsGate && t?.pass_score !== undefined;
  const merged: EvalArgs = {
    ...args,
    dataset: args.dataset.kind === "config" ? configDataset(loaded) : args.dataset,
    minScore: args.minScore ?? t?.min_score,
    gateOn: args.gateOn === "lower" ? "lower" : (t?.gate_on ?? "mean"),
    passScore: passFromFile ? (t?.pass_score ?? args.passScore) : args.passScore,
    passScoreIsGate: args.passScoreIsGate || passFromFile,
  };
  if (merged.gateOn === "lower" && merged.minScore === undefined) merged.gateOn = "mean";
  return {
    args: merged,
    plan: {
      cells: await configCells(loaded),
      scorer: (gateway) => configScorer(loaded, gateway),
    },
  };
}

/** The optimize arguments with the config file's dataset and settings, and the config itself. */
export async function prepareConfigOptimize(
  args: OptimizeArgs & { config: string },
  explicit: { iterations: boolean; seed: boolean },
): Promise<{ args: OptimizeArgs; loaded: LoadedConfig }> {
  const loaded = await loadConfig(args.config);
  const o = loaded.config.optimize;
  return {
    loaded,
    args: {
      ...args,
      dataset: args.dataset.kind === "config" ? configDataset(loaded) : args.dataset,
      iterations: explicit.iterations ? args.iterations : (o?.iterations ?? args.iterations),
      seed: explicit.seed ? args.seed : (o?.seed ?? args.seed),
      maxCalls: args.maxCalls ?? o?.max_calls,
    },
  };
}
