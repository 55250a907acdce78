/**
 * The app as it serves the built web client: tests of the server shell
 * (pages, hashed assets, security headers) build it over a minimal web build.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../app";
import { loadEnv } from "../env";
import { createTestDatabase } from "./db";

/** The hashed asset of the test web build, as the app serves it. */
export const TEST_ASSET_PATH = "/assets/index-abc123.js";

/** Writes a minimal web build (index.html and one hashed script) to a new temporary folder. */
function writeTestWebDist(): string {
  const dist = mkdtempSync(join(tmpdir(), "promptune-dist-"));
  mkdirSync(join(dist, "assets"));
  writeFileSync(join(dist, "index.html"), "<!doctype html><div id=root></div>");
  writeFileSync(join(dist, TEST_ASSET_PATH.slice(1)), "console.log(1)");
  return dist;
}

/** The app serving the test web build, and how to take it all down. */
export interface WebShell {
  app: FastifyInstance;
  /** Closes the app, deletes its database and the web build. */
  close(): Promise<void>;
}

/**
 * Builds the real app (API and web client) on a fresh SQLite database,
 * serving a minimal web build; `env` adds to NODE_ENV=test (e.g. PUBLIC_URL).
 */
export async function startWebShell(env: Record<string, string>): Promise<WebShell> {
  const database = await createTestDatabase("sqlite");
  const dist = writeTestWebDist();
  const removeAll = async () => {
    await database.destroy();
    rmSync(dist, { recursive: true, force: true });
  };
  try {
    const app = await buildApp({
      env: loadEnv({ NODE_ENV: "test", ...env }),
      database,
      webDistDir: dist,
    });
    return {
      app,
      async close() {
        await app.close();
        await removeAll();
      },
    };
  } catch (error) {
    await removeAll();
    throw error;
  }
}
