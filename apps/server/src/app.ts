import { randomUUID } from "node:crypto";
import { fileURLToPath } from "node:url";
import fastifyCookie from "@fastify/cookie";
import fastifyWebsocket from "@fastify/websocket";
import Fastify, { type FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import { BudgetRepository } from "./budgets/repository";
import { BudgetService } from "./budgets/service";
import { findDatasetsDir } from "./datasets/location";
import { DatasetRegistry } from "./datasets/registry";
import type { DatabaseHandle, DialectName } from "./db/database";
import type { Database } from "./db/schema";
import type { Env } from "./env";
import { installCsrfGuard } from "./http/csrf";
import { frameworkErrorHandler, installErrorHandler } from "./http/error-handler";
import { installJsonBodyParser } from "./http/json-body";
import { installNulGuard } from "./http/nul-guard";
import { installSecurityHeaders } from "./http/security-headers";
import { installSpa } from "./http/spa";
import { startTelegramBots } from "./integration/telegram";
import { createLlmGateway, KyselyCache, type LlmGateway, parseLlmConfig } from "./llm";
import { loggerOptions } from "./logger";
import { startSweeper } from "./maintenance/sweeper";
import { registerApiRoutes } from "./routes";
import type { RunEventBus } from "./runs/events";
import type { RunRepository } from "./runs/repository";
import { createRunsRuntime } from "./runs/runtime";
import type { RunService } from "./runs/service";

/** Everything route handlers need, decorated on the Fastify instance as `deps`. */
export interface AppDeps {
  env: Env;
  db: Kysely<Database>;
  dialect: DialectName;
  /** The LLM gateway (OpenAI-compatible providers or local models). */
  llm: LlmGateway;
  /** Per-user budgets: the gateway's usage meter, run estimate checks, usage reports. */
  budgets: BudgetService;
  /** Bundled and uploaded evaluation datasets. */
  datasets: DatasetRegistry;
  runs: RunRepository;
  runService: RunService;
  runEvents: RunEventBus;
}

declare module "fastify" {
  interface FastifyInstance {
    deps: AppDeps;
  }
}

export interface BuildAppOptions {
  env: Env;
  database: DatabaseHandle;
  /** Folder of the built web app; null serves the API only. Defaults to apps/web/dist. */
  webDistDir?: string | null;
  /**
   * A gateway to use instead of one built from env (tests share one across
   * apps). Its calls are only metered against budgets if it was created with
   * a meter.
   */
  llm?: LlmGateway;
  /** Re-queue runs left unfinished by a previous process (embedded mode). Default true. */
  resumeRuns?: boolean;
}

/** Default location of the built SPA, relative to this module (works bundled and from source). */
export function defaultWebDist(): string {
  return fileURLToPath(new URL("../../web/dist", import.meta.url));
}

/**
 * Builds the Fastify app (API under /api, WebSockets, SPA) without listening,
 * so tests can inject requests or listen on a random port.
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { env, database } = options;
  const app = Fastify({
    logger: loggerOptions(env),
    trustProxy: env.TRUST_PROXY ?? false,
    bodyLimit: 2 * 1024 * 1024,
    frameworkErrors: frameworkErrorHandler,
    // Unique across processes and restarts: users quote it from error messages.
    genReqId: () => randomUUID(),
  });
  const budgets = new BudgetService(new BudgetRepository(database.db), env);
  const llm =
    options.llm ??
    createLlmGateway(parseLlmConfig(env.source), {
      cache: new KyselyCache(database.db),
      logger: app.log,
      meter: budgets,
    });
  const datasets = new DatasetRegistry(database.db, findDatasetsDir(env.DATASETS_DIR));
  const runtime = createRunsRuntime(env, {
    db: database.db,
    llm,
    datasets,
    log: app.log,
    budgets,
  });
  app.decorate("deps", {
    env,
    db: database.db,
    dialect: database.dialect,
    llm,
    budgets,
    datasets,
    runs: runtime.runs,
    runService: runtime.service,
    runEvents: runtime.events,
  } satisfies AppDeps);
  const telegram = await startTelegramBots(app.deps, app.log);
  app.addHook("onClose", async () => {
    await telegram.stop();
    await runtime.close();
    if (!options.llm) await llm.close();
  });
  installErrorHandler(app);
  installJsonBodyParser(app);
  installSecurityHeaders(app, env.PUBLIC_URL);
  await app.register(fastifyCookie);
  await app.register(fastifyWebsocket, { options: { maxPayload: 1024 * 1024 } });
  app.get("/healthz", async () => ({ status: "ok" }));
  // The guards are hooks of the /api scope: they run on every routed API call,
  // however its path was spelled (`/%61pi/...` routes to `/api/...` too).
  await app.register(
    async (api) => {
      installCsrfGuard(api, [env.PUBLIC_URL, ...env.ALLOWED_ORIGINS]);
      installNulGuard(api);
      await api.register(registerApiRoutes);
    },
    { prefix: "/api" },
  );

  const dist =
    options.webDistDir === undefined ? (env.WEB_DIST_DIR ?? defaultWebDist()) : options.webDistDir;
  await installSpa(app, dist);
  if (options.resumeRuns !== false) {
    const resumed = await runtime.resumeUnfinished();
    if (resumed) app.log.info({ resumed }, "resumed unfinished optimization runs");
  }
  const stopSweeper = startSweeper(
    {
      db: database.db,
      runs: runtime.runs,
      events: runtime.events,
      queueHolds: (runId) => runtime.queue.holds(runId),
      log: app.log,
    },
    env.MAINTENANCE_INTERVAL_MS,
  );
  app.addHook("onClose", stopSweeper);
  return app;
}
