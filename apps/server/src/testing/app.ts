import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import { buildApp } from "../app";
import { createSession, SESSION_COOKIE } from "../auth/sessions";
import { upsertUser } from "../auth/users";
import type { DialectName } from "../db/database";
import type { Database } from "../db/schema";
import { loadEnv } from "../env";
import { createTestDatabase, type TestDatabase } from "./db";

/** A signed-in test user: the Cookie header value of a new session, its token and the user's id. */
export interface SignedIn {
  cookie: string;
  token: string;
  userId: string;
}

/**
 * Creates (or reuses) the user `email` directly in `db` and opens a session
 * for it, as a sign-in would: for tests that need a session without going
 * through the mail or OAuth flows (also when the app runs in another process).
 */
export async function signInAs(
  db: Kysely<Database>,
  email: string,
  name?: string,
): Promise<SignedIn> {
  const user = await upsertUser(db, { email, name });
  const { token } = await createSession(db, user.id);
  return { cookie: `${SESSION_COOKIE}=${token}`, token, userId: user.id };
}

/** A test app on a fresh database, with helpers to act as a signed-in user. */
export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  /** Creates (or reuses) a user and returns a Cookie header value for a new session. */
  signIn(email: string, name?: string): Promise<SignedIn>;
  close(): Promise<void>;
}

/**
 * Builds the real app (API only) on a fresh SQLite or PostgreSQL database.
 * `env` entries override the defaults (NODE_ENV=test, PUBLIC_URL=http://localhost:3000).
 */
export async function createTestApp(
  dialect: DialectName,
  env: Record<string, string | undefined> = {},
): Promise<TestApp> {
  const database = await createTestDatabase(dialect);
  const appEnv = loadEnv({
    NODE_ENV: "test",
    PUBLIC_URL: "http://localhost:3000",
    LOG_LEVEL: "warn",
    ...env,
  });
  const app = await buildApp({ env: appEnv, database, webDistDir: null });
  await app.ready();
  return {
    app,
    database,
    signIn: (email, name) => signInAs(database.db, email, name),
    async close() {
      await app.close();
      await database.destroy();
    },
  };
}
