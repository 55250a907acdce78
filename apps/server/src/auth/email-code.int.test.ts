import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../testing/app";
import { DIALECTS } from "../testing/db";
import { callApi, sessionCookieOf } from "../testing/http";
import { ipSequence, type MailApp, startMailApp } from "../testing/mail-app";
import type { SmtpFixture } from "../testing/smtp-server";
import { CODE_MESSAGES, MAX_CODE_ATTEMPTS } from "./login-tokens";
import { hashToken } from "./tokens";

/** The 6-digit code in a code mail. */
function codeOf(mail: { subject: string; text: string }): string {
  const match = /sign-in code is (\d{6})/.exec(mail.text);
  if (!match?.[1]) throw new Error(`no code in mail:\n${mail.text}`);
  expect(mail.subject).toBe(`Your Promptune sign-in code: ${match[1]}`);
  return match[1];
}

/** A 6-digit code different from `code`. */
const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

describe.each(DIALECTS)("e-mail code sign-in on %s", (dialect) => {
  let mailApp: MailApp;
  let smtp: SmtpFixture;
  let t: TestApp;
  const nextIp = ipSequence("10.1.0");

  beforeAll(async () => {
    mailApp = await startMailApp(dialect, {
      AUTH_RATE_LIMIT_PER_EMAIL: "3",
      AUTH_VERIFY_LIMIT_PER_IP: "8",
    });
    ({ smtp, t } = mailApp);
  });
  afterAll(async () => {
    await mailApp?.close();
  });

  const verify = (code: string, body: unknown = {}, ip = nextIp()) =>
    callApi(t.app, "POST", "/api/auth/verify", body, { ip, query: { code } });

  it("signs up with a name through a mailed code, once", async () => {
    const email = "coder@example.com";
    const res = await callApi(
      t.app,
      "POST",
      "/api/auth/signup",
      { email, name: " Ada Coder " },
      { ip: nextIp() },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: { email, expires_in_minutes: 15 } });
    const code = codeOf(await smtp.nextMail(email));
    const row = await t.database.db
      .selectFrom("auth_tokens")
      .selectAll()
      .where("email", "=", email)
      .executeTakeFirst();
    expect(row?.token_hash).toBe(hashToken(code));
    expect(row?.kind).toBe("code");

    const ok = await verify(code, { email });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({
      success: true,
      data: { email, name: "Ada Coder", company_name: "" },
    });
    const status = await callApi(t.app, "GET", "/api/auth/status", undefined, {
      cookie: sessionCookieOf(ok),
    });
    expect(status.json().data).toMatchObject({ authenticated: true, email, name: "Ada Coder" });

    const reused = await verify(code, { email });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error.message).toBe(CODE_MESSAGES.used);
  });

  it("refuses a code sent without the e-mail, even the right one", async () => {
    const email = "hashonly@example.com";
    await callApi(t.app, "POST", "/api/auth/signin", { email }, { ip: nextIp() });
    const code = codeOf(await smtp.nextMail(email));
    for (const body of [undefined, {}, { email: "" }]) {
      const res = await callApi(t.app, "POST", `/api/auth/verify?code=${code}`, body, {
        ip: nextIp(),
      });
      expect(res.statusCode).toBe(400);
      expect(sessionCookieOf(res)).toBeUndefined();
    }
    const missing = await verify(code, {});
    expect(missing.json().error.message).toBe("email is required");
    expect((await verify(code, { email })).statusCode).toBe(200);
  });

  it("refuses an expired code", async () => {
    const email = "slow@example.com";
    await callApi(t.app, "POST", "/api/auth/signin", { email }, { ip: nextIp() });
    const code = codeOf(await smtp.nextMail(email));
    await t.database.db
      .updateTable("auth_tokens")
      .set({ expires_at: new Date(Date.now() - 1).toISOString() })
      .where("email", "=", email)
      .execute();
    const res = await verify(code, { email });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(CODE_MESSAGES.expired);
  });

  it("invalidates a code after too many wrong guesses", async () => {
    const email = "guessed@example.com";
    await callApi(t.app, "POST", "/api/auth/signin", { email }, { ip: nextIp() });
    const code = codeOf(await smtp.nextMail(email));
    for (let i = 1; i < MAX_CODE_ATTEMPTS; i++) {
      const wrong = await verify(otherCode(code), { email });
      expect(wrong.json().error.message).toBe(CODE_MESSAGES.wrong);
    }
    const last = await verify(otherCode(code), { email });
    expect(last.json().error.message).toBe(CODE_MESSAGES.tooManyAttempts);
    const right = await verify(code, { email });
    expect(right.statusCode).toBe(400);
    expect(sessionCookieOf(right)).toBeUndefined();
  });

  it("replaces an earlier code with a new one", async () => {
    const email = "twice@example.com";
    await callApi(t.app, "POST", "/api/auth/signin", { email }, { ip: nextIp() });
    const first = codeOf(await smtp.nextMail(email));
    await callApi(t.app, "POST", "/api/auth/signin", { email }, { ip: nextIp() });
    const second = codeOf(await smtp.nextMail(email));
    if (first !== second) {
      const old = await verify(first, { email });
      expect(old.statusCode).toBe(400);
      expect(old.json().error.message).toBe(CODE_MESSAGES.wrong);
    }
    expect((await verify(second, { email })).statusCode).toBe(200);
  });

  it("validates the code and the e-mail", async () => {
    const short = await verify("12345");
    expect(short.statusCode).toBe(400);
    expect(short.json().error.message).toBe("The sign-in code must be 6 digits.");
    const missing = await callApi(t.app, "POST", "/api/auth/verify", {}, { ip: nextIp() });
    expect(missing.json().error.message).toBe("The sign-in code is required.");
    const unknown = await verify("000000", { email: "nobody-here@example.com" });
    expect(unknown.json().error.message).toBe(CODE_MESSAGES.unknown);
    const badEmail = await callApi(
      t.app,
      "POST",
      "/api/auth/signin",
      { email: "x@" },
      { ip: nextIp() },
    );
    expect(badEmail.json().error.message).toBe("Please enter a valid email address");
    const longName = await callApi(
      t.app,
      "POST",
      "/api/auth/signup",
      { email: "long@example.com", name: "n".repeat(101) },
      { ip: nextIp() },
    );
    expect(longName.statusCode).toBe(400);
    expect(longName.json().error.message).toBe("Name must be at most 100 characters");
  });

  it("limits code requests per address, counting links and codes together", async () => {
    const email = "busy@example.com";
    await callApi(t.app, "POST", "/api/auth/auth-link/request", { email }, { ip: nextIp() });
    await callApi(t.app, "POST", "/api/auth/signup", { email }, { ip: nextIp() });
    await callApi(t.app, "POST", "/api/auth/signin", { email }, { ip: nextIp() });
    const limited = await callApi(t.app, "POST", "/api/auth/signin", { email }, { ip: nextIp() });
    expect(limited.statusCode).toBe(429);
    expect(smtp.messages.filter((m) => m.to.includes(email))).toHaveLength(3);
  });

  it("limits code checks per client IP", async () => {
    const ip = nextIp();
    const body = { email: "nobody-here@example.com" };
    for (let i = 0; i < 8; i++) expect((await verify("999999", body, ip)).statusCode).toBe(400);
    const limited = await verify("999999", body, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.message).toBe(
      "Too many sign-in attempts. Please wait a few minutes and try again.",
    );
  });
});
