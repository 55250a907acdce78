/**
 * Set-up of the hardening tests (authorisation matrix, fuzzing, faults) on
 * top of the shared run app (testing/run-app): limits raised so the tests
 * exercise validation and authorisation, not the rate limiters, plus calling
 * the API as a given caller and a small uploadable dataset.
 */
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import type { DialectName } from "../db/database";
import type { startFixtureLlm } from "../testing/fixture-llm";
import { callApi } from "../testing/http";
import { type RunApp, startRunApp } from "../testing/run-app";

/** The app, its fixture LLM and where its sockets listen. */
export type HardeningApp = RunApp;

/**
 * Starts the fixture LLM and the app (API only) on a fresh database, with
 * limits raised so that the tests exercise validation and authorisation, not
 * the rate limiters (those have their own tests). `env` overrides anything.
 */
export function startHardeningApp(
  dialect: DialectName,
  env: Record<string, string> = {},
  fixtureOptions: Parameters<typeof startFixtureLlm>[0] = {},
): Promise<HardeningApp> {
  return startRunApp(
    dialect,
    {
      LLM_RETRY_BASE_MS: "5",
      LLM_CHAT_RATE_LIMIT_PER_MINUTE: "10000",
      ESTIMATE_RATE_LIMIT_PER_MINUTE: "100000",
      AUTH_RATE_LIMIT_PER_EMAIL: "10000",
      AUTH_RATE_LIMIT_PER_IP: "10000",
      AUTH_VERIFY_LIMIT_PER_IP: "10000",
      RUNS_MAX_ACTIVE_PER_USER: "50",
      DATASET_UPLOADS_PER_HOUR: "100000",
      ...env,
    },
    fixtureOptions,
  );
}

/** Who makes a call: a session cookie (or none) and the browser Origin it sends. */
export interface Caller {
  cookie?: string;
  /** Origin header; defaults to the app's PUBLIC_URL (a same-site browser call). */
  origin?: string;
}

/** Calls the API as `who`, sending `body` as JSON when given. */
export function call(
  app: FastifyInstance,
  who: Caller,
  method: "GET" | "POST" | "PUT" | "DELETE",
  url: string,
  body?: unknown,
): Promise<LightMyRequestResponse> {
  return callApi(app, method, url, body, who);
}

/** JSONL text of a small valid dataset the fixture LLM can score (`n` examples). */
export function datasetJsonl(n: number, tag = "case"): string {
  const items = ["ask for the order number", "apologize for the delay", "offer a return label"];
  return Array.from({ length: n }, (_, i) =>
    JSON.stringify({
      id: `${tag}-${i + 1}`,
      dialog: [{ type: "human", content: `Where is parcel ${i + 1}? (${tag})` }],
      reference: `Sorry. Let me ${items[i % 3]}.`,
      rubric: [items[i % 3], items[(i + 1) % 3]],
    }),
  ).join("\n");
}
