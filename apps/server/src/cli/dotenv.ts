/**
 * `.env` support: the CLI reads `.env` from the working folder (or the file
 * PROMPTUNE_ENV_FILE names) like the server's tooling does, so a project's
 * OPENAI_API_KEY and LLM_MODELS apply without exporting them. Variables
 * already set in the environment win over the file.
 */
import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import { parseEnv } from "node:util";
import { UsageError } from "./args-common";
import { decodeUtf8 } from "./files";

/** `env` completed with the entries of the .env file, when there is one. */
export async function environmentWithDotEnv(
  env: Record<string, string | undefined>,
  cwd = process.cwd(),
): Promise<Record<string, string | undefined>> {
  const path = resolve(cwd, env.PROMPTUNE_ENV_FILE ?? ".env");
  let bytes: Uint8Array;
  try {
    bytes = await readFile(path);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT" && !env.PROMPTUNE_ENV_FILE) return env;
    throw new UsageError(`cannot read the environment file ${path}: ${(err as Error).message}`);
  }
  const fromFile = parseEnv(decodeUtf8(bytes, `environment file ${path}`));
  return {
    ...fromFile,
    ...Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined)),
  };
}
