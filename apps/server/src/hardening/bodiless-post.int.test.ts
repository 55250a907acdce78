/**
 * Attack regression (issue 14, item 13): a bodiless POST that common clients
 * send with `Content-Type: application/json` (sign-out) used to get 400.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/app";

describe("bodiless JSON POST", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp("sqlite");
  });
  afterAll(async () => {
    await t?.close();
  });

  const post = (url: string, headers: Record<string, string>, payload?: string) =>
    t.app.inject({
      method: "POST",
      url,
      headers: {
        origin: t.app.deps.env.PUBLIC_URL,
        "content-type": "application/json",
        ...headers,
      },
      ...(payload !== undefined ? { payload } : {}),
    });

  it("signs out with Content-Type: application/json and no body", async () => {
    const { cookie } = await t.signIn("bodiless@example.com");
    const res = await post("/api/auth/signout", { cookie, "content-length": "0" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: { authenticated: false } });
    const status = await t.app.inject({
      method: "GET",
      url: "/api/auth/status",
      headers: { cookie },
    });
    expect(status.json().data.authenticated).toBe(false);
  });

  it("still refuses malformed JSON and routes that need a body", async () => {
    const bad = await post("/api/auth/signin", {}, "{not json");
    expect(bad.statusCode).toBe(400);
    const empty = await post("/api/auth/signin", { "content-length": "0" });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().success).toBe(false);
  });
});
