import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";

/** A free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** A server entry point run from source with tsx in a child process. */
export interface ServerProcess {
  child: ChildProcess;
  /** Output so far (for failure messages). */
  output(): string;
  kill(signal?: NodeJS.Signals): Promise<void>;
}

/**
 * Starts `apps/server/src/<entry>` (main.ts or worker.ts) as a separate Node
 * process with the given environment, the way production runs it.
 */
export function startServerProcess(
  entry: "main.ts" | "worker.ts",
  env: Record<string, string>,
  nodeArgs: string[] = [],
): ServerProcess {
  const file = fileURLToPath(new URL(`../${entry}`, import.meta.url));
  const child = spawn(process.execPath, [...nodeArgs, "--import", "tsx", file], {
    env: { ...process.env, NODE_ENV: "test", LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout?.on("data", (d: Buffer) => {
    out += d.toString();
  });
  child.stderr?.on("data", (d: Buffer) => {
    out += d.toString();
  });
  return {
    child,
    output: () => out,
    kill(signal = "SIGTERM") {
      return new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill(signal);
      });
    },
  };
}

/** Waits until `url` answers 200 (a started web process), or fails with the process output. */
export async function waitForHttp(
  url: string,
  proc: ServerProcess,
  timeoutMs = 30_000,
): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (proc.child.exitCode !== null) throw new Error(`process exited early:\n${proc.output()}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`timed out waiting for ${url}:\n${proc.output()}`);
}

/** Waits until the process prints `text`. */
export async function waitForOutput(
  proc: ServerProcess,
  text: string,
  timeoutMs = 30_000,
): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (proc.output().includes(text)) return;
    if (proc.child.exitCode !== null) throw new Error(`process exited early:\n${proc.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for "${text}":\n${proc.output()}`);
}
