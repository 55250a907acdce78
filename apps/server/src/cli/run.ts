/**
 * The `promptune` command line: parses the arguments, runs the command and
 * turns every failure into a message and a documented exit code.
 */
import { type CliArgs, type EvalArgs, parseCliArgs, UsageError } from "./args";
import { listDatasets, validateDataset } from "./commands/datasets";
import { runDeploy, runPull, runRollback } from "./commands/deploy";
import { runEval } from "./commands/eval";
import { runOptimize } from "./commands/optimize";
import { runConfigOptimize } from "./config/optimize";
import { prepareConfigEval } from "./config/prepare";
import { environmentWithDotEnv } from "./dotenv";
import { classifyFailure, EXIT } from "./exit-codes";
import { helpText } from "./help";
import type { CliIo } from "./reporters/progress";
import { runEvalOnServer } from "./server-eval";
import { runOptimizeOnServer } from "./server-run";
import { CLI_VERSION } from "./version";

/** What the CLI runs with; tests inject their own. */
export interface CliContext {
  io: CliIo;
  env: Record<string, string | undefined>;
  /** Folder holding datasets/index.json; default: found from this module or DATASETS_DIR. */
  datasetsDir?: string;
  signal?: AbortSignal;
  /** Complete `env` from the working folder's .env file (the real command does). */
  readDotEnv?: boolean;
}

async function runConfigEval(args: EvalArgs & { config: string }, ctx: CliContext) {
  const { args: merged, plan } = await prepareConfigEval(args);
  return runEval(merged, ctx, plan);
}

function dispatch(args: CliArgs, ctx: CliContext): Promise<number> | number {
  switch (args.command) {
    case "help":
      ctx.io.stdout(`${helpText(args.topic)}\n`);
      return EXIT.ok;
    case "version":
      ctx.io.stdout(`promptune ${CLI_VERSION}\n`);
      return EXIT.ok;
    case "datasets":
      return listDatasets(args.json, ctx.io, ctx);
    case "datasets-validate":
      return validateDataset(args, ctx.io);
    case "datasets-pull":
      return runPull(args, ctx);
    case "deploy":
      return runDeploy(args, ctx);
    case "rollback":
      return runRollback(args, ctx);
    case "optimize":
      if (args.server) return runOptimizeOnServer({ ...args, server: args.server }, ctx);
      if (args.config)
        return runConfigOptimize({ ...args, config: args.config }, ctx, args.explicit);
      return runOptimize(args, ctx);
    case "eval":
      if (args.server) return runEvalOnServer({ ...args, server: args.server }, ctx);
      return args.config
        ? runConfigEval({ ...args, config: args.config }, ctx)
        : runEval(args, ctx);
  }
}

/** Runs the CLI and returns the process exit code (see HELP for their meaning). */
export async function runCli(argv: string[], given: CliContext): Promise<number> {
  let args: CliArgs;
  let ctx = given;
  try {
    if (given.readDotEnv) ctx = { ...given, env: await environmentWithDotEnv(given.env) };
    args = parseCliArgs(argv, ctx.env);
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
