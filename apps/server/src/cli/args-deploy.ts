/**
 * Parsing of the server commands of issue 25, item 5: `promptune deploy
 * RUN_ID [--iteration N | --frontier-point K] [--override]`, `promptune rollback VERSION_ID` and
 * `promptune datasets pull feedback[-chat|-telegram] [--out FILE]`, each
 * with `--server URL` (or PROMPTUNE_SERVER) and the token in PROMPTUNE_TOKEN.
 */
import { numberOption, parseOptions, stringOption, UsageError } from "./args-common";

/** `promptune deploy RUN_ID`. */
export interface DeployArgs {
  command: "deploy";
  server: string;
  runId: string;
  iteration?: number;
  frontierPoint?: number;
  override: boolean;
  json: boolean;
}

/** `promptune rollback VERSION_ID`. */
export interface RollbackArgs {
  command: "rollback";
  server: string;
  versionId: string;
  json: boolean;
}

/** `promptune datasets pull NAME`: `feedback` is both Feedback datasets. */
export interface PullArgs {
  command: "datasets-pull";
  server: string;
  names: Array<"feedback-chat" | "feedback-telegram">;
  out?: string;
}

/** The server of a command: --server, else PROMPTUNE_SERVER; a usage error without one. */
function serverOf(value: string | undefined, env: Record<string, string | undefined>): string {
  const server = value ?? env.PROMPTUNE_SERVER;
  if (!server) throw new UsageError("this command needs --server URL (or PROMPTUNE_SERVER)");
  if (!/^https?:\/\/[^\s/]+/.test(server))
    throw new UsageError(
      "--server must be the server's URL, such as https://promptune.example.com",
    );
  return server;
}

/** The one positional argument `what` of `command`. */
function single(command: string, what: string, positionals: string[]): string {
  const [value, ...extra] = positionals;
  if (!value) throw new UsageError(`${command} needs ${what}`);
  if (extra.length) throw new UsageError(`unexpected argument "${extra[0]}" for ${command}`);
  return value;
}

/** Parses `deploy RUN_ID [--iteration N] [--override] [--json] --server URL`. */
export function parseDeploy(rest: string[], env: Record<string, string | undefined>): DeployArgs {
  const { values, positionals } = parseOptions(rest, {
    server: { type: "string" },
    iteration: { type: "string" },
    "frontier-point": { type: "string" },
    override: { type: "boolean" },
    json: { type: "boolean" },
  });
  const iteration = numberOption(
    values,
    "iteration",
    (n) => Number.isInteger(n) && n >= 0,
    "a whole number, 0 or more",
  );
  const frontierPoint = numberOption(
    values,
    "frontier-point",
    (n) => Number.isInteger(n) && n >= 1,
    "a whole number, 1 or more (the row of the cost-quality table)",
  );
  if (iteration !== undefined && frontierPoint !== undefined)
    throw new UsageError("use --iteration or --frontier-point, not both");
  return {
    command: "deploy",
    server: serverOf(stringOption(values, "server"), env),
    runId: single("deploy", "a RUN_ID", positionals),
    ...(iteration !== undefined ? { iteration } : {}),
    ...(frontierPoint !== undefined ? { frontierPoint } : {}),
    override: values.override === true,
    json: values.json === true,
  };
}

/** Parses `rollback VERSION_ID [--json] --server URL`. */
export function parseRollback(
  rest: string[],
  env: Record<string, string | undefined>,
): RollbackArgs {
  const { values, positionals } = parseOptions(rest, {
    server: { type: "string" },
    json: { type: "boolean" },
  });
  return {
    command: "rollback",
    server: serverOf(stringOption(values, "server"), env),
    versionId: single("rollback", "a VERSION_ID (see GET /api/integration/deploys)", positionals),
    json: values.json === true,
  };
}

/** Parses `datasets pull NAME [--out FILE] --server URL` (after `datasets pull`). */
export function parsePull(rest: string[], env: Record<string, string | undefined>): PullArgs {
  const { values, positionals } = parseOptions(rest, {
    server: { type: "string" },
    out: { type: "string", short: "o" },
  });
  const name = single("datasets pull", "a dataset name (feedback)", positionals);
  const names =
    name === "feedback"
      ? (["feedback-telegram", "feedback-chat"] as const)
      : name === "feedback-chat" || name === "feedback-telegram"
        ? ([name] as const)
        : null;
  if (!names)
    throw new UsageError(
      `datasets pull knows feedback, feedback-chat and feedback-telegram, not "${name}"`,
    );
  const out = stringOption(values, "out");
  return {
    command: "datasets-pull",
    server: serverOf(stringOption(values, "server"), env),
    names: [...names],
    ...(out !== undefined ? { out } : {}),
  };
}
