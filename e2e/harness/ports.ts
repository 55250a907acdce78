/**
 * Loopback ports of the end-to-end environment (one environment per test run).
 * `E2E_PORT_BASE` moves the whole block so that two checkouts can run their
 * browser suites side by side; the default keeps the historical ports.
 */
const base = Number(process.env.E2E_PORT_BASE ?? 4310);

export const E2E_PORTS = {
  app: base,
  llm: base + 1,
  oidc: base + 2,
  smtp: base + 15,
  mailbox: base + 16,
} as const;

/** The app's public URL in end-to-end tests. */
export const APP_URL = `http://localhost:${E2E_PORTS.app}`;
/** Mailbox HTTP API of the SMTP fixture. */
export const MAILBOX_URL = `http://127.0.0.1:${E2E_PORTS.mailbox}`;
