/**
 * Entry point of the `promptune` command (apps/server/bin wires
 * `npx promptune` here). Ctrl-C cancels a running optimisation cleanly.
 */
import { runCli } from "./run";

const controller = new AbortController();
process.once("SIGINT", () => controller.abort());

process.exitCode = await runCli(process.argv.slice(2), {
  io: {
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    interactive: Boolean(process.stderr.isTTY),
    columns: process.stderr.columns,
  },
  env: process.env,
  signal: controller.signal,
});
