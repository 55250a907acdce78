/**
 * The `promptune` command line: parses the arguments, runs the command and
 * turns every failure into a message and a documented exit code.
 */
import { type CliArgs, parseCliArgs, UsageError } from "./args";
import { listDatasets, validateDataset } from "./commands/datasets";
import { runEval } from "./commands/eval";
import { runOptimize } from "./commands/optimize";
import { classifyFailure, EXIT } from "./exit-codes";
import { HELP } from "./help";
import type { CliIo } from "./reporters/progress";

/** What the CLI runs with; tests inject their own. */
export interface CliContext {
  io: CliIo;
  env: Record<string, string | undefined>;
  /** Folder holding datasets/index.json; default: found from this module or DATASETS_DIR. */
  datasetsDir?: string;
  signal?: AbortSignal;
}

function dispatch(args: CliArgs, ctx: CliContext): Promise<number> | number {
  switch (args.command) {
    case "help":
      ctx.io.stdout(`${HELP}\n`);
      return EXIT.ok;
    case "datasets":
      return listDatasets(args.json, ctx.io, ctx);
    case "datasets-validate":
      return validateDataset(args, ctx.io);
    case "optimize":
      return runOptimize(args, ctx);
    case "eval":
      return runEval(args, ctx);
  }
}

/** Runs the CLI and returns the process exit code (see HELP for their meaning). */
export async function runCli(argv: string[], ctx: CliContext): Promise<number> {
  let args: CliArgs;
  try {
    args = parseCliArgs(argv);
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    ctx.io.stderr(`promptune: ${err.message}\n\nRun \`promptune help\` for usage.\n`);
    return EXIT.usage;
  }
  try {
    return await dispatch(args, ctx);
  } catch (err) {
    const { code, message } = classifyFailure(err);
    ctx.io.stderr(`${code === EXIT.cancelled ? "\n" : ""}promptune: ${message}\n`);
    return code;
  }
}
