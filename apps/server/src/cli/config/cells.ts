/**
 * The comparison a config file asks for: every prompt × model ×
 * temperature as an eval cell, the dataset it runs on and the scorer its
 * assertions define.
 */
import type { Metric } from "@promptune/contracts";
import type { Scorer } from "@promptune/engine";
import type { LlmGateway } from "../../llm";
import { EVAL_DEFAULT_TEMPERATURE } from "../args";
import type { DatasetChoice } from "../args-common";
import { type EvalCell, promptCell } from "../eval/cells";
import { readUserFile } from "../files";
import { assertionScorer } from "./assertions";
import type { LoadedConfig } from "./load";

/** The dataset a config names; assertions score with their own scorer (the metric is then `judge` for validation only). */
export function configDataset(loaded: LoadedConfig): DatasetChoice {
  const { dataset, metric, assertions } = loaded.config;
  const chosen: Metric = assertions ? "judge" : (metric ?? "judge");
  if (typeof dataset === "string")
    return { kind: "file", path: loaded.resolve(dataset), metric: chosen };
  if ("file" in dataset)
    return { kind: "file", path: loaded.resolve(dataset.file), metric: chosen };
  return { kind: "bundled", name: dataset.name };
}

/** The prompts of the config, files read. */
export async function configPrompts(loaded: LoadedConfig): Promise<string[]> {
  return Promise.all(
    loaded.config.prompts.map(async (p) => {
      if (typeof p === "string") return p;
      if ("text" in p) return p.text;
      return readUserFile(loaded.resolve(p.file), "prompt file");
    }),
  );
}

/**
 * Every prompt × model × temperature as a cell. Models default to the
 * provider's default model, temperatures to the eval default (0).
 */
export async function configCells(loaded: LoadedConfig): Promise<EvalCell[]> {
  const prompts = await configPrompts(loaded);
  const models: Array<string | undefined> = loaded.config.models ?? [undefined];
  const temperatures = loaded.config.temperatures ?? [EVAL_DEFAULT_TEMPERATURE];
  const cells: EvalCell[] = [];
  for (const prompt of prompts)
    for (const model of models)
      for (const temperature of temperatures) cells.push(promptCell(prompt, model, temperature));
  return cells;
}

/** The assertions' scorer, or undefined when the config scores with its metric. */
export async function configScorer(
  loaded: LoadedConfig,
  gateway: LlmGateway,
): Promise<Scorer | undefined> {
  const { assertions } = loaded.config;
  if (!assertions) return undefined;
  return assertionScorer(assertions, {
    llm: gateway,
    judgeModel: gateway.roles.judge,
    resolve: loaded.resolve,
  });
}
