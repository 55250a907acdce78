/**
 * The model sweep of a multi-agent run: the coordinator and the workers may
 * each name candidate models, and every combination (the coordinator's own
 * or a candidate × the workers' own or one candidate for all workers) other
 * than the run's own is a variant, so cheap workers under a strong
 * coordinator are measured as well as a cheap coordinator.
 */
import type { MultiAgentConfig } from "@promptune/contracts";
import type { ModeAdapter } from "./adapter";
import type { SweepPlan, SweepVariant } from "./sweep";

/** "gpt-4o" or "gpt-4o + workers gpt-4o-mini": the models of a configuration. */
export function multiModelLabel(config: MultiAgentConfig): string {
  const coordinator = config["master-agent"].model_name;
  const workers = [...new Set(config["worker-agents"].map((w) => w.model_name))];
  return workers.length === 1 && workers[0] === coordinator
    ? coordinator
    : `${coordinator} + workers ${workers.join(", ")}`;
}

/** The configuration with the coordinator on `coordinator` and every worker on `workers` (null: unchanged). */
export function withModels(
  config: MultiAgentConfig,
  coordinator: string,
  workers: string | null,
): MultiAgentConfig {
  return {
    "master-agent": { ...config["master-agent"], model_name: coordinator },
    "worker-agents": config["worker-agents"].map((w) =>
      workers === null ? w : { ...w, model_name: workers },
    ),
  };
}

/** The sweep plan of a multi-agent run; undefined without candidate models. */
export function multiAgentSweep(
  adapter: ModeAdapter<MultiAgentConfig>,
  seed: MultiAgentConfig,
  candidates: { coordinator?: string[]; workers?: string[] } | undefined,
): SweepPlan<MultiAgentConfig> | undefined {
  const own = seed["master-agent"].model_name;
  const coordinators = [own, ...(candidates?.coordinator ?? []).filter((m) => m !== own)];
  const workerModels = [null, ...new Set(candidates?.workers ?? [])];
  const variants: SweepVariant<MultiAgentConfig>[] = [];
  const seen = new Set([multiModelLabel(seed)]);
  for (const c of coordinators) {
    for (const w of workerModels) {
      const label = multiModelLabel(withModels(seed, c, w));
      if (seen.has(label)) continue;
      seen.add(label);
      variants.push({ modelName: label, adapter, apply: (config) => withModels(config, c, w) });
    }
  }
  return variants.length > 0 ? { primaryModelName: multiModelLabel(seed), variants } : undefined;
}
