import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadEnv } from "./env";
import { startWebShell, TEST_ASSET_PATH, type WebShell } from "./testing/web-dist";

describe("server shell", () => {
  let shell: WebShell;
  let app: FastifyInstance;

  beforeAll(async () => {
    shell = await startWebShell({ PUBLIC_URL: "http://localhost:3000" });
    app = shell.app;
  });
  afterAll(async () => {
    await shell?.close();
  });

  it("answers the health check", async () => {
    const res = await app.inject({ method: "GET", url: "/healthz" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "ok" });
  });

  it("answers unknown API paths with a JSON 404", async () => {
    const res = await app.inject({ method: "GET", url: "/api/does-not-exist" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      success: false,
      error: { message: "No API route GET /api/does-not-exist" },
    });
  });

  it("serves index.html for client routes", async () => {
    for (const url of [
      "/",
      "/home",
      "/profile",
      "/auth/auth-link/callback?token=x",
      "/multi-agent",
    ]) {
      const res = await app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["content-type"]).toContain("text/html");
      expect(res.headers["cache-control"]).toBe("no-cache");
      expect(res.body).toContain("<div id=root>");
    }
  });

  it("serves hashed assets as immutable and missing files as 404", async () => {
    const asset = await app.inject({ method: "GET", url: TEST_ASSET_PATH });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers["cache-control"]).toContain("immutable");
    const missing = await app.inject({ method: "GET", url: "/assets/missing-123.js" });
    expect(missing.statusCode).toBe(404);
  });

  it("refuses state-changing calls from another origin", async () => {
    const res = await app.inject({
      method: "POST",
      url: "/api/auth/signout",
      headers: { origin: "https://evil.example", "content-type": "application/json" },
      payload: "{}",
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe("Cross-origin request refused.");
  });

  it("refuses non-JSON bodies on state-changing calls", async () => {
    const res = await app.inject({
      method: "POST",
      url: "/api/auth/signout",
      headers: {
        origin: "http://localhost:3000",
        "content-type": "application/x-www-form-urlencoded",
      },
      payload: "a=b",
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().success).toBe(false);
  });

  it("rejects an invalid environment with every problem listed", () => {
    expect(() => loadEnv({ PORT: "abc", DATABASE_URL: "mysql://x" })).toThrow(
      /PORT[\s\S]*DATABASE_URL/,
    );
  });
});
