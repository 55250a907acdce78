import { describe, expect, it } from "vitest";
import { loadEnv } from "./env";
import { isLoopbackHost, isPrivateHost, originProblem } from "./env-helpers";
import {
  allowedOriginProblems,
  productionSafetyProblems,
  serviceUrlProblems,
  smtpProblems,
} from "./env-production";

const PROD = { NODE_ENV: "production", PUBLIC_URL: "https://app.example.com" };

/** loadEnv's error message for `vars` (production with SMTP unless overridden), or "" when valid. */
function problemsOf(vars: Record<string, string>): string {
  try {
    loadEnv({ ...PROD, SMTP_URL: "smtps://u:p@mail.example.com", ...vars });
    return "";
  } catch (error) {
    return (error as Error).message;
  }
}

describe("host classes", () => {
  it("tells loopback, private and public hosts apart", () => {
    for (const host of ["localhost", "app.localhost", "127.0.0.1", "127.8.0.2", "[::1]"])
      expect(isLoopbackHost(host), host).toBe(true);
    for (const host of [
      "10.1.2.3",
      "192.168.0.5",
      "172.16.0.1",
      "172.31.9.9",
      "ollama",
      "[fd00::1]",
    ])
      expect(isPrivateHost(host), host).toBe(true);
    for (const host of ["api.openai.com", "8.8.8.8", "172.32.0.1", "11.0.0.1", "[2001:db8::1]"]) {
      expect(isPrivateHost(host), host).toBe(false);
      expect(isLoopbackHost(host), host).toBe(false);
    }
  });
});

describe("SMTP_URL in production", () => {
  it("refuses a password over plain smtp:// to a remote host", () => {
    expect(smtpProblems({ ...PROD, SMTP_URL: "smtp://u:secret@mail.example.com:587" })).toEqual([
      expect.stringMatching(/^SMTP_URL sends the SMTP password over plain smtp:\/\//),
    ]);
  });
  it("accepts smtps://, requireTLS, no password, or a loopback relay", () => {
    for (const SMTP_URL of [
      "smtps://u:secret@mail.example.com:465",
      "smtp://u:secret@mail.example.com:587?requireTLS=true",
      "smtp://mail.example.com:25",
      "smtp://u:secret@127.0.0.1:2525",
    ])
      expect(smtpProblems({ ...PROD, SMTP_URL }), SMTP_URL).toEqual([]);
  });
});

describe("service URLs in production", () => {
  it("refuses http:// on public hosts, naming the variable", () => {
    const problems = serviceUrlProblems({
      ...PROD,
      OPENAI_BASE_URL: "http://llm.example.com/v1",
      TELEGRAM_API_ROOT: "http://tg.example.com",
      LOCAL_MODEL_URL: "http://models.example.com/m.gguf",
    });
    expect(problems.map((p) => p.split(" ")[0])).toEqual([
      "OPENAI_BASE_URL",
      "TELEGRAM_API_ROOT",
      "LOCAL_MODEL_URL",
    ]);
  });
  it("accepts https, loopback and private-network hosts", () => {
    expect(
      serviceUrlProblems({
        ...PROD,
        OPENAI_BASE_URL: "http://ollama:11434/v1",
        TELEGRAM_API_ROOT: "http://127.0.0.1:8081",
        LOCAL_MODEL_URL: "https://huggingface.co/x.gguf",
      }),
    ).toEqual([]);
    expect(serviceUrlProblems({ ...PROD, OPENAI_BASE_URL: "http://10.0.0.7:8000/v1" })).toEqual([]);
  });
});

describe("ALLOWED_ORIGINS", () => {
  it("refuses a wildcard, paths, queries and non-URLs in every mode", () => {
    expect(originProblem("*")).toMatch(/wildcard would let any web site/);
    expect(originProblem("https://*.example.com")).toMatch(/wildcard/);
    expect(originProblem("app.example.com")).toMatch(/is not an origin/);
    expect(originProblem("https://app.example.com/path")).toMatch(/origin only/);
    expect(originProblem("ftp://app.example.com")).toMatch(/http\(s\) origin/);
    expect(originProblem("https://app.example.com")).toBeNull();
    expect(originProblem("http://localhost:5173/")).toBeNull();
    expect(() => loadEnv({ ALLOWED_ORIGINS: "*" })).toThrow(/ALLOWED_ORIGINS: "\*" is not allowed/);
    expect(
      loadEnv({ ALLOWED_ORIGINS: " http://localhost:5173/ , https://a.test" }).ALLOWED_ORIGINS,
    ).toEqual(["http://localhost:5173", "https://a.test"]);
  });
  it("refuses foreign or http origins in production", () => {
    const check = (origin: string) => allowedOriginProblems({ ...PROD, ALLOWED_ORIGINS: [origin] });
    expect(check("https://evil.example.net")).toEqual([
      expect.stringMatching(/is foreign to PUBLIC_URL/),
    ]);
    expect(check("http://admin.example.com")).toEqual([expect.stringMatching(/must use https/)]);
    expect(check("http://localhost:5173")).toEqual([expect.stringMatching(/must use https/)]);
    expect(check("https://admin.example.com")).toEqual([]);
    expect(check("https://example.com")).toEqual([]);
    expect(
      allowedOriginProblems({
        ...PROD,
        PUBLIC_URL: "http://localhost:3000",
        ALLOWED_ORIGINS: ["http://localhost:5173"],
      }),
    ).toEqual([]);
  });
});

describe("Telegram webhook", () => {
  it("needs https (http on localhost only) and a secret of 16+ characters", () => {
    const hook = { TELEGRAM_WEBHOOK_SECRET: "a".repeat(16) };
    expect(problemsOf({ ...hook, TELEGRAM_WEBHOOK_URL: "http://app.example.com" })).toMatch(
      /TELEGRAM_WEBHOOK_URL: TELEGRAM_WEBHOOK_URL must use https/,
    );
    expect(problemsOf({ ...hook, TELEGRAM_WEBHOOK_URL: "https://app.example.com" })).toBe("");
    expect(problemsOf({ ...hook, TELEGRAM_WEBHOOK_URL: "http://127.0.0.1:3000" })).toBe("");
    expect(
      problemsOf({ TELEGRAM_WEBHOOK_URL: "https://app.example.com", TELEGRAM_WEBHOOK_SECRET: "x" }),
    ).toMatch(/TELEGRAM_WEBHOOK_SECRET must be 16-256 characters/);
  });
});

describe("limits", () => {
  it("refuses non-positive, huge and non-decimal numbers, naming the variable", () => {
    expect(problemsOf({ AUTH_RATE_LIMIT_PER_IP: "0" })).toMatch(
      /AUTH_RATE_LIMIT_PER_IP: must be a whole number from 1 to 1000000/,
    );
    expect(problemsOf({ RUNS_MAX_ACTIVE_PER_USER: "-3" })).toMatch(
      /RUNS_MAX_ACTIVE_PER_USER: must be/,
    );
    expect(problemsOf({ LLM_TIMEOUT_MS: "1e12" })).toMatch(/LLM_TIMEOUT_MS: must be/);
    expect(problemsOf({ LLM_CONCURRENCY: "0x10" })).toMatch(/LLM_CONCURRENCY: must be/);
    expect(problemsOf({ SOCKETS_MAX_PER_USER: "99999999999999999999" })).toMatch(
      /SOCKETS_MAX_PER_USER: must be/,
    );
    expect(problemsOf({ LLM_CONCURRENCY: " 12 " })).toBe("");
    expect(loadEnv({ LLM_CONCURRENCY: "" }).LLM_CONCURRENCY).toBe(8);
  });

  it("reads RUN_SEED as an optional positive whole number", () => {
    expect(loadEnv({}).RUN_SEED).toBeUndefined();
    expect(loadEnv({ RUN_SEED: "" }).RUN_SEED).toBeUndefined();
    expect(loadEnv({ RUN_SEED: " 42 " }).RUN_SEED).toBe(42);
    expect(problemsOf({ RUN_SEED: "0" })).toMatch(/RUN_SEED: must be a whole number from 1/);
    expect(problemsOf({ RUN_SEED: "1.5" })).toMatch(/RUN_SEED: must be/);
    expect(problemsOf({ RUN_SEED: "2147483647" })).toMatch(/RUN_SEED: must be/);
  });
});

describe("production safety as a whole", () => {
  it("is silent outside production and lists every problem in production", () => {
    const unsafe = {
      SMTP_URL: "smtp://u:p@mail.example.com",
      OPENAI_BASE_URL: "http://llm.example.com/v1",
      ALLOWED_ORIGINS: ["https://evil.example.net"],
    };
    expect(productionSafetyProblems({ NODE_ENV: "development", ...unsafe })).toEqual([]);
    expect(productionSafetyProblems({ ...PROD, ...unsafe })).toHaveLength(3);
  });
});
