import type { FastifyBaseLogger } from "fastify";
import nodemailer, { type Transporter } from "nodemailer";
import { isLoopbackHost } from "../env-helpers";
import type { MailEnv } from "./env";

/** One outgoing e-mail. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/**
 * Sends e-mail. `kind` says where mail goes: a real SMTP server, or (only in
 * development and tests without SMTP settings) the log.
 */
export interface Mailer {
  readonly kind: "smtp" | "console";
  readonly from: string;
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/** The settings the mailer needs: mail variables plus the deployment's identity. */
export type MailerEnv = MailEnv & { NODE_ENV: string; PUBLIC_URL: string };

/** Message shown when production starts without SMTP settings. */
export const MAIL_NOT_CONFIGURED =
  "Mail is not configured: set SMTP_URL (or SMTP_HOST, SMTP_PORT, SMTP_USER, SMTP_PASS) and " +
  "MAIL_FROM. In production Promptune refuses to start without SMTP, because sign-in links " +
  "and codes would otherwise never reach anyone.";

/** The sender address: MAIL_FROM, else no-reply at the public host. */
export function senderOf(env: MailerEnv): string {
  if (env.MAIL_FROM) return env.MAIL_FROM;
  return `Promptune <no-reply@${new URL(env.PUBLIC_URL).hostname}>`;
}

/**
 * The SMTP transport. With SMTP_HOST and a login over a non-TLS port, STARTTLS
 * is required (`requireTLS`) except on a loopback relay, so a man in the
 * middle cannot strip it and read the password; SMTP_URL says the same
 * with `smtps://` or `?requireTLS=true` (checked at start-up in production).
 */
function smtpTransport(env: MailerEnv): Transporter | null {
  if (env.SMTP_URL) return nodemailer.createTransport(env.SMTP_URL);
  if (!env.SMTP_HOST) return null;
  const secure = env.SMTP_SECURE ?? env.SMTP_PORT === 465;
  return nodemailer.createTransport({
    host: env.SMTP_HOST,
    port: env.SMTP_PORT,
    secure,
    requireTLS: !secure && Boolean(env.SMTP_USER) && !isLoopbackHost(env.SMTP_HOST),
    auth: env.SMTP_USER ? { user: env.SMTP_USER, pass: env.SMTP_PASS ?? "" } : undefined,
  });
}

/**
 * Creates the mailer from the environment: SMTP when configured; otherwise a
 * console transport that logs each message (development and tests only).
 * Throws MAIL_NOT_CONFIGURED in production without SMTP, so a deployment
 * fails at start-up instead of silently dropping sign-in mails.
 */
export function createMailer(env: MailerEnv, log: FastifyBaseLogger): Mailer {
  const from = senderOf(env);
  const smtp = smtpTransport(env);
  if (smtp) {
    return {
      kind: "smtp",
      from,
      async send(message) {
        await smtp.sendMail({ from, ...message });
      },
      close: () => smtp.close(),
    };
  }
  if (env.NODE_ENV === "production") throw new Error(MAIL_NOT_CONFIGURED);
  const json = nodemailer.createTransport({ jsonTransport: true });
  log.warn("no SMTP configured: e-mails are written to the log (development only)");
  return {
    kind: "console",
    from,
    async send(message) {
      await json.sendMail({ from, ...message });
      log.info(
        { mail: { to: message.to, subject: message.subject } },
        `e-mail (console transport)\n${message.text}`,
      );
    },
    close: () => json.close(),
  };
}
