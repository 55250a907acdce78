/**
 * The operator's command (`npm run -w @promptune/server admin -- …`): reads
 * the same environment as the server (validated the same way), opens and
 * migrates the same database, and runs one admin command.
 */
import { existsSync } from "node:fs";
import { migrateToLatest, openDatabase } from "../db/database";
import { loadEnv } from "../env";
import { fromRepoRoot } from "../paths";
import { BUDGET_USAGE, budgetCommand } from "./budget";

const USAGE = `Promptune admin commands:\n${BUDGET_USAGE}`;

async function main(): Promise<number> {
  const [command, ...args] = process.argv.slice(2);
  const output = {
    out: (line: string) => console.log(line),
    err: (line: string) => console.error(line),
  };
  if (command !== "budget") {
    output.err(USAGE);
    return 2;
  }
  const dotenv = fromRepoRoot(".env");
  if (existsSync(dotenv)) process.loadEnvFile(dotenv);
  const env = loadEnv();
  const database = openDatabase(
    env.DATABASE_URL ? { postgresUrl: env.DATABASE_URL } : { sqlitePath: env.SQLITE_PATH },
  );
  try {
    await migrateToLatest(database.db);
    return await budgetCommand(args, { db: database.db, env, output });
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
