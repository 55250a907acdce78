/**
 * A rule world's run as a user makes it: the real app (API only, on a fresh
 * SQLite database, its production gateway and response cache) pointed at the
 * world's model server, the world's rows uploaded as a JSONL dataset, the run
 * started over REST with the world's seed prompt and temperature, and the
 * outcome read from the run's history record — the presented step's prompt
 * at the temperature the record says the run presents. So the row measures
 * what the product hands its user (and its bots), not what the engine
 * returns to a caller: the upload's validation, the product's split, the
 * server's estimate as the call cap, the stored record and its reload.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type DatasetExample, type HistoryRecord, HistoryRecordSchema } from "@promptune/contracts";
import { createTestApp } from "../../apps/server/src/testing/app";
import { Prng } from "../../packages/engine/src/util/prng";
import { MODELS } from "./dispatch";
import { RuleAgents } from "./rule-agents";
import { ruleDispatch } from "./rule-dispatch";
import { mislabel, outcome, ruleExample } from "./rule-runners";
import { RuleWorld } from "./rule-world";
import { seedSetup } from "./rule-world-draw";
import type { RuleWorldSpec } from "./rule-world-spec";
import type { RunOutcome } from "./run-outcome";
import type { WorldServer } from "./server";

/** Longest wait for one run through the server. */
const RUN_TIMEOUT_MS = 15 * 60_000;

/**
 * Promptune single-agent in a seed's rule world through the real server:
 * `rows` examples uploaded, `iterations` iterations at the product's cap.
 */
export async function runRuleViaServer(
  server: WorldServer,
  spec: RuleWorldSpec,
  seed: number,
  iterations: number,
  rows: number,
): Promise<RunOutcome> {
  const world = new RuleWorld(spec, seed);
  const agents = new RuleAgents(world, seed);
  // the rows --product-split draws for the same seed, every one answerable (the server evaluates
  // the held-out part too)
  const questions = world.questions(rows, "r", new Prng(seed * 31 + 5));
  for (const q of questions) {
    mislabel(q, seed);
    agents.book.set(q.id, q);
  }
  agents.known.add(world.seedPrompt);
  server.setHandler((call) => ruleDispatch(call, agents));
  const record = await runThroughApp(server, seed, {
    dataset: {
      name: `${spec.name}-${seed}`,
      title: spec.title,
      description: spec.description,
      metric: spec.metric,
      rows: questions.map((q) => ruleExample(world, q)),
    },
    start: {
      mode: "single",
      prompt: world.seedPrompt,
      model_name: MODELS.assistant,
      iterations,
      temperature: seedSetup.temperature,
    },
  });
  const presented = presentedOf(record, world.seedPrompt);
  return outcome(world, server, presented.prompt, presented.temperature, record.best_score ?? 0, [
    world.seedPrompt,
    ...record.steps.map((s) => s.prompt),
  ]);
}

/** What a user uploads and starts: the dataset (its rows as examples) and the run's request. */
export interface AppRun {
  dataset: {
    name: string;
    title: string;
    description: string;
    metric: "exact" | "judge";
    rows: DatasetExample[];
  };
  /** The REST start request without `dataset_name` (the upload's name is used). */
  start: Record<string, unknown> & { mode: "single" | "multi" };
}

/**
 * Runs `run` through a fresh app (API only, SQLite, the production gateway and response cache)
 * pointed at the world's model server, as a user does: sign in, upload the dataset as JSONL,
 * start the run over REST, and wait for its history record, which is returned as a reload
 * reads it. The world's handler must already be set; its counters are reset before the start.
 */
export async function runThroughApp(
  server: WorldServer,
  seed: number,
  run: AppRun,
): Promise<HistoryRecord> {
  // no bundled datasets: the run's is the user's upload
  const datasetsDir = mkdtempSync(join(tmpdir(), "promptune-bench-datasets-"));
  writeFileSync(join(datasetsDir, "index.json"), "[]");
  const t = await createTestApp("sqlite", {
    OPENAI_BASE_URL: server.url,
    OPENAI_API_KEY: "bench",
    LLM_MODELS: Object.values(MODELS).join(","),
    LLM_DEFAULT_MODEL: MODELS.assistant,
    LLM_REFLECTION_MODEL: MODELS.reflection,
    LLM_JUDGE_MODEL: MODELS.reflection,
    LLM_CONCURRENCY: "16",
    RUN_SEED: String(seed),
    DATASETS_DIR: datasetsDir,
    LOG_LEVEL: "error",
  });
  try {
    const { cookie } = await t.signIn("bench@example.com", "Bench");
    const call = async (method: "GET" | "POST", url: string, body?: unknown) => {
      const res = await t.app.inject({
        method,
        url,
        headers: { cookie, ...(body ? { "content-type": "application/json" } : {}) },
        ...(body ? { payload: JSON.stringify(body) } : {}),
      });
      if (res.statusCode >= 400) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
      return res.json().data;
    };
    const { rows, ...dataset } = run.dataset;
    await call("POST", "/api/datasets", {
      ...dataset,
      format: "jsonl",
      content: rows.map((r) => JSON.stringify(r)).join("\n"),
    });
    server.reset();
    const started = (await call("POST", "/api/auto-tune/optimize/runs", {
      ...run.start,
      dataset_name: dataset.name,
    })) as { run_id: string };
    return await finished(
      async () =>
        HistoryRecordSchema.parse(
          await call("GET", `/api/auto-tune/optimize/history/${started.run_id}`),
        ),
      started.run_id,
    );
  } finally {
    await t.close();
    rmSync(datasetsDir, { recursive: true, force: true });
  }
}

/** Polls the run's record until it is finished; throws on a failed or stuck run. */
async function finished(read: () => Promise<HistoryRecord>, runId: string) {
  const deadline = Date.now() + RUN_TIMEOUT_MS;
  for (;;) {
    const record = await read();
    if (record.status === "completed") return record;
    if (record.status !== "queued" && record.status !== "running")
      throw new Error(`run ${runId} ended ${record.status}: ${record.error ?? ""}`);
    if (Date.now() > deadline) throw new Error(`run ${runId} did not finish in time`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * What the product presents, as its reload reads it: the best iteration's step (the initial
 * prompt when that is 0) at the record's presented temperature.
 */
function presentedOf(record: HistoryRecord, seedPrompt: string) {
  const step = record.steps.find((s) => s.step_number === record.best_iteration);
  const prompt = step?.prompt ?? seedPrompt;
  const own = step?.temperature ?? record.configuration.temperature;
  return { prompt, temperature: record.presented_temperature ?? own };
}
