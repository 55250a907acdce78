/**
 * Runs the browser suite as parallel Playwright shards, each with its own
 * environment: its own block of loopback ports (`E2E_PORT_BASE`), so its own
 * app, fixture LLM, SMTP and OIDC servers and SQLite database. The suite's
 * tests share one environment's state (the fixture LLM's switchable
 * behaviour, for one), so they cannot run as workers of one environment;
 * whole environments side by side can. On two cores two shards take about
 * 0.6 of the time of one (docs/quality.md, "Browser suite").
 *
 * `E2E_SHARDS` sets the count (default: the machine's cores, at most 2 per
 * the measurement above, at least 1). Extra arguments go to every shard.
 * Exits non-zero when any shard fails, after every shard has finished.
 */
import { spawn } from "node:child_process";
import { availableParallelism } from "node:os";

/** Ports between two shards' blocks; a block spans its base to base + 24 (harness/ports.ts). */
const BLOCK_STRIDE = 100;
const FIRST_BASE = Number(process.env.E2E_PORT_BASE ?? 4310);

/** How many shards to run: `E2E_SHARDS`, else one per core up to two. */
function shardCount(env: NodeJS.ProcessEnv, cores: number): number {
  const asked = env.E2E_SHARDS;
  if (asked !== undefined) {
    const n = Number(asked);
    if (!Number.isInteger(n) || n < 1)
      throw new Error(`E2E_SHARDS must be a whole number ≥ 1, got "${asked}"`);
    return n;
  }
  return Math.max(1, Math.min(2, cores));
}

/** Runs shard `index` (1-based) of `total`; resolves with its exit code. */
function runShard(index: number, total: number, extra: string[]): Promise<number> {
  const args = ["playwright", "test", ...extra];
  if (total > 1) args.push(`--shard=${index}/${total}`, `--output=test-results/shard-${index}`);
  const child = spawn("npx", args, {
    env: { ...process.env, E2E_PORT_BASE: String(FIRST_BASE + (index - 1) * BLOCK_STRIDE) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const tag = total > 1 ? `[shard ${index}/${total}] ` : "";
  const relay = (from: NodeJS.ReadableStream, to: NodeJS.WriteStream) => {
    let pending = "";
    from.setEncoding("utf8");
    from.on("data", (chunk: string) => {
      const lines = (pending + chunk).split("\n");
      pending = lines.pop() ?? "";
      for (const line of lines) to.write(`${tag}${line}\n`);
    });
    from.on("end", () => pending && to.write(`${tag}${pending}\n`));
  };
  relay(child.stdout, process.stdout);
  relay(child.stderr, process.stderr);
  return new Promise((resolve) => {
    child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on("error", () => resolve(1));
  });
}

let total: number;
try {
  total = shardCount(process.env, availableParallelism());
} catch (error) {
  console.error((error as Error).message);
  process.exit(2);
}
const codes = await Promise.all(
  Array.from({ length: total }, (_, i) => runShard(i + 1, total, process.argv.slice(2))),
);
const failed = codes.flatMap((code, i) => (code === 0 ? [] : [`shard ${i + 1} (exit ${code})`]));
if (failed.length > 0) {
  console.error(`browser suite failed in ${failed.join(", ")}`);
  process.exit(1);
}
