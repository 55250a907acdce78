import { describe, expect, it } from "vitest";
import { loadEnv } from "./env";
import { crossVariableProblems, productionUrlProblems } from "./env-rules";

const production = (PUBLIC_URL?: string) => ({ NODE_ENV: "production", PUBLIC_URL });

describe("production URL rule", () => {
  it("requires PUBLIC_URL in production only", () => {
    expect(productionUrlProblems(production())).toEqual([
      expect.stringContaining("PUBLIC_URL is required in production"),
    ]);
    expect(productionUrlProblems({ NODE_ENV: "development" })).toEqual([]);
    expect(productionUrlProblems({ NODE_ENV: "test" })).toEqual([]);
  });

  it("allows http only on loopback hosts", () => {
    for (const url of [
      "http://localhost:3000",
      "http://127.0.0.1:8080",
      "http://[::1]:3000",
      "http://app.localhost",
      "https://promptune.example.com",
    ]) {
      expect(productionUrlProblems(production(url)), url).toEqual([]);
    }
    for (const url of ["http://promptune.example.com", "http://10.0.0.5:3000"]) {
      expect(productionUrlProblems(production(url)), url).toEqual([
        expect.stringContaining("PUBLIC_URL must use https in production"),
      ]);
    }
  });
});

describe("cross-variable rules in loadEnv", () => {
  it("lists every problem at once", () => {
    const problems = crossVariableProblems(
      { ...production(), TELEGRAM_WEBHOOK_URL: "https://x.example" },
      { LLM_MODELS: "gpt-4o@openai" },
    );
    expect(problems).toHaveLength(4);
    expect(problems.join("\n")).toMatch(/PUBLIC_URL[\s\S]*gpt-4o[\s\S]*WEBHOOK_SECRET[\s\S]*SMTP/);
  });

  it("stops loadEnv with a clear message", () => {
    expect(() => loadEnv({ NODE_ENV: "production", SMTP_URL: "smtp://127.0.0.1:25" })).toThrow(
      /Invalid environment configuration:\n {2}PUBLIC_URL is required in production/,
    );
    expect(
      loadEnv({
        NODE_ENV: "production",
        SMTP_URL: "smtp://127.0.0.1:25",
        PUBLIC_URL: "https://promptune.example.com/",
      }).PUBLIC_URL,
    ).toBe("https://promptune.example.com");
  });
});
