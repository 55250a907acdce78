/**
 * Attack regressions (issue 14, item 9): every response carries a
 * Content-Security-Policy (scripts and images from this origin only, no
 * framing), `nosniff`, `Referrer-Policy: no-referrer`, and HSTS when
 * PUBLIC_URL is https. The audit found none of them.
 */
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWebShell, TEST_ASSET_PATH, type WebShell } from "../testing/web-dist";

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
  let shell: WebShell;
  let app: FastifyInstance;

  beforeAll(async () => {
    shell = await startWebShell({ PUBLIC_URL: publicUrl, LOG_LEVEL: "warn" });
    app = shell.app;
  });
  afterAll(async () => {
    await shell?.close();
  });

  it("sends them on pages, assets, API answers and errors", async () => {
    const responses = [
      await app.inject({ method: "GET", url: "/" }),
      await app.inject({ method: "GET", url: "/integration" }),
      await app.inject({ method: "GET", url: TEST_ASSET_PATH }),
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
