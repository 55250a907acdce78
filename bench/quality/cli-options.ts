/**
 * The command line of the quality benchmark (bench/quality.ts, whose header
 * lists the flags): parsed, checked, and applied to the settings the worlds
 * and runners read (`rulePhrasing`, `seedSetup`, `labelNoise`, the split, the
 * cache, the language and the reflection's skill), in the order the flags
 * were always applied. What the CLI itself needs comes back as
 * `QualityOptions`.
 */
import { parseArgs } from "node:util";
import { splitSizes } from "../../packages/engine/src/datasets/split";
import { frenchRequests } from "./language";
import { REFLECTION_SKILLS, type ReflectionSkill, reflectionSkill } from "./reflection-skill";
import { labelNoise } from "./rule-runners";
import { rulePhrasing, useLanguage } from "./rule-wording";
import { seedSetup } from "./rule-world-draw";
import { benchCache } from "./run-gateway";
import { productSplit, useSplitOf } from "./run-split";

/**
 * The single-agent rows' budget unless `--single-budget` sets another: issue 22's bound of 400
 * calls, about what the product's estimate gives a 10-iteration run on a 60-row dataset with an
 * exact metric (346 calls, capped at 380; a judged one gets 682). Until session 28 it was 350.
 */
const DEFAULT_SINGLE_BUDGET = 400;

/** What the CLI's loop over worlds and rows needs of the command line. */
export interface QualityOptions {
  /** The seeds every row runs (`--seeds` of them from `--first`). */
  seeds: number[];
  /** The row groups to run (`--only`). */
  only: Set<string>;
  /** The worlds to run, in order (`--world`). */
  worlds: string[];
  /** Only the ablation rows whose name contains this text (`--ablation merge`); all by default. */
  ablation: string;
  /** The call budget of every single-agent row (AxGEPA rows match it). */
  singleBudget: number;
  /** Rows a run through the server uploads (`--only server`). */
  serverRows: number;
  /** The frontier row's call budget (`--frontier-budget`). */
  frontierBudget: number;
  /** `--unlabelled`: the frontier worlds' examples without their kind as `domain`. */
  unlabelled: boolean | undefined;
}

/**
 * Parses the command line, checks every flag (throwing on a bad one) and sets
 * the benchmark's shared settings from it; called once, before any world is
 * built or run.
 */
export function readOptions(): QualityOptions {
  const { values } = parseArgs({
    options: {
      seeds: { type: "string", default: "20" },
      first: { type: "string", default: "1" },
      world: {
        type: "string",
        default: "types,rubric,rare,dilute,booking,sharp,general,format,scope,team,facets,crew",
      },
      only: { type: "string", default: "single,fixed,ax,multi,ablations" },
      ablation: { type: "string", default: "" },
      "frontier-budget": { type: "string", default: "" },
      "single-budget": { type: "string", default: String(DEFAULT_SINGLE_BUDGET) },
      rows: { type: "string", default: "" },
      "product-split": { type: "string", default: "" },
      unlabelled: { type: "boolean", default: false },
      cache: { type: "boolean", default: false },
      "generic-rules": { type: "boolean", default: false },
      "seed-rare-rules": { type: "boolean", default: false },
      "warm-start": { type: "boolean", default: false },
      "label-noise": { type: "string", default: "0" },
      "seed-temperature": { type: "string", default: "0.7" },
      reword: { type: "string", default: "0" },
      lists: { type: "string", default: "none" },
      language: { type: "string", default: "en" },
      reflection: { type: "string", default: "usual" },
    },
  });
  benchCache.on = values.cache === true;
  rulePhrasing.generic = values["generic-rules"] === true;
  rulePhrasing.reword = Number(values.reword);
  if (!(rulePhrasing.reword >= 0 && rulePhrasing.reword <= 1))
    throw new Error("--reword must be a number from 0 to 1");
  const lists = String(values.lists);
  const LIST_STYLES = ["none", "bullets", "numbers", "sections", "tags", "mixed"] as const;
  if (!(LIST_STYLES as readonly string[]).includes(lists))
    throw new Error(`--lists must be one of ${LIST_STYLES.join(", ")}`);
  rulePhrasing.list = lists as (typeof LIST_STYLES)[number];
  const language = String(values.language);
  if (!["en", "fr", "fr-long"].includes(language))
    throw new Error("--language must be en, fr or fr-long");
  if (language !== "en" && rulePhrasing.generic)
    throw new Error(
      "--generic-rules words rules in English; it does not combine with --language fr",
    );
  frenchRequests.long = language === "fr-long";
  useLanguage(language === "en" ? "en" : "fr");
  const skill = String(values.reflection);
  if (!(REFLECTION_SKILLS as readonly string[]).includes(skill))
    throw new Error(`--reflection must be one of ${REFLECTION_SKILLS.join(", ")}`);
  reflectionSkill.current = skill as ReflectionSkill;
  seedSetup.rareRules = values["seed-rare-rules"] === true;
  seedSetup.warm = values["warm-start"] === true;
  labelNoise.rate = Number(values["label-noise"]);
  if (!(labelNoise.rate >= 0 && labelNoise.rate < 1))
    throw new Error("--label-noise must be a number from 0 to below 1");
  if (seedSetup.warm && seedSetup.rareRules)
    throw new Error("--warm-start and --seed-rare-rules each set the seed prompt; give one");
  seedSetup.temperature = Number(values["seed-temperature"]);
  if (!(seedSetup.temperature >= 0 && seedSetup.temperature <= 1))
    throw new Error("--seed-temperature must be a number from 0 to 1");
  /** Only the ablation rows whose name contains this text (`--ablation merge`); all by default. */
  const ablation = String(values.ablation);
  const seeds = Array.from({ length: Number(values.seeds) }, (_, i) => i + Number(values.first));
  const only = new Set(String(values.only).split(","));
  const worlds = String(values.world).split(",");

  /** The call budget of every single-agent row (AxGEPA rows match it). */
  const SINGLE_BUDGET = Number(values["single-budget"]);
  if (!Number.isInteger(SINGLE_BUDGET) || SINGLE_BUDGET < 50)
    throw new Error("--single-budget must be an integer of at least 50");
  if (values.rows) useSplitOf(Number(values.rows));
  if (values["product-split"]) {
    productSplit.rows = Number(values["product-split"]);
    if (!Number.isInteger(productSplit.rows) || splitSizes(productSplit.rows).train < 1)
      throw new Error("--product-split must be a number of rows that leaves train examples");
  }
  /** Rows a run through the server uploads (`--only server`). */
  const SERVER_ROWS = productSplit.rows > 0 ? productSplit.rows : 60;
  /**
   * The frontier row's budget: the single-agent one plus the sweep's 2 models × 2 temperatures ×
   * validation; `--frontier-budget N` sets another (the product's own estimate caps this run at 484).
   */
  const FRONTIER_BUDGET = Number(values["frontier-budget"]) || SINGLE_BUDGET + 80;
  return {
    seeds,
    only,
    worlds,
    ablation,
    singleBudget: SINGLE_BUDGET,
    serverRows: SERVER_ROWS,
    frontierBudget: FRONTIER_BUDGET,
    unlabelled: values.unlabelled,
  };
}
