/**
 * Shared set-up of the hardening tests (authorisation matrix, fuzzing,
 * faults): the real app on a real database, the fixture LLM, a listening
 * port for the sockets, and small helpers to call it as a given user.
 */
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import WebSocket from "ws";
import type { DialectName } from "../db/database";
import { createTestApp, type TestApp } from "../testing/app";
import { writeTestDatasets } from "../testing/datasets";
import { type FixtureLlm, startFixtureLlm } from "../testing/fixture-llm";

/** The app, its fixture LLM and where its sockets listen. */
export interface HardeningApp {
  t: TestApp;
  app: FastifyInstance;
  fixture: FixtureLlm;
  /** `ws://127.0.0.1:<port>/api/auto-tune/optimize` (append `/ws` or `/ws/multiagent`). */
  wsBase: string;
  close(): Promise<void>;
}

/**
 * Starts the fixture LLM and the app (API only) on a fresh database, with
 * limits raised so that the tests exercise validation and authorisation, not
 * the rate limiters (those have their own tests). `env` overrides anything.
 */
export async function startHardeningApp(
  dialect: DialectName,
  env: Record<string, string> = {},
  fixtureOptions: Parameters<typeof startFixtureLlm>[0] = {},
): Promise<HardeningApp> {
  const fixture = await startFixtureLlm(fixtureOptions);
  const t = await createTestApp(dialect, {
    OPENAI_BASE_URL: fixture.url,
    OPENAI_API_KEY: "test-key",
    LLM_MODELS: "fixture-small,fixture-large",
    LLM_DEFAULT_MODEL: "fixture-small",
    LLM_JUDGE_MODEL: "fixture-small",
    LLM_REFLECTION_MODEL: "fixture-large",
    LLM_RETRY_BASE_MS: "5",
    LLM_CHAT_RATE_LIMIT_PER_MINUTE: "10000",
    AUTH_RATE_LIMIT_PER_EMAIL: "10000",
    AUTH_RATE_LIMIT_PER_IP: "10000",
    AUTH_VERIFY_LIMIT_PER_IP: "10000",
    RUNS_MAX_ACTIVE_PER_USER: "50",
    DATASET_UPLOADS_PER_HOUR: "100000",
    DATASETS_DIR: writeTestDatasets(),
    ...env,
  });
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
  const headers: Record<string, string> = { origin: who.origin ?? app.deps.env.PUBLIC_URL };
  if (who.cookie) headers.cookie = who.cookie;
  if (body !== undefined) headers["content-type"] = "application/json";
  return app.inject({
    method,
    url,
    headers,
    ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
  });
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

/** A single-agent socket request for the test dataset. */
export function singleRequest(iterations: number, prompt = "You are a support assistant.") {
  return {
    prompt,
    dataset_name: "tiny-help",
    model_name: "fixture-small",
    iterations,
    temperature: 0.7,
  };
}

/** One agent of a multi-agent configuration on the fixture's small model. */
export function agent(name: string, prompt: string) {
  return {
    name,
    prompt,
    model_name: "fixture-small",
    temperature: 0.5,
    description: `${name} agent`,
  };
}

/** A multi-agent socket request (coordinator + two workers) for the test dataset. */
export function multiRequest(iterations: number, datasetName = "tiny-help") {
  return {
    dataset_name: datasetName,
    iterations,
    "master-agent": agent("master", "You coordinate the support team."),
    "worker-agents": [
      agent("Expert", "You know the shop's policies."),
      agent("Writer", "You write the final answer."),
    ],
  };
}

/** Polls `check` until it returns a value (bounded; fails the test on timeout). */
export async function waitFor<T>(
  check: () => Promise<T | undefined>,
  what: string,
  timeoutMs = 30_000,
): Promise<T> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    const value = await check();
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** A message a run's socket received. */
export interface RunMessage {
  type: string;
  data?: { iteration: number; prompt?: string } & Record<string, unknown>;
  result?: { run_id: string } & Record<string, unknown>;
  error?: string;
  detail?: string;
  request_id?: string;
}

/** An open run socket: its messages so far and a promise of its close. */
export interface OpenRun {
  messages: RunMessage[];
  closed: Promise<{ code: number; reason: string }>;
}

/** Opens a run socket, sends `request`, and records every message (the test may act meanwhile). */
export function openRun(url: string, cookie: string, request: unknown): OpenRun {
  const ws = new WebSocket(url, { headers: { cookie } });
  const messages: RunMessage[] = [];
  const closed = new Promise<{ code: number; reason: string }>((resolve, reject) => {
    ws.on("close", (code, reason) => resolve({ code, reason: reason.toString() }));
    ws.on("error", reject);
  });
  ws.on("open", () => ws.send(JSON.stringify(request)));
  ws.on("message", (d) => messages.push(JSON.parse(d.toString()) as RunMessage));
  return { messages, closed };
}

/** Resolves like `promise`, or fails after `ms` naming what never came (so a hung run fails fast). */
export function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms waiting for ${what}`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
