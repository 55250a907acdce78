/**
 * Attack regression (issue 21, item 6): the sign-in mail limits raced on
 * PostgreSQL. The limit counted the stored pending-sign-in rows and then
 * inserted one, so concurrent requests all read the same count: 60 requests
 * for 60 addresses from one IP sent 27 mails against a limit of 20, one
 * address got 7 of 5, and 30 codes for one address stayed live at once.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RATE_LIMIT_MESSAGES } from "../auth/rate-limit";
import { DIALECTS } from "../testing/db";
import { callApi } from "../testing/http";
import { type MailApp, startMailApp } from "../testing/mail-app";

const PER_IP = 20;
const PER_EMAIL = 5;
const CONCURRENT = 60;

/** How many mails the SMTP fixture received since `before`, counted after `ms` (late mails included). */
async function settledMailCount(mailApp: MailApp, before: number, ms = 1500): Promise<number> {
  await new Promise((resolve) => setTimeout(resolve, ms));
  return mailApp.smtp.messages.length - before;
}

describe.each(DIALECTS)("concurrent sign-in mail requests on %s", (dialect) => {
  let mailApp: MailApp;
  beforeAll(async () => {
    mailApp = await startMailApp(dialect, {
      AUTH_RATE_LIMIT_PER_IP: String(PER_IP),
      AUTH_RATE_LIMIT_PER_EMAIL: String(PER_EMAIL),
    });
  });
  afterAll(async () => {
    await mailApp?.close();
  });

  it(`sends exactly ${PER_IP} of ${CONCURRENT} concurrent requests from one IP`, async () => {
    const before = mailApp.smtp.messages.length;
    const responses = await Promise.all(
      Array.from({ length: CONCURRENT }, (_, i) =>
        callApi(
          mailApp.t.app,
          "POST",
          "/api/auth/auth-link/request",
          { email: `spread-${i}@example.com` },
          { ip: "10.21.6.1" },
        ),
      ),
    );
    const accepted = responses.filter((r) => r.statusCode === 200).length;
    const refused = responses.filter((r) => r.statusCode === 429);
    const mails = await settledMailCount(mailApp, before);
    console.info(
      `[attack-regression] ${dialect}: ${CONCURRENT} concurrent link requests from one IP (limit ${PER_IP}) -> ${mails} mails sent`,
    );
    expect(accepted).toBe(PER_IP);
    expect(refused).toHaveLength(CONCURRENT - PER_IP);
    expect(refused[0]?.json().error.message).toBe(RATE_LIMIT_MESSAGES.ip);
    expect(mails).toBe(PER_IP);
  });

  it(`sends exactly ${PER_EMAIL} codes to one address and leaves exactly one live`, async () => {
    const email = "one-target@example.com";
    const before = mailApp.smtp.messages.length;
    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        callApi(mailApp.t.app, "POST", "/api/auth/signin", { email }, { ip: `10.21.7.${i + 1}` }),
      ),
    );
    const accepted = responses.filter((r) => r.statusCode === 200).length;
    const refused = responses.filter((r) => r.statusCode === 429);
    const mails = await settledMailCount(mailApp, before);
    const live = await mailApp.t.database.db
      .selectFrom("auth_tokens")
      .select("id")
      .where("email", "=", email)
      .where("kind", "=", "code")
      .where("used_at", "is", null)
      .execute();
    console.info(
      `[attack-regression] ${dialect}: 30 concurrent code requests for one address (limit ${PER_EMAIL}) -> ${mails} mails, ${live.length} live code(s)`,
    );
    expect(accepted).toBe(PER_EMAIL);
    expect(refused[0]?.json().error.message).toBe(RATE_LIMIT_MESSAGES.email);
    expect(mails).toBe(PER_EMAIL);
    expect(live).toHaveLength(1);
  });
});
