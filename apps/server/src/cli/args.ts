/**
 * Command-line parsing of `promptune`: `optimize`, `eval`, `datasets`,
 * `datasets validate`, `help`, and (args-deploy.ts) `deploy`, `rollback`
 * and `datasets pull`. Errors are UsageErrors so the entry point
 * exits with code 2.
 */
import {
  ITERATIONS,
  MAX_CANDIDATE_MODELS,
  MAX_TASK_CHARS,
  type Metric,
} from "@promptune/contracts";
import {
  DATASET_OPTIONS,
  type DatasetChoice,
  isPositiveInteger,
  noPositionals,
  numberOption,
  type OptionSpecs,
  type OptionValues,
  OUTPUT_OPTIONS,
  type OutputArgs,
  outputArgs,
  parseMetric,
  parseOptions,
  readDatasetChoice,
  readSubject,
  SUBJECT_OPTIONS,
  type SubjectArgs,
  serverOption,
  stringOption,
  UsageError,
} from "./args-common";
import {
  type DeployArgs,
  type PullArgs,
  parseDeploy,
  parsePull,
  parseRollback,
  type RollbackArgs,
} from "./args-deploy";
import { type EvalArgs, parseEval } from "./args-eval";

export type { OutputArgs } from "./args-common";
export { UsageError } from "./args-common";
export type { EvalArgs } from "./args-eval";
export { EVAL_DEFAULT_TEMPERATURE, EVAL_OPTIONS, MAX_REPEAT } from "./args-eval";

/** Parsed `promptune optimize` options. */
export interface OptimizeArgs extends SubjectArgs, OutputArgs {
  command: "optimize";
  dataset: DatasetChoice;
  iterations: number;
  seed: number;
  maxCalls?: number;
  /** Candidate models (--models a,b,c): the tuned configuration is also scored on them. */
  candidateModels?: string[];
  /** Most the run may spend in USD (--max-cost). */
  maxCostUsd?: number;
  /** What the assistant is for (--task), shown to the reflection and the judge. */
  task?: string;
  /** A Promptune server to run on (--server URL; token from PROMPTUNE_TOKEN). */
  server?: string;
  /** Which settings the command line gave (a --config file fills the others). */
  explicit: { iterations: boolean; seed: boolean };
}

/** Parsed `promptune datasets validate FILE`. */
export interface ValidateArgs {
  command: "datasets-validate";
  file: string;
  metric: Metric;
  json: boolean;
}

/** A parsed command line. */
export type CliArgs =
  | OptimizeArgs
  | EvalArgs
  | ValidateArgs
  | DeployArgs
  | RollbackArgs
  | PullArgs
  | { command: "datasets"; json: boolean }
  | { command: "help"; topic?: string }
  | { command: "version" };

/** Options of `promptune optimize` (add new ones here and read them in parseOptimize). */
export const OPTIMIZE_OPTIONS: OptionSpecs = {
  ...DATASET_OPTIONS,
  ...SUBJECT_OPTIONS,
  ...OUTPUT_OPTIONS,
  iterations: { type: "string", short: "n" },
  seed: { type: "string" },
  "max-calls": { type: "string" },
  models: { type: "string" },
  "max-cost": { type: "string" },
  server: { type: "string" },
  task: { type: "string" },
};

/** --models a,b,c: up to MAX_CANDIDATE_MODELS distinct model ids. */
function candidateModelsOption(values: OptionValues): { candidateModels?: string[] } {
  const raw = stringOption(values, "models");
  if (raw === undefined) return {};
  const list = raw
    .split(",")
    .map((m) => m.trim())
    .filter(Boolean);
  if (list.length === 0) throw new UsageError("--models needs one or more model ids, e.g. a,b");
  if (list.length > MAX_CANDIDATE_MODELS)
    throw new UsageError(`--models may name at most ${MAX_CANDIDATE_MODELS} models`);
  if (new Set(list).size !== list.length) throw new UsageError("--models must not repeat a model");
  return { candidateModels: list };
}

/** --max-cost USD: a positive amount of dollars. */
function maxCostOption(values: OptionValues): { maxCostUsd?: number } {
  const cost = numberOption(values, "max-cost", (n) => n > 0, "a positive amount of USD");
  return cost === undefined ? {} : { maxCostUsd: cost };
}

function parseOptimize(rest: string[], env: Record<string, string | undefined>): OptimizeArgs {
  const { values, positionals } = parseOptions(rest, OPTIMIZE_OPTIONS);
  noPositionals("optimize", positionals);
  const task = stringOption(values, "task")?.trim();
  if (task !== undefined && (task.length === 0 || task.length > MAX_TASK_CHARS))
    throw new UsageError(`--task must be 1 to ${MAX_TASK_CHARS} characters of text`);
  const dataset = readDatasetChoice(values);
  const subject = readSubject(values, OPTIMIZE_DEFAULT_TEMPERATURE);
  const iterations =
    numberOption(
      values,
      "iterations",
      (n) => Number.isInteger(n) && n >= ITERATIONS.min && n <= ITERATIONS.max,
      `a whole number from ${ITERATIONS.min} to ${ITERATIONS.max}`,
    ) ?? ITERATIONS.unspecifiedFallback;
  const seed =
    numberOption(values, "seed", (n) => Number.isInteger(n) && n >= 0, "a non-negative integer") ??
    1;
  return {
    command: "optimize",
    dataset,
    explicit: { iterations: values.iterations !== undefined, seed: values.seed !== undefined },
    server: serverOption(values),
    ...subject,
    iterations,
    seed,
    maxCalls: numberOption(values, "max-calls", isPositiveInteger, "a positive integer"),
    ...candidateModelsOption(values),
    ...maxCostOption(values),
    ...(task ? { task } : {}),
    ...outputArgs(values, env),
  };
}

function parseDatasets(rest: string[], env: Record<string, string | undefined>): CliArgs {
  if (rest[0] === "pull") return parsePull(rest.slice(1), env);
  const { values, positionals } = parseOptions(rest, {
    json: { type: "boolean" },
    metric: { type: "string" },
  });
  const [sub, ...more] = positionals;
  if (sub === undefined) {
    if (values.metric !== undefined) throw new UsageError("--metric applies to datasets validate");
    return { command: "datasets", json: values.json === true };
  }
  if (sub !== "validate")
    throw new UsageError(`unknown datasets command "${sub}" (validate or pull)`);
  const [file, ...extra] = more;
  if (!file) throw new UsageError("datasets validate needs a FILE.jsonl or FILE.csv");
  noPositionals("datasets validate", extra);
  return {
    command: "datasets-validate",
    file,
    metric: parseMetric(stringOption(values, "metric")),
    json: values.json === true,
  };
}

/** Seed temperature of `optimize` unless --temperature says otherwise (the optimiser may tune it). */
export const OPTIMIZE_DEFAULT_TEMPERATURE = 0.7;

/** Parses `argv` (without node and script); `env` supplies defaults such as PROMPTUNE_CACHE_DIR. */
export function parseCliArgs(
  argv: string[],
  env: Record<string, string | undefined> = {},
): CliArgs {
  const [command, ...rest] = argv;
  if (!command || command === "--help" || command === "-h") return { command: "help" };
  if (command === "help") return { command: "help", topic: rest[0] };
  if (command === "--version" || command === "-v" || command === "version")
    return { command: "version" };
  if (rest.includes("--help") || rest.includes("-h")) return { command: "help", topic: command };
  if (command === "datasets") return parseDatasets(rest, env);
  if (command === "deploy") return parseDeploy(rest, env);
  if (command === "rollback") return parseRollback(rest, env);
  if (command === "optimize") return parseOptimize(rest, env);
  if (command === "eval") return parseEval(rest, env);
  throw new UsageError(`unknown command "${command}"`);
}
