/** Fixed loopback ports of the end-to-end environment (one environment per test run). */
export const E2E_PORTS = {
  app: 4310,
  llm: 4311,
  oidc: 4312,
  smtp: 4325,
  mailbox: 4326,
} as const;

/** The app's public URL in end-to-end tests. */
export const APP_URL = `http://localhost:${E2E_PORTS.app}`;
/** Mailbox HTTP API of the SMTP fixture. */
export const MAILBOX_URL = `http://127.0.0.1:${E2E_PORTS.mailbox}`;
