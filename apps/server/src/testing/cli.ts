/**
 * Runs the real `promptune` command (apps/server/bin/promptune.mjs) as a
 * child process, the way a CI job runs it, and collects its exit code and
 * output.
 */
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

/** Path of the `promptune` executable script. */
export const CLI_BIN = fileURLToPath(new URL("../../bin/promptune.mjs", import.meta.url));

/** What a finished CLI process left behind. */
export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs `promptune ...args` with only `env` (plus PATH and HOME) so nothing of
 * the developer's own LLM configuration leaks in. `wrap`, when given,
 * wraps the invocation (e.g. `script` for a pseudo-terminal): it receives
 * the full command line and returns the one to run.
 */
export function runCliProcess(
  args: string[],
  env: Record<string, string>,
  options: { cwd?: string; wrap?: (argv: string[]) => string[] } = {},
): Promise<CliRun> {
  const argv = [process.execPath, CLI_BIN, ...args];
  const [file, ...rest] = options.wrap ? options.wrap(argv) : argv;
  return new Promise((resolve, reject) => {
    const child = spawn(file as string, rest, {
      cwd: options.cwd,
      env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => {
      stdout += d.toString();
    });
    child.stderr.on("data", (d: Buffer) => {
      stderr += d.toString();
    });
    child.once("error", reject);
    child.once("close", (code) => resolve({ code, stdout, stderr }));
  });
}
