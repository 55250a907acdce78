/**
 * Attack regressions (issue 14, item 4): cross-site WebSocket hijacking. A
 * page on another origin opened the run socket with the victim's cookie and
 * ran an optimisation as the victim; the upgrade checked no Origin. Upgrades
 * whose Origin is not PUBLIC_URL / ALLOWED_ORIGINS are now refused with 403,
 * and the `?token=` session is only accepted on socket upgrades.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { type HardeningApp, startHardeningApp } from "./harness";

/** Opens a socket with the given headers; resolves with the refusal status, or "open". */
function upgrade(url: string, headers: Record<string, string>): Promise<number | "open"> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers });
    ws.on("unexpected-response", (_req, res) => {
      resolve(res.statusCode ?? 0);
      ws.terminate();
    });
    ws.on("open", () => {
      resolve("open");
      ws.close(1000);
    });
    ws.on("error", (error) => {
      if (ws.readyState !== WebSocket.CLOSED) reject(error);
    });
  });
}

describe("socket upgrades and the Origin header", () => {
  let h: HardeningApp;
  let cookie: string;
  let token: string;

  beforeAll(async () => {
    h = await startHardeningApp("sqlite", { ALLOWED_ORIGINS: "https://app.example.com" });
    ({ cookie, token } = await h.t.signIn("victim@example.com", "Victim"));
  });
  afterAll(async () => {
    await h?.close();
  });

  it("refuses an upgrade from a foreign origin (same site, other port) with 403 and starts no run", async () => {
    for (const origin of ["http://localhost:3001", "https://evil.example", "null"]) {
      for (const path of ["/ws", "/ws/multiagent"]) {
        expect(await upgrade(`${h.wsBase}${path}`, { cookie, origin }), origin).toBe(403);
      }
    }
    const history = await h.app.inject({
      method: "GET",
      url: "/api/auto-tune/optimize/history",
      headers: { cookie },
    });
    expect(history.json().data).toEqual([]);
  });

  it("accepts upgrades from PUBLIC_URL, from ALLOWED_ORIGINS and from clients sending no Origin", async () => {
    for (const origin of [h.app.deps.env.PUBLIC_URL, "https://app.example.com"]) {
      expect(await upgrade(`${h.wsBase}/ws`, { cookie, origin }), origin).toBe("open");
    }
    expect(await upgrade(`${h.wsBase}/ws`, { cookie })).toBe("open");
  });

  it("accepts ?token= on a socket upgrade but not on HTTP routes", async () => {
    expect(await upgrade(`${h.wsBase}/ws?token=${token}`, {})).toBe("open");
    for (const url of ["/api/profile", "/api/auto-tune/optimize/history"]) {
      const res = await h.app.inject({ method: "GET", url: `${url}?token=${token}` });
      expect(res.statusCode, url).toBe(401);
    }
    const signout = await h.app.inject({
      method: "POST",
      url: `/api/auth/signout?token=${token}`,
      headers: { "content-type": "application/json" },
      payload: "{}",
    });
    expect(signout.statusCode).toBeLessThan(500);
    const still = await h.app.inject({ method: "GET", url: "/api/profile", headers: { cookie } });
    expect(still.statusCode).toBe(200);
  });
});
