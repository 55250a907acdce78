/**
 * A second instance of the built app for tests that need settings of their
 * own (e.g. no LLM provider, so the local model is downloaded): a fresh
 * temporary SQLite database and model folder, the suite's SMTP fixture for
 * sign-in mails, on a port of the suite's block.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { E2E_PORTS } from "./ports";

const serverMain = fileURLToPath(new URL("../../apps/server/dist/main.js", import.meta.url));

/** A running extra app. */
export interface ExtraApp {
  url: string;
  /** Its temporary folder (database, downloaded models). */
  dir: string;
  /** Stops it cleanly (SIGTERM) and removes its folder. */
  stop(): Promise<void>;
  /**
   * Kills its process at once (SIGKILL: no graceful close of sockets or
   * requests, like a crash or a pulled plug) and removes its folder.
   */
  kill(): Promise<void>;
}

/** Starts the built app on `port` with `env` on top of the e2e defaults; resolves once healthy. */
export async function startExtraApp(port: number, env: Record<string, string>): Promise<ExtraApp> {
  const dir = mkdtempSync(join(tmpdir(), "promptune-e2e-extra-"));
  const url = `http://localhost:${port}`;
  const child: ChildProcess = spawn(process.execPath, [serverMain], {
    stdio: ["ignore", "inherit", "inherit"],
    env: {
      PATH: process.env.PATH ?? "",
      NODE_ENV: "production",
      LOG_LEVEL: "warn",
      HOST: "127.0.0.1",
      PORT: String(port),
      PUBLIC_URL: url,
      SQLITE_PATH: join(dir, "app.db"),
      LOCAL_MODEL_DIR: join(dir, "models"),
      SMTP_URL: `smtp://127.0.0.1:${E2E_PORTS.smtp}`,
      MAIL_FROM: "Promptune <no-reply@promptune.test>",
      ...env,
    },
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the extra app exited with ${child.exitCode}`);
    const healthy = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (healthy) break;
    if (Date.now() > deadline) {
      child.kill("SIGTERM");
      throw new Error(`the extra app on port ${port} did not become healthy`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
    rmSync(dir, { recursive: true, force: true });
  };
  return { url, dir, stop: () => end("SIGTERM"), kill: () => end("SIGKILL") };
}
