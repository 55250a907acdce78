import { defineConfig, devices } from "@playwright/test";
import { OIDC_PROVIDER_ENV } from "./harness/auth";
import { APP_URL, E2E_PORTS } from "./harness/ports";

/**
 * Browser tests against the real built app in Debian's Chromium (never a
 * downloaded browser). The app, the fixture LLM server and a real SMTP server
 * run on fixed loopback ports for the whole run.
 */
export default defineConfig({
  testDir: "./tests",
  outputDir: "./test-results",
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL: APP_URL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
  webServer: [
    {
      command: "npx tsx ../apps/server/src/testing/fixture-llm/main.ts",
      url: `http://127.0.0.1:${E2E_PORTS.llm}/v1/models`,
      env: { FIXTURE_LLM_PORT: String(E2E_PORTS.llm), FIXTURE_LLM_LATENCY_MS: "20" },
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      command: "npx tsx harness/mail-server.ts",
      url: `http://127.0.0.1:${E2E_PORTS.mailbox}/healthz`,
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      command: "npx tsx ../apps/server/src/testing/oidc-main.ts",
      url: `http://127.0.0.1:${E2E_PORTS.oidc}/.well-known/openid-configuration`,
      env: OIDC_PROVIDER_ENV,
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      command: "npx tsx harness/start-app.ts",
      url: `${APP_URL}/healthz`,
      reuseExistingServer: false,
      timeout: 120_000,
    },
  ],
});
