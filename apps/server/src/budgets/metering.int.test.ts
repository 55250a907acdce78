/**
 * The gateway's one metering hook: calls through a user's port are admitted
 * by and recorded in that user's budget (real database, real gateway, the
 * fixture LLM); unattributed calls and answers from the cache are not
 * charged, and a refused call never reaches the provider.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { upsertUser } from "../auth/users";
import { createLlmGateway, type LlmGateway, MemoryCache, parseLlmConfig } from "../llm";
import { createTestDatabase, DIALECTS, type TestDatabase } from "../testing/db";
import { type FixtureLlm, startFixtureLlm } from "../testing/fixture-llm";
import { BudgetsEnvSchema } from "./env";
import { BudgetSpentError } from "./errors";
import { BudgetRepository } from "./repository";
import { BudgetService } from "./service";

describe.each(DIALECTS)("metering through the gateway on %s", (dialect) => {
  let fixture: FixtureLlm;
  let database: TestDatabase;
  let gateway: LlmGateway;
  let budgets: BudgetService;
  let repository: BudgetRepository;

  beforeAll(async () => {
    fixture = await startFixtureLlm();
    database = await createTestDatabase(dialect);
    repository = new BudgetRepository(database.db);
    budgets = new BudgetService(repository, BudgetsEnvSchema.parse({}));
    gateway = createLlmGateway(
      parseLlmConfig({
        OPENAI_BASE_URL: fixture.url,
        OPENAI_API_KEY: "test-key",
        LLM_MODELS: "fixture-small",
        LLM_EMBEDDING_MODEL: "fixture-embed",
        LLM_PRICES: '{"fixture-small": {"input": 1, "output": 2}}',
      }),
      { cache: new MemoryCache(), meter: budgets },
    );
  });
  afterAll(async () => {
    await gateway?.close();
    await database?.destroy();
    await fixture?.close();
  });

  const ask = (port: Pick<LlmGateway, "complete">, text: string, temperature = 0.7) =>
    port.complete({
      model: "fixture-small",
      messages: [{ role: "user", content: text }],
      temperature,
      purpose: "assistant",
    });

  it("charges a user's calls, not unattributed ones nor cached answers", async () => {
    const user = await upsertUser(database.db, { email: "metered@example.com" });
    const port = gateway.forUser(user.id);
    const paid = await ask(port, "Hello");
    await ask(gateway, "Hello from the operator");
    await ask(port, "Same question", 0);
    const cached = await ask(port, "Same question", 0);
    expect(cached.usage.cachedCalls).toBe(1);
    await port.embed?.({ texts: ["one", "two"] });
    const { day } = await budgets.report(user.id);
    expect(day.used.calls).toBe(3);
    expect(day.used.input_tokens).toBeGreaterThan(paid.usage.inputTokens);
    expect(day.used.cost_usd).toBeGreaterThan(0);
  });

  it("refuses a call past the budget without reaching the provider", async () => {
    const user = await upsertUser(database.db, { email: "capped@example.com" });
    await repository.setOverride(user.id, { daily: { calls: 1 } });
    const port = gateway.forUser(user.id);
    await ask(port, "first");
    const before = fixture.stats().requests;
    await expect(ask(port, "second")).rejects.toBeInstanceOf(BudgetSpentError);
    await expect(ask(port, "second")).rejects.toThrow(
      /^Your daily budget of 1 model call is used up \(1 used\)/,
    );
    expect(fixture.stats().requests).toBe(before);
    // another user is not affected
    const other = await upsertUser(database.db, { email: "free@example.com" });
    expect((await ask(gateway.forUser(other.id), "hi")).text).not.toBe("");
  });

  it("counts calls in progress, so simultaneous calls cannot pass the call limit together", async () => {
    const user = await upsertUser(database.db, { email: "burst@example.com" });
    await repository.setOverride(user.id, { daily: { calls: 3 } });
    const port = gateway.forUser(user.id);
    const before = fixture.stats().requests;
    const outcomes = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) => ask(port, `burst ${i}`)),
    );
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(3);
    const refused = outcomes.filter((o) => o.status === "rejected");
    expect(refused).toHaveLength(7);
    expect(String((refused[0] as PromiseRejectedResult).reason.message)).toMatch(
      /^Your daily budget of 3 model calls is used up \(\d used(, \d more in progress)?\)/,
    );
    expect(fixture.stats().requests - before).toBe(3);
    expect((await budgets.report(user.id)).day.used.calls).toBe(3);
  });
});
