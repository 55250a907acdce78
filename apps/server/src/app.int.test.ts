import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "./app";
import { loadEnv } from "./env";
import { createTestDatabase, type TestDatabase } from "./testing/db";

describe("server shell", () => {
  let database: TestDatabase;
  let dist: string;
  let app: Awaited<ReturnType<typeof buildApp>>;

  beforeAll(async () => {
    database = await createTestDatabase("sqlite");
    dist = mkdtempSync(join(tmpdir(), "promptune-dist-"));
    mkdirSync(join(dist, "assets"));
    writeFileSync(join(dist, "index.html"), "<!doctype html><div id=root></div>");
    writeFileSync(join(dist, "assets", "index-abc123.js"), "console.log(1)");
    const env = loadEnv({ NODE_ENV: "test", PUBLIC_URL: "http://localhost:3000" });
    app = await buildApp({ env, database, webDistDir: dist });
  });
  afterAll(async () => {
    await app?.close();
    await database?.destroy();
    rmSync(dist, { recursive: true, force: true });
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
    const asset = await app.inject({ method: "GET", url: "/assets/index-abc123.js" });
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
