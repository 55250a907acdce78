/**
 * Attack regressions (issue 14, item 9): every response carries a
 * Content-Security-Policy (scripts and images from this origin only, no
 * framing), `nosniff`, `Referrer-Policy: no-referrer`, and HSTS when
 * PUBLIC_URL is https. The audit found none of them.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { loadEnv } from "../env";
import { createTestDatabase, type TestDatabase } from "../testing/db";

/** Directives of a CSP header, by name. */
function directives(res: LightMyRequestResponse): Map<string, string> {
  const header = String(res.headers["content-security-policy"] ?? "");
  return new Map(
    header
      .split(";")
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name as string, values.join(" ")]),
  );
}

describe.each([
  ["http://localhost:3000", false],
  ["https://promptune.example.com", true],
] as const)("security headers with PUBLIC_URL %s", (publicUrl, https) => {
  let database: TestDatabase;
  let dist: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await createTestDatabase("sqlite");
    dist = mkdtempSync(join(tmpdir(), "promptune-dist-"));
    mkdirSync(join(dist, "assets"));
    writeFileSync(join(dist, "index.html"), "<!doctype html><div id=root></div>");
    writeFileSync(join(dist, "assets", "index-abc123.js"), "console.log(1)");
    const env = loadEnv({ NODE_ENV: "test", PUBLIC_URL: publicUrl, LOG_LEVEL: "warn" });
    app = await buildApp({ env, database, webDistDir: dist });
  });
  afterAll(async () => {
    await app?.close();
    await database?.destroy();
    rmSync(dist, { recursive: true, force: true });
  });

  it("sends them on pages, assets, API answers and errors", async () => {
    const responses = [
      await app.inject({ method: "GET", url: "/" }),
      await app.inject({ method: "GET", url: "/integration" }),
      await app.inject({ method: "GET", url: "/assets/index-abc123.js" }),
      await app.inject({ method: "GET", url: "/api/auth/status" }),
      await app.inject({ method: "GET", url: "/api/profile" }),
      await app.inject({ method: "GET", url: "/api/nowhere" }),
      await app.inject({ method: "GET", url: "/api/datasets/%E0%A4%A" }),
      await app.inject({ method: "GET", url: "/healthz" }),
    ];
    for (const res of responses) {
      const what = `${res.raw.req.url} -> ${res.statusCode}`;
      const csp = directives(res);
      expect(csp.get("script-src"), what).toBe("'self'");
      expect(csp.get("img-src"), what).toBe("'self' data:");
      expect(csp.get("default-src"), what).toBe("'self'");
      expect(csp.get("frame-ancestors"), what).toBe("'none'");
      expect(csp.get("object-src"), what).toBe("'none'");
      expect(res.headers["x-content-type-options"], what).toBe("nosniff");
      expect(res.headers["referrer-policy"], what).toBe("no-referrer");
      expect(res.headers["x-frame-options"], what).toBe("DENY");
      if (https) {
        expect(res.headers["strict-transport-security"], what).toBe(
          "max-age=31536000; includeSubDomains",
        );
      } else {
        expect(res.headers["strict-transport-security"], what).toBeUndefined();
      }
    }
  });

  it("lets the page open its own sockets and nothing else", async () => {
    const csp = directives(await app.inject({ method: "GET", url: "/" }));
    const socket = `${https ? "wss" : "ws"}://${new URL(publicUrl).host}`;
    expect(csp.get("connect-src")).toBe(`'self' ${socket}`);
  });
});
