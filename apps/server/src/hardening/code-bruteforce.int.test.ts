/**
 * Attack regression (issue 14, item 2): e-mail code brute force. A code sent
 * without the e-mail used to match any pending code; with the e-mail, the
 * attempt counter was read-then-written, so 300 concurrent guesses got ~254
 * comparisons instead of 5; the verify limiter lived in one process's memory,
 * one counter per route.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { CODE_MESSAGES, issueLoginToken, MAX_CODE_ATTEMPTS } from "../auth/login-tokens";
import { loadEnv } from "../env";
import { createTestApp, type TestApp } from "../testing/app";
import { DIALECTS } from "../testing/db";
import { callApi, sessionCookieOf } from "../testing/http";

/** Guesses sent at once against one code. */
const CONCURRENT_GUESSES = 300;

describe.each(DIALECTS)("e-mail code brute force on %s", (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { AUTH_VERIFY_LIMIT_PER_IP: "100000" });
  });
  afterAll(async () => {
    await t?.close();
  });

  const verify = (code: string, body: unknown, ip = "10.9.0.1") =>
    callApi(t.app, "POST", "/api/auth/verify", body, { ip, query: { code } });

  it("refuses a code without the e-mail, even when it matches a pending code", async () => {
    const { secret } = await issueLoginToken(t.database.db, {
      kind: "code",
      email: "victim-a@example.com",
      ip: "10.9.1.1",
    });
    for (const body of [undefined, {}]) {
      const res = await verify(secret, body);
      expect(res.statusCode).toBe(400);
      expect(sessionCookieOf(res)).toBeUndefined();
    }
  });

  it(`compares exactly ${MAX_CODE_ATTEMPTS} of ${CONCURRENT_GUESSES} concurrent wrong guesses`, async () => {
    const email = "victim-b@example.com";
    const { secret } = await issueLoginToken(t.database.db, {
      kind: "code",
      email,
      ip: "10.9.1.2",
    });
    const wrong = Array.from({ length: CONCURRENT_GUESSES }, (_, i) =>
      String((Number(secret) + 1 + i) % 1_000_000).padStart(6, "0"),
    );
    const responses = await Promise.all(
      wrong.map((code, i) => verify(code, { email }, `10.9.2.${i % 250}`)),
    );
    expect(responses.every((r) => r.statusCode === 400)).toBe(true);
    const bodies = responses.map((r) => r.json().error);
    const checked = bodies.filter((e) => e.code !== "code_locked");
    expect(checked).toHaveLength(MAX_CODE_ATTEMPTS);
    expect(checked.filter((e) => e.message === CODE_MESSAGES.wrong)).toHaveLength(
      MAX_CODE_ATTEMPTS - 1,
    );
    const row = await t.database.db
      .selectFrom("auth_tokens")
      .select(["attempts", "used_at"])
      .where("email", "=", email)
      .executeTakeFirstOrThrow();
    expect(row.attempts).toBe(MAX_CODE_ATTEMPTS);
    expect(row.used_at).not.toBeNull();
    const right = await verify(secret, { email });
    expect(right.statusCode).toBe(400);
    expect(sessionCookieOf(right)).toBeUndefined();
  });

  it("shares the verify limit between routes and between processes", async () => {
    const env = loadEnv({
      NODE_ENV: "test",
      PUBLIC_URL: "http://localhost:3000",
      LOG_LEVEL: "warn",
      AUTH_VERIFY_LIMIT_PER_IP: "4",
    });
    const a = await buildApp({ env, database: t.database, webDistDir: null, resumeRuns: false });
    const b = await buildApp({ env, database: t.database, webDistDir: null, resumeRuns: false });
    try {
      const ip = "10.9.3.1";
      const body = { email: "nobody@example.com" };
      const link = (app: typeof a) =>
        callApi(app, "GET", "/api/auth/auth-link/callback", undefined, {
          ip,
          query: { token: "x".repeat(43) },
        });
      const code = (app: typeof a) =>
        callApi(app, "POST", "/api/auth/verify", body, { ip, query: { code: "123456" } });
      expect((await code(a)).statusCode).toBe(400);
      expect((await link(a)).statusCode).toBe(400);
      expect((await code(b)).statusCode).toBe(400);
      expect((await link(b)).statusCode).toBe(400);
      const limitedA = await code(a);
      const limitedB = await link(b);
      expect(limitedA.statusCode).toBe(429);
      expect(limitedB.statusCode).toBe(429);
      expect(Number(limitedA.headers["retry-after"])).toBeGreaterThan(0);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
