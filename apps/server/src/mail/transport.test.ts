import pino from "pino";
import { describe, expect, it } from "vitest";
import { MailEnvSchema } from "./env";
import { createMailer, MAIL_NOT_CONFIGURED, senderOf } from "./transport";

/** A logger that records what it is given. */
function recordingLogger() {
  const lines: Array<Record<string, unknown>> = [];
  const stream = { write: (line: string) => lines.push(JSON.parse(line)) };
  return { log: pino({ level: "info" }, stream), lines };
}

const envOf = (vars: Record<string, string>, NODE_ENV = "development") => ({
  ...MailEnvSchema.parse(vars),
  NODE_ENV,
  PUBLIC_URL: "https://promptune.example.com",
});

describe("createMailer", () => {
  it("refuses to start in production without SMTP", () => {
    const { log } = recordingLogger();
    expect(() => createMailer(envOf({}, "production"), log)).toThrow(MAIL_NOT_CONFIGURED);
    expect(() => createMailer(envOf({ SMTP_HOST: "  " }, "production"), log)).toThrow(
      MAIL_NOT_CONFIGURED,
    );
  });

  it("uses SMTP whenever it is configured", () => {
    const { log } = recordingLogger();
    const byUrl = createMailer(envOf({ SMTP_URL: "smtp://127.0.0.1:2525" }, "production"), log);
    const byHost = createMailer(
      envOf({ SMTP_HOST: "mail.example.com", SMTP_USER: "u", SMTP_PASS: "p" }),
      log,
    );
    expect([byUrl.kind, byHost.kind]).toEqual(["smtp", "smtp"]);
    byUrl.close();
    byHost.close();
  });

  it("writes mails to the log in development without SMTP", async () => {
    const { log, lines } = recordingLogger();
    const mailer = createMailer(envOf({}), log);
    expect(mailer.kind).toBe("console");
    await mailer.send({
      to: "dev@example.com",
      subject: "Hello",
      text: "open https://x.test/?token=abc",
    });
    const entry = lines.find((l) => String(l.msg).includes("token=abc"));
    expect(entry?.mail).toEqual({ to: "dev@example.com", subject: "Hello" });
    mailer.close();
  });

  it("rejects an SMTP_URL that is not smtp:// or smtps://", () => {
    expect(MailEnvSchema.safeParse({ SMTP_URL: "http://mail" }).success).toBe(false);
  });
});

describe("senderOf", () => {
  it("uses MAIL_FROM, else no-reply at the public host", () => {
    expect(senderOf(envOf({ MAIL_FROM: "Team <team@example.com>" }))).toBe(
      "Team <team@example.com>",
    );
    expect(senderOf(envOf({}))).toBe("Promptune <no-reply@promptune.example.com>");
  });
});
