/**
 * Command-line parsing of `promptune`: `optimize`, `eval`, `datasets`,
 * `datasets validate` and `help`. Errors are UsageErrors so the entry point
 * exits with code 2.
 */
import { ITERATIONS, type Metric } from "@promptune/contracts";
import {
  DATASET_OPTIONS,
  type DatasetChoice,
  isPositiveInteger,
  numberOption,
  type OptionValues,
  OUTPUT_OPTIONS,
  type ProgressMode,
  parseMetric,
  parseOptions,
  readDatasetChoice,
  readProgressMode,
  readSubject,
  SUBJECT_OPTIONS,
  type SubjectArgs,
  shareOption,
  stringOption,
  UsageError,
} from "./args-common";

export { UsageError } from "./args-common";

/** Output options shared by the commands that call models. */
export interface OutputArgs {
  json: boolean;
  /** File the result is written to (JSON). */
  output?: string;
  /** Forced progress display; default bar on a terminal, lines otherwise. */
  progress?: ProgressMode;
  concurrency?: number;
}

/** Parsed `promptune optimize` options. */
export interface OptimizeArgs extends SubjectArgs, OutputArgs {
  command: "optimize";
  dataset: DatasetChoice;
  iterations: number;
  seed: number;
  maxCalls?: number;
}

/** Parsed `promptune eval` options. */
export interface EvalArgs extends SubjectArgs, OutputArgs {
  command: "eval";
  dataset: DatasetChoice;
  /** Score every example instead of the held-out split. */
  all: boolean;
  /** Per-example pass mark in [0, 1]. */
  passScore: number;
  /** Exit 1 when the score is below this share. */
  minScore?: number;
  /** Earlier report to compare against. */
  baseline?: string;
  /** Largest tolerated drop below the baseline, as a share. */
  maxDrop: number;
  /** JUnit XML report file. */
  junit?: string;
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
  | { command: "datasets"; json: boolean }
  | { command: "help" };

function outputArgs(values: OptionValues): OutputArgs {
  return {
    json: values.json === true,
    output: stringOption(values, "output"),
    progress: readProgressMode(values),
    concurrency: numberOption(values, "concurrency", isPositiveInteger, "a positive integer"),
  };
}

function noPositionals(command: string, positionals: string[]): void {
  if (positionals.length)
    throw new UsageError(`unexpected argument "${positionals[0]}" for ${command}`);
}

function parseOptimize(rest: string[]): OptimizeArgs {
  const { values, positionals } = parseOptions(rest, {
    ...DATASET_OPTIONS,
    ...SUBJECT_OPTIONS,
    ...OUTPUT_OPTIONS,
    iterations: { type: "string", short: "n" },
    seed: { type: "string" },
    "max-calls": { type: "string" },
  });
  noPositionals("optimize", positionals);
  const dataset = readDatasetChoice(values);
  const subject = readSubject(values);
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
    ...subject,
    iterations,
    seed,
    maxCalls: numberOption(values, "max-calls", isPositiveInteger, "a positive integer"),
    ...outputArgs(values),
  };
}

function parseEval(rest: string[]): EvalArgs {
  const { values, positionals } = parseOptions(rest, {
    ...DATASET_OPTIONS,
    ...SUBJECT_OPTIONS,
    ...OUTPUT_OPTIONS,
    all: { type: "boolean" },
    "pass-score": { type: "string" },
    "min-score": { type: "string" },
    baseline: { type: "string" },
    "max-drop": { type: "string" },
    junit: { type: "string" },
  });
  noPositionals("eval", positionals);
  const baseline = stringOption(values, "baseline");
  const maxDrop = shareOption(values, "max-drop");
  if (maxDrop !== undefined && baseline === undefined)
    throw new UsageError("--max-drop needs --baseline FILE");
  return {
    command: "eval",
    dataset: readDatasetChoice(values),
    ...readSubject(values),
    all: values.all === true,
    passScore: shareOption(values, "pass-score") ?? 1,
    minScore: shareOption(values, "min-score"),
    baseline,
    maxDrop: maxDrop ?? 0,
    junit: stringOption(values, "junit"),
    ...outputArgs(values),
  };
}

function parseDatasets(rest: string[]): CliArgs {
  const { values, positionals } = parseOptions(rest, {
    json: { type: "boolean" },
    metric: { type: "string" },
  });
  const [sub, ...more] = positionals;
  if (sub === undefined) {
    if (values.metric !== undefined) throw new UsageError("--metric applies to datasets validate");
    return { command: "datasets", json: values.json === true };
  }
  if (sub !== "validate") throw new UsageError(`unknown datasets command "${sub}"`);
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

/** Parses `argv` (without node and script). */
export function parseCliArgs(argv: string[]): CliArgs {
  const [command, ...rest] = argv;
  if (!command || command === "help" || command === "--help" || command === "-h")
    return { command: "help" };
  if (rest.includes("--help") || rest.includes("-h")) return { command: "help" };
  if (command === "datasets") return parseDatasets(rest);
  if (command === "optimize") return parseOptimize(rest);
  if (command === "eval") return parseEval(rest);
  throw new UsageError(`unknown command "${command}"`);
}
