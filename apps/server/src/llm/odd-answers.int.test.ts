/**
 * Odd provider answers (issue 21, item 4): an HTTP 200 with `"choices": []`
 * or without message content, and a reset connection, are retried like a
 * 500; after the retries the error says whether it may pass (the engine
 * leaves one example unscored on those and fails the run on the others).
 */
import { openAiCompatibleModel } from "@promptune/engine";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { type FixtureFaultStatus, type FixtureLlm, startFixtureLlm } from "../testing/fixture-llm";
import { MemoryCache } from "./cache";
import { parseLlmConfig } from "./env";
import { LlmError } from "./errors";
import { createLlmGateway, type LlmGateway } from "./gateway";

const Verdict = z.object({ score: z.number().min(0).max(1), feedback: z.string() });
const ask = (n: number) => [{ role: "user" as const, content: `Where is order ${n}?` }];

describe("odd provider answers are retried", () => {
  let fixture: FixtureLlm;
  let gateway: LlmGateway;
  const retries: Array<{ kind?: string }> = [];

  beforeAll(async () => {
    fixture = await startFixtureLlm();
    const config = parseLlmConfig({
      OPENAI_BASE_URL: fixture.url,
      OPENAI_API_KEY: "test-key",
      LLM_MODELS: "fixture-small",
      LLM_RETRY_BASE_MS: "5",
      LLM_MAX_RETRIES: "2",
      LLM_TIMEOUT_MS: "2000",
    });
    gateway = createLlmGateway(config, {
      cache: new MemoryCache(),
      logger: { info: () => {}, warn: (o) => retries.push(o as { kind?: string }) },
    });
  });
  afterEach(() => fixture.setConfig({ faults: [] }));
  afterAll(async () => {
    await gateway.close();
    await fixture.close();
  });

  const KINDS: FixtureFaultStatus[] = ["empty_choices", "no_content", "reset"];

  it.each(KINDS)(
    "%s twice in a row: the third attempt answers, as without the fault",
    async (status) => {
      const n = KINDS.indexOf(status);
      const clean = await gateway.complete({
        model: "fixture-small",
        messages: ask(100 + n),
        temperature: 0.5,
        purpose: "assistant",
      });
      fixture.setConfig({ faults: [{ status, count: 2 }] });
      retries.length = 0;
      const text = await gateway.complete({
        model: "fixture-small",
        messages: ask(100 + n),
        temperature: 0.5,
        purpose: "assistant",
      });
      expect(text.text).toBe(clean.text);
      expect(retries).toHaveLength(2);
      expect(fixture.stats().faults[status]).toBeGreaterThanOrEqual(2);

      fixture.setConfig({ faults: [{ status, count: 1 }] });
      const verdict = await gateway.completeStructured({
        model: "fixture-small",
        messages: [
          { role: "system", content: "You grade replies." },
          { role: "user", content: `<rubric>\n- case ${n}\n</rubric>\n<reply>case ${n}</reply>` },
        ],
        temperature: 0,
        purpose: "judge",
        schema: Verdict,
        schemaName: "judge_verdict",
      });
      expect(Verdict.parse(verdict.value).score).toBe(1);
    },
  );

  it("reads a structured answer written in a sentence and a json fence on the first attempt", async () => {
    const judge = (n: number) => ({
      model: "fixture-small",
      messages: [
        { role: "system" as const, content: "You grade replies." },
        {
          role: "user" as const,
          content: `<rubric>\n- fenced ${n}\n</rubric>\n<reply>fenced ${n}</reply>`,
        },
      ],
      temperature: 0,
      schema: Verdict,
      schemaName: "judge_verdict",
    });
    fixture.setConfig({ faults: [{ status: "prose_json", match: "judge_verdict" }] });
    retries.length = 0;
    const before = fixture.stats().faults.prose_json ?? 0;
    const verdict = await gateway.completeStructured({ ...judge(1), purpose: "judge" });
    expect(Verdict.parse(verdict.value).score).toBe(1);
    expect(retries).toHaveLength(0);
    // the engine's own adapter, for library users, reads it the same
    const port = openAiCompatibleModel({ baseURL: fixture.url, apiKey: "test-key", maxRetries: 0 });
    const direct = await port.completeStructured({ ...judge(2), purpose: "judge" });
    expect(direct.value.score).toBe(1);
    expect((fixture.stats().faults.prose_json ?? 0) - before).toBe(2);
  });

  it("after the retries, an odd answer fails as a transient provider error; an unknown model does not", async () => {
    fixture.setConfig({ faults: [{ status: "empty_choices" }] });
    const error = await gateway
      .complete({
        model: "fixture-small",
        messages: ask(7),
        temperature: 0.5,
        purpose: "assistant",
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LlmError);
    expect((error as LlmError).status).toBe(502);
    expect((error as LlmError).message).toMatch(/3 attempts/);
    expect((error as LlmError).transientLlmFailure).toBe(true);

    fixture.setConfig({ faults: [] });
    const missing = await gateway
      .complete({ model: "missing-x", messages: ask(8), temperature: 0.5, purpose: "assistant" })
      .catch((e: unknown) => e);
    expect((missing as LlmError).transientLlmFailure).toBe(false);
  });
});
