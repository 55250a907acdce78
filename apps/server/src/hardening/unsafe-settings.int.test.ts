/**
 * Attack regressions (issue 14, item 10): production refuses unsafe settings.
 * The real server process (main.ts) must stop with a clear message, before it
 * opens or migrates the database, when NODE_ENV=production has no PUBLIC_URL
 * or an http:// one outside localhost, and when a cross-variable rule (LLM
 * providers, Telegram webhook secret) fails; it used to check those only
 * after migrating, while building the app.
 */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { freePort, startServerProcess, waitForHttp } from "../testing/processes";

const dirs: string[] = [];

/** A fresh SQLite path in its own temp folder (the file must not exist yet). */
function sqlitePath(): string {
  const dir = mkdtempSync(join(tmpdir(), "promptune-unsafe-"));
  dirs.push(dir);
  return join(dir, "promptune.db");
}

/** Starts main.ts with `env` and resolves with its exit code and output once it exits (or is stopped). */
async function refusedStart(env: Record<string, string>) {
  const database = sqlitePath();
  const proc = startServerProcess("main.ts", {
    PORT: String(await freePort()),
    SQLITE_PATH: database,
    ...env,
  });
  // A server that starts anyway is stopped after a while, so the test fails instead of hanging.
  const stop = setTimeout(() => void proc.kill(), 20_000);
  const code = await new Promise<number | null>((resolve) => {
    if (proc.child.exitCode !== null) return resolve(proc.child.exitCode);
    proc.child.once("exit", (c) => resolve(c));
  });
  clearTimeout(stop);
  return { code, output: proc.output(), databaseCreated: existsSync(database) };
}

const PRODUCTION = { NODE_ENV: "production", SMTP_URL: "smtp://127.0.0.1:2525" };

describe("start-up refuses unsafe or inconsistent settings before touching the database", () => {
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it("stops production without PUBLIC_URL", async () => {
    const result = await refusedStart(PRODUCTION);
    expect(result.code, result.output).toBe(1);
    expect(result.output).toContain("PUBLIC_URL is required in production");
    expect(result.databaseCreated).toBe(false);
  });

  it("stops production with an http:// PUBLIC_URL outside localhost", async () => {
    const result = await refusedStart({
      ...PRODUCTION,
      PUBLIC_URL: "http://promptune.example.com",
    });
    expect(result.code, result.output).toBe(1);
    expect(result.output).toContain("PUBLIC_URL must use https in production");
    expect(result.databaseCreated).toBe(false);
  });

  it("checks the LLM and Telegram rules with the rest of the environment, before migrating", async () => {
    const llm = await refusedStart({ LLM_MODELS: "gpt-4o@openai" });
    expect(llm.code, llm.output).toBe(1);
    expect(llm.output).toContain("Invalid environment configuration");
    expect(llm.output).toContain('Model "gpt-4o" needs an OpenAI-compatible provider');
    expect(llm.databaseCreated).toBe(false);

    const telegram = await refusedStart({
      TELEGRAM_BEFORE_BOT_TOKEN: "1:abc",
      TELEGRAM_WEBHOOK_URL: "https://promptune.example.com",
    });
    expect(telegram.code, telegram.output).toBe(1);
    expect(telegram.output).toContain(
      "TELEGRAM_WEBHOOK_SECRET is required when TELEGRAM_WEBHOOK_URL is set",
    );
    expect(telegram.databaseCreated).toBe(false);
  });

  it("stops on ALLOWED_ORIGINS=* with a clear message, before creating the database (issue 21)", async () => {
    const result = await refusedStart({ ALLOWED_ORIGINS: "*" });
    console.info(
      `[attack-regression] ALLOWED_ORIGINS=* -> exit ${result.code}, database created: ${result.databaseCreated}`,
    );
    expect(result.code, result.output).toBe(1);
    expect(result.output).toContain('ALLOWED_ORIGINS: "*" is not allowed');
    expect(result.output).not.toContain("Invalid URL");
    expect(result.databaseCreated).toBe(false);
  });

  it("stops production on every unsafe transport, secret, origin and limit at once, naming each variable (issue 21)", async () => {
    const result = await refusedStart({
      NODE_ENV: "production",
      PUBLIC_URL: "https://promptune.example.com",
      SMTP_URL: "smtp://mailer:secret@mail.example.com:587",
      TELEGRAM_BEFORE_BOT_TOKEN: "1:abc",
      TELEGRAM_WEBHOOK_URL: "http://promptune.example.com",
      TELEGRAM_WEBHOOK_SECRET: "x",
      OPENAI_BASE_URL: "http://llm.example.com/v1",
      TELEGRAM_API_ROOT: "http://tg.example.com",
      LOCAL_MODEL_URL: "http://models.example.com/model.gguf",
      ALLOWED_ORIGINS: "https://evil.example.net",
      RUNS_MAX_ACTIVE_PER_USER: "0",
      LLM_TIMEOUT_MS: "1e12",
    });
    expect(result.code, result.output).toBe(1);
    expect(result.databaseCreated).toBe(false);
    const named = [
      "TELEGRAM_WEBHOOK_URL",
      "TELEGRAM_WEBHOOK_SECRET",
      "RUNS_MAX_ACTIVE_PER_USER",
      "LLM_TIMEOUT_MS",
    ];
    for (const variable of named) expect(result.output).toContain(`${variable}: `);
    // Cross-variable rules run once every variable parses; fix those and start again.
    const second = await refusedStart({
      NODE_ENV: "production",
      PUBLIC_URL: "https://promptune.example.com",
      SMTP_URL: "smtp://mailer:secret@mail.example.com:587",
      OPENAI_BASE_URL: "http://llm.example.com/v1",
      TELEGRAM_API_ROOT: "http://tg.example.com",
      LOCAL_MODEL_URL: "http://models.example.com/model.gguf",
      ALLOWED_ORIGINS: "https://evil.example.net",
    });
    expect(second.code, second.output).toBe(1);
    expect(second.databaseCreated).toBe(false);
    for (const variable of [
      "SMTP_URL sends the SMTP password over plain smtp://",
      "OPENAI_BASE_URL must use https",
      "TELEGRAM_API_ROOT must use https",
      "LOCAL_MODEL_URL must use https",
      "ALLOWED_ORIGINS entry https://evil.example.net is foreign",
    ])
      expect(second.output).toContain(variable);
  });

  it("starts production on http://localhost and on an https PUBLIC_URL", async () => {
    for (const publicUrl of ["http://localhost:{port}", "https://promptune.example.com"]) {
      const port = await freePort();
      const proc = startServerProcess("main.ts", {
        ...PRODUCTION,
        PORT: String(port),
        PUBLIC_URL: publicUrl.replace("{port}", String(port)),
        SQLITE_PATH: sqlitePath(),
        TELEGRAM_DISABLED: "1",
      });
      try {
        await waitForHttp(`http://127.0.0.1:${port}/healthz`, proc);
      } finally {
        await proc.kill();
      }
    }
  });
});
