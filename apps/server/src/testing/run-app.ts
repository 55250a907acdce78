/**
 * The set-up of every test that runs optimisations through the sockets: the
 * fixture LLM, the real app (API only) on a fresh database, listening on a
 * free loopback port so WebSocket clients can connect.
 */
import type { FastifyInstance } from "fastify";
import type { DialectName } from "../db/database";
import { createTestApp, type TestApp } from "./app";
import { type FixtureLlm, startFixtureLlm } from "./fixture-llm";
import { fixtureRunEnv } from "./llm-env";

/** The app, its fixture LLM and where its run sockets listen. */
export interface RunApp {
  t: TestApp;
  app: FastifyInstance;
  fixture: FixtureLlm;
  /** `ws://127.0.0.1:<port>/api/auto-tune/optimize` (append `/ws` or `/ws/multiagent`). */
  wsBase: string;
  /** Closes the app (and its database), then the fixture LLM. */
  close(): Promise<void>;
}

/**
 * Starts the fixture LLM (with `fixtureOptions`) and the app configured for
 * runs against it (fixtureRunEnv); `env` adds to or overrides those entries.
 * The app listens on 127.0.0.1 at a port the OS picks.
 */
export async function startRunApp(
  dialect: DialectName,
  env: Record<string, string> = {},
  fixtureOptions: Parameters<typeof startFixtureLlm>[0] = {},
): Promise<RunApp> {
  const fixture = await startFixtureLlm(fixtureOptions);
  const t = await createTestApp(dialect, { ...fixtureRunEnv(fixture.url), ...env });
  await t.app.listen({ host: "127.0.0.1", port: 0 });
  const address = t.app.server.address();
  if (!address || typeof address === "string") throw new Error("the test app is not listening");
  return {
    t,
    app: t.app,
    fixture,
    wsBase: `ws://127.0.0.1:${address.port}/api/auto-tune/optimize`,
    async close() {
      await t.close();
      await fixture.close();
    },
  };
}
