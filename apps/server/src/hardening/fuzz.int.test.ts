/**
 * Bad input (issue 10, item 2): fast-check throws malformed, oversized and
 * hostile bodies, query strings, path parameters, headers and socket
 * messages at every route. Whatever arrives, the server answers 2xx or 4xx
 * (never 5xx), always in the JSON envelope with a non-empty message on
 * errors, never crashes, and Object.prototype stays clean.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { DIALECTS } from "../testing/db";
import { multiRequest, singleRequest } from "../testing/requests";
import { runSocket } from "../testing/ws-client";
import {
  expectSafe,
  invalidRequest,
  type Method,
  SOCKET_ROUTES,
  TARGETS,
  type Target,
} from "./fuzz-targets";
import { datasetJsonl, type HardeningApp, startHardeningApp } from "./harness";
import { encode, hostileBody, hostileQuery, hostileString } from "./hostile";
import { registeredRoutes } from "./registered-routes";

/** Runs per endpoint property; bounded so the file stays well under a minute. */
const RUNS = 50;

describe.each(DIALECTS)("hostile input on %s", (dialect) => {
  let h: HardeningApp;
  let cookie: string;
  let userId: string;

  beforeAll(async () => {
    h = await startHardeningApp(dialect);
    ({ cookie, userId } = await h.t.signIn("fuzz@example.com", "Fuzz"));
  });
  afterAll(async () => {
    await h?.close();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  const send = (
    target: Target,
    url: string,
    payload?: string,
    headers: Record<string, string> = {},
  ) => {
    const [method] = target.route.split(" ") as [Method];
    return h.app.inject({
      method,
      url,
      headers: {
        origin: h.app.deps.env.PUBLIC_URL,
        ...(target.anonymous ? {} : { cookie }),
        ...(payload !== undefined ? { "content-type": "application/json" } : {}),
        ...headers,
      },
      ...(payload !== undefined ? { payload } : {}),
    });
  };
  const urlOf = (target: Target, param: string, query: string) => {
    const pattern = target.route.split(" ")[1] as string;
    const path = pattern.replace(/:[a-z]+/g, param);
    return query ? `${path}?${query}` : path;
  };

  it("fuzzes every registered route", () => {
    const fuzzed = [...TARGETS.map((t) => t.route), ...SOCKET_ROUTES].sort();
    expect(fuzzed).toEqual(registeredRoutes(h.app));
  });

  it.each(TARGETS.map((t) => [t.route, t] as const))(
    "%s: hostile bodies, queries and parameters never cause a 5xx",
    async (_route, target) => {
      const withBody = target.base !== undefined;
      await fc.assert(
        fc.asyncProperty(
          target.param ?? fc.constant(""),
          fc.oneof(fc.constant(""), hostileQuery),
          withBody ? hostileBody(target.base) : fc.constant(undefined),
          async (param, query, payload) => {
            const url = urlOf(target, param, query);
            const res = await send(target, url, payload);
            expectSafe(res, `${target.route} ${url.slice(0, 120)}`, target.unavailable);
          },
        ),
        { numRuns: RUNS },
      );
    },
  );

  it("answers non-JSON bodies on state-changing routes with 415 or 400", async () => {
    const unsafe = TARGETS.filter((t) => !t.route.startsWith("GET "));
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...unsafe),
        fc.constantFrom(
          "text/plain",
          "application/x-www-form-urlencoded",
          "multipart/form-data; boundary=xyz",
          "application/xml",
          "text/html; charset=utf-8",
          "application/jsonx",
          "application/json-patch+json",
          "",
        ),
        fc.oneof(fc.string({ maxLength: 40 }), fc.constant("a=1&b=2"), fc.constant("<x/>")),
        async (target, type, payload) => {
          const res = await send(target, urlOf(target, "before", ""), payload || "x", {
            "content-type": type,
          });
          expectSafe(res, `${target.route} as ${type}`, target.unavailable);
          expect([400, 404, 415], `${target.route} as ${type}`).toContain(res.statusCode);
        },
      ),
      { numRuns: 60 },
    );
  });

  it("answers hostile session cookies and Authorization headers with 401", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          hostileString.filter((s) => s.length < 4000),
          fc.string({ maxLength: 80 }),
        ),
        fc.boolean(),
        async (token, asHeader) => {
          const value = encode(token);
          const res = await h.app.inject({
            method: "GET",
            url: "/api/profile",
            headers: asHeader
              ? { authorization: `Bearer ${value}` }
              : { cookie: `session=${value}` },
          });
          expectSafe(res, `token ${value.slice(0, 40)}`);
          expect(res.statusCode).toBe(401);
        },
      ),
      { numRuns: RUNS },
    );
  });

  it("refuses bodies beyond the size limits with 413, and over-long fields with 400", async () => {
    const huge = "x".repeat(2_100_000);
    for (const target of TARGETS.filter((t) => t.base && !t.route.includes(":"))) {
      const res = await send(target, urlOf(target, "", ""), JSON.stringify({ huge }));
      expectSafe(res, target.route);
      expect(res.statusCode, target.route).toBe(413);
    }
    const datasets = TARGETS.find((t) => t.route === "POST /api/datasets") as Target;
    const tooBig = await send(
      datasets,
      "/api/datasets",
      JSON.stringify({ ...datasets.base, content: "x".repeat(1_600_000) }),
    );
    expect(tooBig.statusCode).toBe(413);
    const tooLong = await send(
      datasets,
      "/api/datasets",
      JSON.stringify({ ...datasets.base, content: "x".repeat(1_200_000) }),
    );
    expectSafe(tooLong, "dataset content beyond MAX_DATASET_CHARS");
    expect(tooLong.statusCode).toBe(400);
  });

  it("answers routing errors (bad percent-encoding, over-long parameter) in the envelope", async () => {
    // Found by this file: Fastify used to answer these in its own JSON shape.
    const del = TARGETS.find((t) => t.route === "DELETE /api/datasets/:name") as Target;
    const bad = await send(del, "/api/datasets/%E0%A4%A");
    expectSafe(bad, "bad escape");
    expect(bad.statusCode).toBe(400);
    const long = await send(del, `/api/datasets/${"x".repeat(5000)}`);
    expectSafe(long, "long parameter");
    expect(long.statusCode).toBe(414);
  });

  it("refuses NUL characters anywhere with 400 (PostgreSQL text cannot hold them)", async () => {
    // Found by this file: on PostgreSQL these used to fail inside the query with a 500.
    const nul = "a\u0000b";
    const cases: Array<[string, string, unknown]> = [
      ["PUT /api/profile", "/api/profile", { name: nul, ready_to_contact: true }],
      [
        "PUT /api/profile",
        "/api/profile",
        { name: "ok", company_name: nul, ready_to_contact: true },
      ],
      ["POST /api/auth/signup", "/api/auth/signup", { email: "nul@example.com", name: nul }],
      [
        "POST /api/datasets",
        "/api/datasets",
        { name: "nul-set", title: nul, format: "jsonl", content: datasetJsonl(3) },
      ],
      [
        "POST /api/datasets",
        "/api/datasets",
        { name: "nul-set", description: nul, format: "jsonl", content: datasetJsonl(3) },
      ],
      [
        "GET /api/auto-tune/optimize/history/:id",
        "/api/auto-tune/optimize/history/a%00b",
        undefined,
      ],
      ["POST /api/auto-tune/optimize/history", "/api/auto-tune/optimize/history", { run_id: nul }],
      [
        "PUT /api/auto-tune/optimize/selected-prompt",
        "/api/auto-tune/optimize/selected-prompt",
        { run_id: nul, step_number: 1 },
      ],
      [
        "PUT /api/auto-tune/optimize/selected-prompt",
        "/api/auto-tune/optimize/selected-prompt",
        { selected_step_id: `${nul}:1` },
      ],
      [
        "POST /api/auto-tune/optimize/runs/:id/cancel",
        "/api/auto-tune/optimize/runs/a%00b/cancel",
        undefined,
      ],
    ];
    for (const [route, url, body] of cases) {
      const target = TARGETS.find((t) => t.route === route) as Target;
      const res = await send(target, url, body === undefined ? undefined : JSON.stringify(body));
      expectSafe(res, `${route} ${JSON.stringify(body)}`);
      expect(res.statusCode, route).toBe(400);
      expect(res.json().error.message).toBe("Text must not contain NUL characters (U+0000).");
    }
    const socket = await runSocket(
      `${h.wsBase}/ws`,
      { ...singleRequest(1), dataset_name: nul },
      { cookie },
    );
    if ("refused" in socket) throw new Error("upgrade refused");
    expect(socket.code).toBe(1008);
  });

  it("parses prototype-pollution bodies without polluting anything", async () => {
    const profile = TARGETS.find((t) => t.route === "PUT /api/profile") as Target;
    for (const payload of [
      '{"__proto__":{"polluted":"yes"},"name":"P","ready_to_contact":false}',
      '{"constructor":{"prototype":{"polluted":"yes"}},"name":"P","ready_to_contact":false}',
      '{"name":{"__proto__":{"polluted":"yes"}},"ready_to_contact":false}',
    ]) {
      const res = await send(profile, "/api/profile", payload);
      expectSafe(res, payload);
      expect(res.statusCode).toBe(400);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  describe("sockets", () => {
    const sockets = [
      { path: "/ws", base: singleRequest(1) as Record<string, unknown> },
      { path: "/ws/multiagent", base: multiRequest(1) as Record<string, unknown> },
    ];

    it.each(sockets)(
      "$path: a hostile first message is refused with an error and close 1008, and starts nothing",
      async ({ path, base }) => {
        const before = await h.app.deps.runs.listForUser(userId);
        await fc.assert(
          fc.asyncProperty(invalidRequest(base), async (message) => {
            const result = await runSocket(`${h.wsBase}${path}`, message, { cookie });
            if ("refused" in result) throw new Error(`upgrade refused: ${result.status}`);
            expect(result.code, message.slice(0, 120)).toBe(1008);
            expect(result.messages).toHaveLength(1);
            expect(result.messages[0]?.type).toBe("error");
            expect(String(result.messages[0]?.error).trim().length).toBeGreaterThan(0);
          }),
          { numRuns: RUNS },
        );
        expect(await h.app.deps.runs.listForUser(userId)).toHaveLength(before.length);
      },
    );

    it("closes on a binary frame of junk (1008) and on a frame beyond 1 MB (1009)", async () => {
      const exchange = (payload: Buffer | string) =>
        new Promise<{ code: number; messages: string[] }>((resolve, reject) => {
          const ws = new WebSocket(`${h.wsBase}/ws`, { headers: { cookie } });
          const messages: string[] = [];
          ws.on("open", () => ws.send(payload));
          ws.on("message", (d) => messages.push(d.toString()));
          ws.on("close", (code) => resolve({ code, messages }));
          ws.on("error", reject);
        });
      const junk = await exchange(Buffer.from([0xff, 0xfe, 0x00, 0x7b, 0x80]));
      expect(junk.code).toBe(1008);
      expect(JSON.parse(junk.messages[0] as string).type).toBe("error");
      const huge = await exchange("x".repeat(1024 * 1024 + 10));
      expect(huge.code).toBe(1009);
      const health = await h.app.inject({ method: "GET", url: "/healthz" });
      expect(health.statusCode).toBe(200);
    });

    it("accepts a valid request carrying a __proto__ key without polluting anything", async () => {
      const message = `{"__proto__":{"polluted":"yes"},${JSON.stringify(singleRequest(1)).slice(1)}`;
      const result = await runSocket(`${h.wsBase}/ws`, message, { cookie });
      if ("refused" in result) throw new Error("upgrade refused");
      expect(result.messages.at(-1)?.type).toBe("complete");
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    });
  });
});
