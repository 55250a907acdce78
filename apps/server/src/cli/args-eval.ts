/**
 * Command-line parsing of `promptune eval`: its options, the gate settings
 * (--pass-score, --min-score, --gate-on, --baseline/--max-drop) and
 * --repeat. Split from args.ts, which dispatches to it; mistakes are
 * UsageErrors (exit code 2).
 */
import {
  DATASET_OPTIONS,
  type DatasetChoice,
  noPositionals,
  numberOption,
  type OptionSpecs,
  type OptionValues,
  OUTPUT_OPTIONS,
  type OutputArgs,
  outputArgs,
  parseOptions,
  readDatasetChoice,
  readSubject,
  SUBJECT_OPTIONS,
  type SubjectArgs,
  serverOption,
  shareOption,
  stringOption,
  UsageError,
} from "./args-common";

/** Parsed `promptune eval` options. */
export interface EvalArgs extends SubjectArgs, OutputArgs {
  command: "eval";
  dataset: DatasetChoice;
  /** Score every example instead of the held-out split. */
  all: boolean;
  /** Per-example pass mark in [0, 1]. */
  passScore: number;
  /** True when --pass-score was given: then every example must reach it (exit 1 otherwise). */
  passScoreIsGate: boolean;
  /** Repetitions of every example (--repeat K); scores are averaged. */
  repeat: number;
  /** What --min-score is compared with: the mean, or the lower bound of its 95 % interval. */
  gateOn: "mean" | "lower";
  /** Exit 1 when the score is below this share. */
  minScore?: number;
  /** Earlier report to compare against. */
  baseline?: string;
  /** Largest tolerated drop below the baseline, as a share. */
  maxDrop: number;
  /** JUnit XML report file. */
  junit?: string;
  /** A Promptune server that scores the prompt (--server URL; token from PROMPTUNE_TOKEN). */
  server?: string;
}

/** Options of `promptune eval` (add new ones here and read them in parseEval). */
export const EVAL_OPTIONS: OptionSpecs = {
  ...DATASET_OPTIONS,
  ...SUBJECT_OPTIONS,
  ...OUTPUT_OPTIONS,
  all: { type: "boolean" },
  "pass-score": { type: "string" },
  "min-score": { type: "string" },
  "gate-on": { type: "string" },
  baseline: { type: "string" },
  "max-drop": { type: "string" },
  junit: { type: "string" },
  repeat: { type: "string" },
  server: { type: "string" },
};

/** Most repetitions `--repeat` accepts. */
export const MAX_REPEAT = 20;

/** Sampling temperature of `eval` unless --temperature says otherwise: repeatable scores. */
export const EVAL_DEFAULT_TEMPERATURE = 0;

/**
 * Parses the arguments after `eval` (`env` supplies defaults such as
 * PROMPTUNE_CACHE_DIR); inconsistent gate options are UsageErrors.
 */
export function parseEval(rest: string[], env: Record<string, string | undefined>): EvalArgs {
  const { values, positionals } = parseOptions(rest, EVAL_OPTIONS);
  noPositionals("eval", positionals);
  const baseline = stringOption(values, "baseline");
  const maxDrop = shareOption(values, "max-drop");
  if (maxDrop !== undefined && baseline === undefined)
    throw new UsageError("--max-drop needs --baseline FILE");
  return {
    command: "eval",
    dataset: readDatasetChoice(values),
    ...readSubject(values, EVAL_DEFAULT_TEMPERATURE),
    all: values.all === true,
    passScore: shareOption(values, "pass-score") ?? 1,
    passScoreIsGate: values["pass-score"] !== undefined,
    repeat:
      numberOption(
        values,
        "repeat",
        (n) => Number.isInteger(n) && n >= 1 && n <= MAX_REPEAT,
        `a whole number from 1 to ${MAX_REPEAT}`,
      ) ?? 1,
    gateOn: readGateOn(values),
    minScore: shareOption(values, "min-score"),
    baseline,
    maxDrop: maxDrop ?? 0,
    junit: stringOption(values, "junit"),
    server: serverOption(values),
    ...outputArgs(values, env),
  };
}

function readGateOn(values: OptionValues): "mean" | "lower" {
  const value = stringOption(values, "gate-on") ?? "mean";
  if (value !== "mean" && value !== "lower")
    throw new UsageError("--gate-on must be mean or lower");
  if (value === "lower" && values["min-score"] === undefined)
    throw new UsageError("--gate-on lower needs --min-score S");
  return value;
}
