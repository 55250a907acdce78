import { fileURLToPath } from "node:url";
import fastifyCookie from "@fastify/cookie";
import fastifyRateLimit from "@fastify/rate-limit";
import fastifyWebsocket from "@fastify/websocket";
import Fastify, { type FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import type { DatabaseHandle, DialectName } from "./db/database";
import type { Database } from "./db/schema";
import type { Env } from "./env";
import { installCsrfGuard } from "./http/csrf";
import { installErrorHandler } from "./http/error-handler";
import { installSpa } from "./http/spa";
import { loggerOptions } from "./logger";
import { registerApiRoutes } from "./routes";

/** Everything route handlers need, decorated on the Fastify instance as `deps`. */
export interface AppDeps {
  env: Env;
  db: Kysely<Database>;
  dialect: DialectName;
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
  });
  app.decorate("deps", { env, db: database.db, dialect: database.dialect } satisfies AppDeps);
  installErrorHandler(app);
  await app.register(fastifyCookie);
  await app.register(fastifyRateLimit, { global: false });
  await app.register(fastifyWebsocket, { options: { maxPayload: 1024 * 1024 } });
  installCsrfGuard(app, [env.PUBLIC_URL, ...env.ALLOWED_ORIGINS]);

  app.get("/healthz", async () => ({ status: "ok" }));
  await app.register(registerApiRoutes, { prefix: "/api" });

  const dist =
    options.webDistDir === undefined ? (env.WEB_DIST_DIR ?? defaultWebDist()) : options.webDistDir;
  await installSpa(app, dist);
  return app;
}
