/**
 * The set-up of the sign-in tests that read the mails the app sends: a real
 * SMTP server on loopback and the app (API only) on a fresh database,
 * mailing through it.
 */
import type { DialectName } from "../db/database";
import { createTestApp, type TestApp } from "./app";
import { type SmtpFixture, startSmtpServer } from "./smtp-server";

/** The app and the SMTP server that receives its mails. */
export interface MailApp {
  t: TestApp;
  smtp: SmtpFixture;
  /** Closes the app (and its database), then the SMTP server. */
  close(): Promise<void>;
}

/** Starts the SMTP fixture and the app sending through it; `env` adds the test's limits and sender. */
export async function startMailApp(
  dialect: DialectName,
  env: Record<string, string> = {},
): Promise<MailApp> {
  const smtp = await startSmtpServer();
  const t = await createTestApp(dialect, { SMTP_URL: smtp.url, ...env });
  return {
    t,
    smtp,
    async close() {
      await t.close();
      await smtp.close();
    },
  };
}

/**
 * Distinct client IPs `<prefix>.1`, `<prefix>.2`, … one per call, so that
 * the per-IP rate limits one test uses up never touch another.
 */
export function ipSequence(prefix: string): () => string {
  let count = 0;
  return () => `${prefix}.${++count}`;
}
