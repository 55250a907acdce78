// Starts the built app for end-to-end tests on a fresh temporary SQLite
// database, pointed at the fixture LLM, SMTP and OIDC servers.
import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { E2E_PORTS as ports } from "./ports";

const dir = mkdtempSync(join(tmpdir(), "promptune-e2e-"));
const serverMain = fileURLToPath(new URL("../../apps/server/dist/main.js", import.meta.url));

const child = spawn(process.execPath, [serverMain], {
  stdio: "inherit",
  env: {
    ...process.env,
    NODE_ENV: "production",
    // The whole suite signs in dozens of users from one address (127.0.0.1).
    AUTH_RATE_LIMIT_PER_IP: "100000",
    AUTH_VERIFY_LIMIT_PER_IP: "100000",
    // A provider that keeps failing pauses a run; the suite's failing provider
    // ends the pause after two seconds so the run fails as the tests expect.
    RUN_OUTAGE_PROBE_MS: "500",
    RUN_OUTAGE_MAX_PAUSE_MS: "2000",
    // Retries (of a malformed answer, a 5xx, a timeout) wait 50, 100, 200 ms instead of 0.5, 1,
    // 2 s: the specs whose fixture breaks every reflection would otherwise spend minutes in
    // backoff (the policy itself is tested in apps/server/src/llm).
    LLM_RETRY_BASE_MS: "50",
    // Runs are reproducible: with a random seed, about one 3-iteration run in ten
    // against the fixture LLM finds nothing better than its start, and the specs
    // that follow a presented optimised configuration would depend on chance.
    RUN_SEED: "7919",
    LOG_LEVEL: "warn",
    HOST: "127.0.0.1",
    PORT: String(ports.app),
    PUBLIC_URL: `http://localhost:${ports.app}`,
    SQLITE_PATH: join(dir, "e2e.db"),
    OPENAI_BASE_URL: `http://127.0.0.1:${ports.llm}/v1`,
    OPENAI_API_KEY: "fixture-key",
    SMTP_URL: `smtp://127.0.0.1:${ports.smtp}`,
    MAIL_FROM: "Promptune <no-reply@promptune.test>",
    OIDC_ISSUER: `http://127.0.0.1:${ports.oidc}`,
    GOOGLE_CLIENT_ID: "promptune-e2e",
    GOOGLE_CLIENT_SECRET: "promptune-e2e-secret",
    TELEGRAM_BEFORE_BOT_USERNAME: "promptune_before_bot",
    TELEGRAM_AFTER_BOT_USERNAME: "promptune_after_bot",
  },
});
const stop = () => child.kill("SIGTERM");
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
child.on("exit", (code) => process.exit(code ?? 0));
