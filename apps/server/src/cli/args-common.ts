/**
 * Pieces of command-line parsing shared by `optimize` and `eval`: the
 * dataset choice, the configuration under test, numbers, shares, the
 * progress mode, the output options and --server. Every mistake is a
 * UsageError (exit code 2).
 */
import { parseArgs } from "node:util";
import { type Metric, MetricSchema } from "@promptune/contracts";
import { DEFAULT_CACHE_DIR } from "./disk-cache";

/** A mistake in the command line or in a file it names (exit code 2). */
export class UsageError extends Error {
  override name = "UsageError";
}

/** Raw option values as node:util parseArgs returns them. */
export type OptionValues = Record<string, string | boolean | undefined>;

/** Option specs for node:util parseArgs. */
export type OptionSpecs = Record<string, { type: "string" | "boolean"; short?: string }>;

/** Parses `args` strictly; unknown options and missing values become UsageErrors. */
export function parseOptions(
  args: string[],
  options: OptionSpecs,
): { values: OptionValues; positionals: string[] } {
  try {
    const { values, positionals } = parseArgs({
      args,
      options,
      strict: true,
      allowPositionals: true,
    });
    return { values: values as OptionValues, positionals };
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
}

/** The string value of option `name`, if given. */
export function stringOption(values: OptionValues, name: string): string | undefined {
  const v = values[name];
  return typeof v === "string" ? v : undefined;
}

/** A numeric option checked by `check`; `hint` completes "--name must be …". */
export function numberOption(
  values: OptionValues,
  name: string,
  check: (n: number) => boolean,
  hint: string,
): number | undefined {
  const value = stringOption(values, name);
  if (value === undefined) return undefined;
  const n = Number(value);
  if (value.trim() === "" || !Number.isFinite(n) || !check(n))
    throw new UsageError(`--${name} must be ${hint}`);
  return n;
}

/** Whole numbers ≥ 1. */
export const isPositiveInteger = (n: number) => Number.isInteger(n) && n >= 1;

/**
 * A share in [0, 1] given as a fraction (`0.8`) or a percentage (`80%`),
 * so thresholds read the same way scores are printed.
 */
export function shareOption(values: OptionValues, name: string): number | undefined {
  const value = stringOption(values, name);
  if (value === undefined) return undefined;
  const trimmed = value.trim();
  const isPercent = trimmed.endsWith("%");
  const n = Number(isPercent ? trimmed.slice(0, -1) : trimmed);
  const share = isPercent ? n / 100 : n;
  if (trimmed === "" || trimmed === "%" || !Number.isFinite(share) || share < 0 || share > 1)
    throw new UsageError(`--${name} must be a share such as 0.8 or a percentage such as 80%`);
  return share;
}

/** Options naming the dataset: a bundled one or a local JSONL/CSV file. */
export const DATASET_OPTIONS: OptionSpecs = {
  dataset: { type: "string", short: "d" },
  "dataset-file": { type: "string" },
  metric: { type: "string" },
};

/** Which dataset a command runs on; `config`: the one the --config file names. */
export type DatasetChoice =
  | { kind: "bundled"; name: string }
  | { kind: "file"; path: string; metric: Metric }
  | { kind: "config" };

/** Parses a metric name (judge, exact, contains, regex). */
export function parseMetric(value: string | undefined): Metric {
  if (value === undefined) return "judge";
  const parsed = MetricSchema.safeParse(value);
  if (!parsed.success)
    throw new UsageError(`--metric must be one of ${MetricSchema.options.join(", ")}`);
  return parsed.data;
}

/**
 * Reads --dataset / --dataset-file / --metric: exactly one dataset, or none
 * when a --config file names it (a dataset given anyway replaces the file's).
 */
export function readDatasetChoice(values: OptionValues): DatasetChoice {
  const name = stringOption(values, "dataset");
  const path = stringOption(values, "dataset-file");
  if (values.config !== undefined && name === undefined && path === undefined) {
    if (values.metric !== undefined)
      throw new UsageError(
        "--metric applies to --dataset-file; with --config set metric in the file",
      );
    return { kind: "config" };
  }
  if (name !== undefined && path !== undefined)
    throw new UsageError("give either --dataset or --dataset-file, not both");
  if (path !== undefined) {
    return { kind: "file", path, metric: parseMetric(stringOption(values, "metric")) };
  }
  if (!name)
    throw new UsageError(
      "--dataset NAME (see `promptune datasets`) or --dataset-file FILE.jsonl|.csv is required",
    );
  if (stringOption(values, "metric") !== undefined)
    throw new UsageError(
      "--metric applies to --dataset-file; a bundled dataset has its own metric",
    );
  return { kind: "bundled", name };
}

/** Options naming the configuration to run: a prompt, a multi-agent file or a config file. */
export const SUBJECT_OPTIONS: OptionSpecs = {
  config: { type: "string", short: "c" },
  prompt: { type: "string", short: "p" },
  "prompt-file": { type: "string" },
  agents: { type: "string" },
  model: { type: "string", short: "m" },
  temperature: { type: "string", short: "t" },
};

/** The configuration under test as given on the command line. */
export interface SubjectArgs {
  /** A promptune.config.yaml naming the dataset, prompts, models and checks. */
  config?: string;
  prompt?: string;
  promptFile?: string;
  agentsFile?: string;
  model?: string;
  temperature: number;
}

/**
 * Reads --prompt / --prompt-file / --agents (exactly one), --model and
 * --temperature (default `defaultTemperature`: 0 for evals, 0.7 to optimise).
 */
export function readSubject(values: OptionValues, defaultTemperature: number): SubjectArgs {
  const sources = ["prompt", "prompt-file", "agents"].filter(
    (k) => stringOption(values, k) !== undefined,
  );
  if (values.config !== undefined) {
    const clash = [...sources, "model", "temperature"].find((k) => values[k] !== undefined);
    if (clash)
      throw new UsageError(
        `--${clash} cannot be combined with --config (the file lists the prompts, models and temperatures)`,
      );
    return { config: stringOption(values, "config"), temperature: defaultTemperature };
  }
  if (sources.length !== 1)
    throw new UsageError("give exactly one of --prompt, --prompt-file or --agents");
  return {
    prompt: stringOption(values, "prompt"),
    promptFile: stringOption(values, "prompt-file"),
    agentsFile: stringOption(values, "agents"),
    model: stringOption(values, "model"),
    temperature:
      numberOption(values, "temperature", (n) => n >= 0 && n <= 1, "between 0 and 1") ??
      defaultTemperature,
  };
}

/** How progress is shown: a bar redrawn in place, plain lines, or nothing. */
export type ProgressMode = "bar" | "lines" | "none";

/** Options every running command accepts for its output. */
export const OUTPUT_OPTIONS: OptionSpecs = {
  json: { type: "boolean" },
  output: { type: "string", short: "o" },
  progress: { type: "string" },
  concurrency: { type: "string" },
  "no-cache": { type: "boolean" },
  "cache-dir": { type: "string" },
};

/** Reads --progress; undefined means "bar on a terminal, lines otherwise". */
export function readProgressMode(values: OptionValues): ProgressMode | undefined {
  const value = stringOption(values, "progress");
  if (value === undefined) return undefined;
  if (value !== "bar" && value !== "lines" && value !== "none")
    throw new UsageError("--progress must be bar, lines or none");
  return value;
}

/** Output options shared by the commands that call models. */
export interface OutputArgs {
  json: boolean;
  /** File the result is written to (JSON). */
  output?: string;
  /** Forced progress display; default bar on a terminal, lines otherwise. */
  progress?: ProgressMode;
  concurrency?: number;
  /** Folder of the persistent response cache; undefined with --no-cache. */
  cacheDir?: string;
}

/** The cache folder: --cache-dir, PROMPTUNE_CACHE_DIR or the default; none with --no-cache. */
function cacheDirOf(values: OptionValues, env: Record<string, string | undefined>) {
  if (values["no-cache"] === true) {
    if (values["cache-dir"] !== undefined)
      throw new UsageError("give either --no-cache or --cache-dir, not both");
    return undefined;
  }
  return stringOption(values, "cache-dir") ?? env.PROMPTUNE_CACHE_DIR ?? DEFAULT_CACHE_DIR;
}

/** Reads OUTPUT_OPTIONS (json, output, progress, concurrency, cache) into OutputArgs. */
export function outputArgs(
  values: OptionValues,
  env: Record<string, string | undefined>,
): OutputArgs {
  return {
    cacheDir: cacheDirOf(values, env),
    json: values.json === true,
    output: stringOption(values, "output"),
    progress: readProgressMode(values),
    concurrency: numberOption(values, "concurrency", isPositiveInteger, "a positive integer"),
  };
}

/** Rejects positional arguments of a command that takes none. */
export function noPositionals(command: string, positionals: string[]): void {
  if (positionals.length)
    throw new UsageError(`unexpected argument "${positionals[0]}" for ${command}`);
}

/** Reads --server: the URL of a Promptune server to run on; not with --config. */
export function serverOption(values: OptionValues): string | undefined {
  const server = stringOption(values, "server");
  if (server === undefined) return undefined;
  if (!/^https?:\/\/[^\s/]+/.test(server))
    throw new UsageError(
      "--server must be the server's URL, such as https://promptune.example.com",
    );
  if (values.config !== undefined)
    throw new UsageError("--server cannot be combined with --config");
  return server;
}
