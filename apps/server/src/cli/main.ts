/**
 * Entry point of the `promptune` command (apps/server/bin wires
 * `npx promptune` here). The first Ctrl-C cancels the run: no new model call
 * starts, the calls in flight are aborted and the partial reports are
 * written before the command exits 130; a second Ctrl-C exits at once.
 */
import { runCli } from "./run";

const controller = new AbortController();
process.on("SIGINT", () => {
  if (controller.signal.aborted) process.exit(130);
  controller.abort();
});

process.exitCode = await runCli(process.argv.slice(2), {
  io: {
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    interactive: Boolean(process.stderr.isTTY),
    columns: process.stderr.columns,
  },
  env: process.env,
  readDotEnv: true,
  signal: controller.signal,
});
