/**
 * The fuzz tests' targets (one per registered route, with a valid body to
 * mutate), the invariant every HTTP answer must hold, and socket messages
 * that can never be a valid request.
 */
import fc from "fast-check";
import type { LightMyRequestResponse } from "fastify";
import { expect } from "vitest";
import { agent } from "../testing/requests";
import { datasetJsonl } from "./harness";
import { hostileSegment, hostileValue, wrongType } from "./hostile";

export type Method = "GET" | "POST" | "PUT" | "DELETE";

/** One fuzzed route: its pattern, how to fill path parameters, and a valid body to start from. */
export interface Target {
  route: string;
  /** Path parameter values to try (default: none). */
  param?: fc.Arbitrary<string>;
  /** A valid body; the fuzzer sends it mutated, polluted, or replaced by junk. */
  base?: Record<string, unknown>;
  /** Call without the session (sign-out would end it). */
  anonymous?: boolean;
  /** A 5xx the route answers by design whatever the input (503: feature not configured). */
  unavailable?: number;
}

const dialog = [{ type: "human", content: "Hello" }];
/** A Feedback dataset name or a hostile path segment (also used for a row id). */
const feedbackName = fc.oneof(
  fc.constantFrom("feedback-chat", "feedback-telegram"),
  hostileSegment,
);
const config = { model_name: "fixture-small", prompt: "Be helpful.", temperature: 0.5 };
const team = {
  "master-agent": agent("master", "You coordinate."),
  "worker-agents": [agent("Expert", "You know things.")],
};

export const TARGETS: Target[] = [
  { route: "GET /healthz" },
  { route: "GET /api" },
  { route: "GET /api/openapi.json" },
  { route: "GET /api/docs" },
  { route: "GET /api/auth/status" },
  { route: "POST /api/auth/signout", anonymous: true, base: {} },
  { route: "POST /api/auth/signup", base: { email: "new@example.com", name: "New" } },
  { route: "POST /api/auth/signin", base: { email: "new@example.com" } },
  { route: "POST /api/auth/auth-link/request", base: { email: "new@example.com" } },
  { route: "GET /api/auth/auth-link/callback" },
  { route: "POST /api/auth/verify", base: { email: "new@example.com" } },
  { route: "POST /api/auth/switch-account", base: { switch_token: "not-a-pending-switch" } },
  {
    route: "POST /api/auth/switch-account/cancel",
    base: { switch_token: "not-a-pending-switch" },
  },
  { route: "GET /api/auth/providers" },
  // Google sign-in is not configured here: 503 with a clear message, whatever the input.
  { route: "GET /api/auth/google/url", unavailable: 503 },
  {
    route: "POST /api/auth/google/callback",
    base: { code: "c", code_verifier: "v" },
    unavailable: 503,
  },
  { route: "GET /api/profile" },
  { route: "GET /api/profile/usage" },
  {
    route: "PUT /api/profile",
    base: { name: "Fuzzy", company_name: "Acme", ready_to_contact: true },
  },
  { route: "GET /api/profile/tokens" },
  { route: "POST /api/profile/tokens", base: { name: "Fuzzed CI", scopes: ["read", "run"] } },
  { route: "DELETE /api/profile/tokens/:id", param: hostileSegment },
  { route: "GET /api/datasets" },
  {
    route: "POST /api/datasets",
    base: {
      name: "fuzz-set",
      title: "t",
      description: "d",
      metric: "judge",
      format: "jsonl",
      content: datasetJsonl(3),
    },
  },
  { route: "DELETE /api/datasets/:name", param: hostileSegment },
  { route: "GET /api/datasets/:name", param: hostileSegment },
  {
    route: "PUT /api/datasets/:name",
    param: hostileSegment,
    base: { title: "Renamed", description: "New words" },
  },
  { route: "GET /api/auto-tune/defaults" },
  { route: "GET /api/llm/status" },
  {
    route: "POST /api/auto-tune/chat",
    base: { prompt: "Be kind.", temperature: 0.5, model_name: "fixture-small", dialog },
  },
  { route: "POST /api/auto-tune/multiagent/chat", base: { model: team, dialog } },
  {
    route: "POST /api/auto-tune/optimize/estimate",
    base: {
      mode: "single",
      prompt: "Be helpful.",
      dataset_name: "tiny-help",
      model_name: "fixture-small",
      iterations: 3,
      temperature: 0.5,
    },
  },
  {
    route: "POST /api/evals",
    base: { dataset_name: "no-such-dataset", prompt: "Be helpful.", model_name: "fixture-small" },
  },
  {
    // an unknown dataset keeps every well-formed mutation from starting real runs
    route: "POST /api/auto-tune/optimize/runs",
    base: {
      mode: "single",
      prompt: "Be helpful.",
      dataset_name: "no-such-dataset",
      model_name: "fixture-small",
      iterations: 1,
      temperature: 0.5,
    },
  },
  { route: "GET /api/auto-tune/optimize/history" },
  { route: "GET /api/auto-tune/optimize/history/:id", param: hostileSegment },
  { route: "POST /api/auto-tune/optimize/history", base: { run_id: "x" } },
  {
    route: "PUT /api/auto-tune/optimize/selected-prompt",
    base: { run_id: "x", step_number: 1 },
  },
  { route: "GET /api/auto-tune/optimize/runs/active" },
  { route: "POST /api/auto-tune/optimize/runs/:id/cancel", param: hostileSegment },
  {
    route: "PUT /api/auto-tune/optimize/runs/:id/frontier-choice",
    param: hostileSegment,
    base: { point: 0 },
  },
  { route: "GET /api/auto-tune/optimize/runs/:id/evidence", param: hostileSegment },
  { route: "GET /api/auto-tune/optimize/runs/:id/evidence/export", param: hostileSegment },
  { route: "GET /api/auto-tune/optimize/runs/:id/reasoning", param: hostileSegment },
  { route: "GET /api/telegram/integration" },
  {
    route: "POST /api/telegram/integration",
    base: {
      username: "@fuzzer",
      friends_usernames: ["@friend"],
      init_config: config,
      opti_config: config,
    },
  },
  { route: "GET /api/telegram/bots" },
  {
    route: "POST /api/ratings/chat",
    base: {
      mode: "single",
      config,
      side: "after",
      dialog,
      reply: "Hi! How can I help?",
      rating: "down",
      correction: "Hello! What can I do for you today?",
      note: "Greets warmly",
    },
  },
  { route: "GET /api/feedback/:name/rows", param: feedbackName },
  {
    route: "PUT /api/feedback/:name/rows/:id",
    param: feedbackName,
    base: { reference: "A better reply.", rubric: ["Is polite"] },
  },
  { route: "DELETE /api/feedback/:name/rows/:id", param: feedbackName },
  { route: "GET /api/feedback/:name/jsonl", param: feedbackName },
  { route: "GET /api/integration/deploys" },
  { route: "GET /api/integration/deploys/evidence" },
  {
    route: "POST /api/integration/deploys",
    base: { run_id: "00000000-0000-4000-8000-000000000000", iteration: 1, override: false },
  },
  {
    route: "POST /api/integration/deploys/:id/rollback",
    param: fc.oneof(fc.uuid(), hostileSegment),
    base: {},
  },
  { route: "GET /api/integration/deploys/split" },
  {
    route: "PUT /api/integration/deploys/split",
    base: { baseline_version_id: "00000000-0000-4000-8000-000000000000", share_percent: 50 },
  },
  { route: "DELETE /api/integration/deploys/split" },
  {
    route: "POST /api/telegram/webhook/:bot",
    param: fc.oneof(fc.constantFrom("before", "after"), hostileSegment),
    base: { update_id: 1 },
  },
];

/** Routes fuzzed over their socket instead (see the socket properties). */
export const SOCKET_ROUTES = [
  "GET /api/auto-tune/optimize/ws",
  "GET /api/auto-tune/optimize/ws/multiagent",
];

/**
 * The invariant of every HTTP answer: 2xx/4xx, JSON, and an error message on
 * 4xx (the docs page is HTML and the OpenAPI document has no envelope).
 */
export function expectSafe(res: LightMyRequestResponse, what: string, unavailable?: number): void {
  const context = `${what} -> ${res.statusCode} ${res.body.slice(0, 200)}`;
  expect(res.statusCode, context).toBeGreaterThanOrEqual(200);
  if (res.statusCode !== unavailable) expect(res.statusCode, context).toBeLessThan(500);
  // the two documentation routes answer a document, not an envelope
  if (res.statusCode < 400 && /\/api\/docs\b/.test(what)) {
    expect(res.headers["content-type"], context).toMatch(/^text\/html/);
    return;
  }
  // a Feedback dataset's download is JSONL, one valid JSON value per line
  if (res.statusCode < 400 && /\/api\/feedback\/[^/]+\/jsonl\b/.test(what)) {
    expect(res.headers["content-type"], context).toMatch(/^application\/x-ndjson/);
    for (const line of res.body.split("\n").filter(Boolean))
      expect(() => JSON.parse(line)).not.toThrow();
    return;
  }
  expect(res.headers["content-type"], context).toMatch(/^application\/json/);
  if (res.statusCode < 400 && what.includes("/api/openapi.json")) {
    expect(JSON.parse(res.body).openapi, context).toBe("3.1.0");
    return;
  }
  const body = JSON.parse(res.body) as {
    success?: boolean;
    ok?: boolean;
    error?: { message?: unknown };
  };
  if (res.statusCode >= 400) {
    expect(body.success, context).toBe(false);
    expect(typeof body.error?.message, context).toBe("string");
    expect(String(body.error?.message ?? "").trim().length, context).toBeGreaterThan(0);
  } else if (!what.includes("/healthz")) {
    expect(body.success ?? body.ok, context).toBe(true);
  }
}

/** A value's JSON kind: "array", "null" or its typeof. */
const kindOf = (v: unknown) => (Array.isArray(v) ? "array" : v === null ? "null" : typeof v);

/**
 * The sockets' frame limit: a larger first message is closed with 1009 before any
 * handler sees it (its own test), so the hostile-message property stays below it.
 * Escaped NULs inflate a hostile string sixfold in JSON and could cross it.
 */
const MAX_SOCKET_FRAME_BYTES = 1024 * 1024;

/** Socket messages that can never be a valid request: junk, wrong types, fields beyond limits. */
export function invalidRequest(base: Record<string, unknown>): fc.Arbitrary<string> {
  const keys = Object.keys(base);
  return fc
    .oneof(
      hostileValue.map((v) => JSON.stringify(v) ?? "null"),
      fc.string({ unit: "binary", maxLength: 60 }),
      fc
        .tuple(fc.constantFrom(...keys), wrongType)
        .filter(([k, v]) => kindOf(v) !== kindOf(base[k]))
        .map(([k, v]) => JSON.stringify({ ...base, [k]: v })),
      fc
        .tuple(fc.constantFrom(...keys), fc.constant(undefined))
        .map(([k]) => JSON.stringify({ ...base, [k]: undefined })),
      fc
        .constantFrom("prompt", "dataset_name", "model_name")
        .filter((k) => k in base)
        .map((k) => JSON.stringify({ ...base, [k]: "p".repeat(25_000) })),
      fc
        .constantFrom(0, -1, 21, 1.5, 1e9)
        .map((iterations) => JSON.stringify({ ...base, iterations })),
      fc.constantFrom(...keys).map((k) => JSON.stringify({ ...base, [k]: "a\u0000b" })),
    )
    .filter((message) => Buffer.byteLength(message) < MAX_SOCKET_FRAME_BYTES);
}
