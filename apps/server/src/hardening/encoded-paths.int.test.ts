/**
 * Attack regression (issue 14, item 3): the CSRF and NUL guards used to test
 * `request.url`, so a percent-encoded prefix (`/%61pi/...`, which Fastify
 * routes to `/api/...`) skipped both: a foreign page could sign a victim out,
 * and a NUL byte reached PostgreSQL and answered 500. The guards now run as
 * hooks of the /api scope, on the routed path.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS } from "../testing/db";
import { expectSafe } from "./fuzz-targets";
import { datasetJsonl, type HardeningApp, startHardeningApp } from "./harness";

const EVIL = "https://evil.example";
const NUL = "a\u0000b";

/** The same API path spelled with `/%61pi` (percent-encoded "a") instead of `/api`. */
const encoded = (path: string) => path.replace(/^\/api/, "/%61pi");

describe.each(DIALECTS)("percent-encoded API paths on %s", (dialect) => {
  let h: HardeningApp;
  /** A fresh session of the victim, so that one test's outcome never decides another's. */
  const session = async () => (await h.t.signIn("victim@example.com", "Victim")).cookie;

  beforeAll(async () => {
    h = await startHardeningApp(dialect);
  });
  afterAll(async () => {
    await h?.close();
  });

  it("refuses a cross-site sign-out sent to /%61pi/auth/signout and keeps the session", async () => {
    const cookie = await session();
    const res = await h.app.inject({
      method: "POST",
      url: "/%61pi/auth/signout",
      headers: { origin: EVIL, cookie, "content-type": "application/json" },
      payload: "{}",
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe("Cross-origin request refused.");
    const status = await h.app.inject({
      method: "GET",
      url: "/api/profile",
      headers: { cookie },
    });
    expect(status.statusCode).toBe(200);
  });

  it("refuses a cross-site profile change sent to an encoded path", async () => {
    const cookie = await session();
    const res = await h.app.inject({
      method: "PUT",
      url: "/%61pi/profile",
      headers: { origin: EVIL, cookie, "content-type": "application/json" },
      payload: JSON.stringify({ name: "Pwned", ready_to_contact: true }),
    });
    expect(res.statusCode).toBe(403);
  });

  it("answers NUL characters sent to encoded paths with 400, never 500", async () => {
    const cookie = await session();
    const cases: Array<["GET" | "POST" | "PUT", string, unknown]> = [
      ["PUT", "/api/profile", { name: NUL, ready_to_contact: true }],
      ["PUT", "/api/profile", { name: "ok", company_name: NUL, ready_to_contact: true }],
      ["POST", "/api/auth/signup", { email: "nul@example.com", name: NUL }],
      [
        "POST",
        "/api/datasets",
        { name: "nul-set", title: NUL, format: "jsonl", content: datasetJsonl(3) },
      ],
      [
        "POST",
        "/api/datasets",
        { name: "nul-set", description: NUL, format: "jsonl", content: datasetJsonl(3) },
      ],
      ["GET", "/api/auto-tune/optimize/history/a%00b", undefined],
      ["POST", "/api/auto-tune/optimize/history", { run_id: NUL }],
      ["PUT", "/api/auto-tune/optimize/selected-prompt", { run_id: NUL, step_number: 1 }],
      ["PUT", "/api/auto-tune/optimize/selected-prompt", { selected_step_id: `${NUL}:1` }],
      ["POST", "/api/auto-tune/optimize/runs/a%00b/cancel", undefined],
    ];
    for (const [method, path, body] of cases) {
      for (const url of [encoded(path), path.replace(/^\/api\/a/, "/api/%61")]) {
        const res = await h.app.inject({
          method,
          url,
          headers: {
            origin: h.app.deps.env.PUBLIC_URL,
            cookie,
            ...(body === undefined ? {} : { "content-type": "application/json" }),
          },
          ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
        });
        expectSafe(res, `${method} ${url}`);
        expect(res.statusCode, `${method} ${url}`).toBe(400);
        expect(res.json().error.message).toBe("Text must not contain NUL characters (U+0000).");
      }
    }
  });
});
