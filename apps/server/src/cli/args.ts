/**
 * Command-line parsing of `promptune`: `optimize` and `datasets`, with a
 * help text. Errors are UsageError so the entry point can exit with code 2.
 */
import { parseArgs } from "node:util";
import { ITERATIONS } from "@promptune/contracts";

/** A mistake in the command line (exit code 2). */
export class UsageError extends Error {
  override name = "UsageError";
}

/** Parsed `promptune optimize` options. */
export interface OptimizeArgs {
  command: "optimize";
  dataset: string;
  prompt?: string;
  promptFile?: string;
  agentsFile?: string;
  iterations: number;
  model?: string;
  temperature: number;
  seed: number;
  concurrency?: number;
  maxCalls?: number;
  json: boolean;
}

/** A parsed command line. */
export type CliArgs = OptimizeArgs | { command: "datasets"; json: boolean } | { command: "help" };

/** Usage text printed by `promptune help`. */
export const HELP = `Usage:
  promptune optimize --dataset NAME (--prompt TEXT | --prompt-file FILE | --agents FILE)
                     [--iterations N] [--model MODEL] [--temperature T] [--seed S]
                     [--concurrency C] [--max-calls N] [--json]
  promptune datasets [--json]
  promptune help

optimize   tunes a system prompt (or, with --agents, a multi-agent configuration
           given as JSON {"master-agent": {...}, "worker-agents": [...]}) against a
           bundled dataset and prints per-iteration validation scores, held-out
           test scores and the final prompt. --json prints one JSON object per line.
           With --agents, --model and --temperature do not apply: every agent
           keeps its own model and temperature.
datasets   lists the bundled datasets.

Models come from the environment (OPENAI_BASE_URL, OPENAI_API_KEY, LLM_MODELS, …;
see docs/llm.md). Defaults: --iterations 4, --temperature 0.7, --seed 1,
--model the configured default model.`;

function number(
  value: string | undefined,
  name: string,
  check: (n: number) => boolean,
  hint: string,
): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isFinite(n) || !check(n)) throw new UsageError(`--${name} must be ${hint}`);
  return n;
}

/** Parses `argv` (without node and script). */
export function parseCliArgs(argv: string[]): CliArgs {
  const [command, ...rest] = argv;
  if (!command || command === "help" || command === "--help" || command === "-h")
    return { command: "help" };
  if (command === "datasets") {
    const { values } = parseArgs({
      args: rest,
      options: { json: { type: "boolean", default: false } },
      strict: true,
    });
    return { command: "datasets", json: values.json ?? false };
  }
  if (command !== "optimize") throw new UsageError(`unknown command "${command}"`);
  let values: Record<string, string | boolean | undefined>;
  try {
    values = parseArgs({
      args: rest,
      strict: true,
      options: {
        dataset: { type: "string", short: "d" },
        prompt: { type: "string", short: "p" },
        "prompt-file": { type: "string" },
        agents: { type: "string" },
        iterations: { type: "string", short: "n" },
        model: { type: "string", short: "m" },
        temperature: { type: "string", short: "t" },
        seed: { type: "string" },
        concurrency: { type: "string" },
        "max-calls": { type: "string" },
        json: { type: "boolean", default: false },
      },
    }).values;
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  const str = (k: string) => (typeof values[k] === "string" ? (values[k] as string) : undefined);
  const dataset = str("dataset");
  if (!dataset) throw new UsageError("--dataset is required (see `promptune datasets`)");
  const sources = ["prompt", "prompt-file", "agents"].filter((k) => str(k) !== undefined);
  if (sources.length !== 1)
    throw new UsageError("give exactly one of --prompt, --prompt-file or --agents");
  const iterations =
    number(
      str("iterations"),
      "iterations",
      (n) => Number.isInteger(n) && n >= ITERATIONS.min && n <= ITERATIONS.max,
      `a whole number from ${ITERATIONS.min} to ${ITERATIONS.max}`,
    ) ?? ITERATIONS.unspecifiedFallback;
  const temperature =
    number(str("temperature"), "temperature", (n) => n >= 0 && n <= 1, "between 0 and 1") ?? 0.7;
  const seed =
    number(str("seed"), "seed", (n) => Number.isInteger(n) && n >= 0, "a non-negative integer") ??
    1;
  const positive = (n: number) => Number.isInteger(n) && n >= 1;
  return {
    command: "optimize",
    dataset,
    prompt: str("prompt"),
    promptFile: str("prompt-file"),
    agentsFile: str("agents"),
    iterations,
    model: str("model"),
    temperature,
    seed,
    concurrency: number(str("concurrency"), "concurrency", positive, "a positive integer"),
    maxCalls: number(str("max-calls"), "max-calls", positive, "a positive integer"),
    json: values.json === true,
  };
}
