import { existsSync } from "node:fs";
import { buildApp } from "./app";
import { migrateToLatest, openDatabase } from "./db/database";
import { loadEnv } from "./env";
import { parseLlmConfig } from "./llm";
import { describeLlmSetup } from "./llm/setup-line";
import { fromRepoRoot } from "./paths";

/** Starts the web process: validate env, migrate, serve, shut down cleanly on signals. */
async function main(): Promise<void> {
  const dotenv = fromRepoRoot(".env");
  if (existsSync(dotenv)) process.loadEnvFile(dotenv);
  const env = loadEnv();
  const database = openDatabase(
    env.DATABASE_URL ? { postgresUrl: env.DATABASE_URL } : { sqlitePath: env.SQLITE_PATH },
  );
  await migrateToLatest(database.db);
  const app = await buildApp({ env, database });
  const shutdown = async (signal: string) => {
    app.log.info({ signal }, "shutting down");
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once("SIGINT", () => void shutdown("SIGINT"));
  process.once("SIGTERM", () => void shutdown("SIGTERM"));
  await app.listen({ host: env.HOST, port: env.PORT });
  app.log.info(`Promptune is serving ${env.PUBLIC_URL} (database: ${database.dialect})`);
  app.log.info(describeLlmSetup(parseLlmConfig(env.source)));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
