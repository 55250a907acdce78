import { existsSync } from "node:fs";
import pino from "pino";
import { BudgetRepository } from "./budgets/repository";
import { BudgetService } from "./budgets/service";
import { findDatasetsDir } from "./datasets/location";
import { DatasetRegistry } from "./datasets/registry";
import { migrateToLatest, openDatabase } from "./db/database";
import { loadEnv } from "./env";
import { createLlmGateway, KyselyCache, parseLlmConfig } from "./llm";
import { describeLlmSetup } from "./llm/setup-line";
import { fromRepoRoot } from "./paths";
import { RedisRunEventBus } from "./runs/events-redis";
import { BullRunWorker } from "./runs/queue-bullmq";
import { runHandlerFor } from "./runs/runtime";

/**
 * A queue worker (`npm run worker`, scale-out mode): executes optimisation
 * runs from BullMQ and publishes their events over Redis, so any web process
 * can forward them to the run's socket. Needs REDIS_URL; DATABASE_URL should
 * name the PostgreSQL database the web processes use.
 */
async function main(): Promise<void> {
  const dotenv = fromRepoRoot(".env");
  if (existsSync(dotenv)) process.loadEnvFile(dotenv);
  const env = loadEnv();
  const log = pino({ level: env.LOG_LEVEL, base: { role: "worker", pid: process.pid } });
  if (!env.REDIS_URL)
    throw new Error(
      "The worker needs REDIS_URL (scale-out mode); the embedded mode runs optimisations in the web process.",
    );
  if (!env.DATABASE_URL)
    log.warn(
      "DATABASE_URL is not set: the worker uses the local SQLite file, which only works on the web process's machine",
    );
  const database = openDatabase(
    env.DATABASE_URL ? { postgresUrl: env.DATABASE_URL } : { sqlitePath: env.SQLITE_PATH },
  );
  await migrateToLatest(database.db);
  const llmConfig = parseLlmConfig(env.source);
  log.info(describeLlmSetup(llmConfig));
  // Runs executed here count against their owners' budgets like everywhere else.
  const llm = createLlmGateway(llmConfig, {
    cache: new KyselyCache(database.db),
    logger: log,
    meter: new BudgetService(new BudgetRepository(database.db), env),
  });
  const datasets = new DatasetRegistry(database.db, findDatasetsDir(env.DATASETS_DIR));
  const events = new RedisRunEventBus(env.REDIS_URL, env.REDIS_PREFIX);
  const handler = runHandlerFor(env, { db: database.db, llm, datasets, events, log });
  const worker = new BullRunWorker(handler, {
    redisUrl: env.REDIS_URL,
    prefix: env.REDIS_PREFIX,
    concurrency: env.WORKER_CONCURRENCY,
    lockDurationMs: env.RUN_LOCK_MS,
    stalledIntervalMs: Math.max(500, Math.floor(env.RUN_LOCK_MS / 2)),
  });
  await worker.ready();
  log.info({ concurrency: env.WORKER_CONCURRENCY }, "worker ready for optimization runs");

  const shutdown = async (signal: string) => {
    log.info(
      { signal },
      "worker shutting down; unfinished runs resume elsewhere from their checkpoints",
    );
    await worker.close();
    await events.close();
    await llm.close();
    await database.close();
    process.exit(0);
  };
  process.once("SIGINT", () => void shutdown("SIGINT"));
  process.once("SIGTERM", () => void shutdown("SIGTERM"));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
