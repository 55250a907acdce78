import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import { generateText, stepCountIs, streamText, tool } from "ai";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { FIXTURE_FAULT_KINDS, type FixtureLlm, mixedFaults, startFixtureLlm } from "./index";

/** Parsed JSON of a response, loosely typed for assertions. */
// biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON bodies
const json = async (r: Response): Promise<any> => r.json();

describe("fixture LLM over HTTP", () => {
  let fixture: FixtureLlm;
  const post = (path: string, body: unknown) =>
    fetch(`${fixture.url}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });

  beforeAll(async () => {
    fixture = await startFixtureLlm({ latencyMs: 0 });
  });
  afterEach(() => fixture.setConfig({ latencyMs: 0, faults: [], outageMs: 0 }));
  afterAll(() => fixture.close());

  it("serves chat completions with usage, models and embeddings", async () => {
    expect(fixture.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
    const chat = await post("/chat/completions", {
      model: "any-model",
      messages: [
        { role: "system", content: "Always say thanks." },
        { role: "user", content: "Hello" },
      ],
    });
    expect(chat.status).toBe(200);
    const body = await json(chat);
    expect(body.choices[0].message).toEqual({
      role: "assistant",
      content: "Answer: Hello\nsay thanks",
    });
    expect(body.usage).toEqual({ prompt_tokens: 4, completion_tokens: 4, total_tokens: 8 });

    const models = await json(await fetch(`${fixture.url}/models`));
    expect(models.data.map((m: { id: string }) => m.id)).toEqual([
      "fixture-small",
      "fixture-large",
    ]);

    const emb = await json(await post("/embeddings", { model: "e", input: ["a b", "c"] }));
    expect(emb.data).toHaveLength(2);
    expect(emb.data[1].index).toBe(1);
    expect(emb.usage).toEqual({ prompt_tokens: 3, total_tokens: 3 });
  });

  it("answers a forced tool call with the schema's JSON as arguments", async () => {
    const res = await post("/chat/completions", {
      model: "m",
      messages: [
        { role: "user", content: "<workers>\n- Expert: facts\n</workers>\nWhy is the sky blue?" },
      ],
      tools: [
        { type: "function", function: { name: "delegation_plan", parameters: { type: "object" } } },
      ],
      tool_choice: { type: "function", function: { name: "delegation_plan" } },
    });
    const body = await json(res);
    expect(body.choices[0].finish_reason).toBe("tool_calls");
    const call = body.choices[0].message.tool_calls[0];
    expect(call.function.name).toBe("delegation_plan");
    expect(JSON.parse(call.function.arguments)).toEqual({
      delegations: [{ worker: "Expert", task: "Handle: Why is the sky blue?" }],
    });
  });

  it("works with the AI SDK for streaming and tool calls", async () => {
    const provider = createOpenAICompatible({
      name: "fixture",
      baseURL: fixture.url,
      includeUsage: true,
    });
    const stream = streamText({
      model: provider("fixture-small"),
      system: "Always be kind.",
      prompt: "Stream this please",
      maxRetries: 0,
    });
    let text = "";
    for await (const delta of stream.textStream) text += delta;
    expect(text).toBe("Answer: Stream this please\nbe kind");
    expect((await stream.usage).outputTokens).toBe(6);

    const withTool = await generateText({
      model: provider("fixture-small"),
      prompt: "<rubric>\n- the sky is blue\n</rubric><reply>The sky is blue.</reply>",
      tools: {
        judge_verdict: tool({ inputSchema: z.object({ score: z.number(), feedback: z.string() }) }),
      },
      toolChoice: "required",
      stopWhen: stepCountIs(1),
      maxRetries: 0,
    });
    expect(withTool.toolCalls[0]?.input).toEqual({
      score: 1,
      feedback: "All rubric items satisfied.",
    });
  });

  it("injects faults from POST /__fixture/config and counts them in /__fixture/stats", async () => {
    const cfg = await fetch(new URL("/__fixture/config", fixture.url), {
      method: "POST",
      body: JSON.stringify({ latencyMs: 5, faults: [{ status: 429, count: 1, retryAfter: 2 }] }),
    });
    expect(cfg.status).toBe(200);
    const limited = await post("/chat/completions", {
      model: "m",
      messages: [{ role: "user", content: "x" }],
    });
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBe("2");
    expect((await json(limited)).error.type).toBe("rate_limit_exceeded");
    const ok = await post("/chat/completions", {
      model: "m",
      messages: [{ role: "user", content: "x" }],
    });
    expect(ok.status).toBe(200);

    fixture.setConfig({ faults: [{ status: 500, count: 1, match: "embeddings" }] });
    expect(
      (await post("/chat/completions", { model: "m", messages: [{ role: "user", content: "y" }] }))
        .status,
    ).toBe(200);
    expect((await post("/embeddings", { model: "e", input: "y" })).status).toBe(500);

    fixture.setConfig({ faults: [{ status: "invalid_json", count: 1 }] });
    const broken = await post("/chat/completions", {
      model: "m",
      messages: [{ role: "user", content: "z" }],
    });
    expect(broken.status).toBe(200);
    await expect(broken.json()).rejects.toThrow();

    fixture.setConfig({ faults: [{ status: "truncated", count: 1 }] });
    await expect(
      post("/chat/completions", { model: "m", messages: [{ role: "user", content: "z" }] }).then(
        (r) => r.text(),
      ),
    ).rejects.toThrow();

    const stats = await json(await fetch(new URL("/__fixture/stats", fixture.url)));
    expect(stats.faults).toMatchObject({ "429": 1, "500": 1, invalid_json: 1, truncated: 1 });
    expect(stats.byKind.embeddings).toBeGreaterThanOrEqual(1);
    expect(fixture.stats().requests).toBe(stats.requests);
  });

  it("answers 200s without choices or content, resets connections, and opens an outage window", async () => {
    const ask = () =>
      post("/chat/completions", { model: "m", messages: [{ role: "user", content: "q" }] });
    fixture.setConfig({ faults: [{ status: "empty_choices", count: 1 }] });
    const empty = await ask();
    expect(empty.status).toBe(200);
    const emptyBody = await json(empty);
    expect(emptyBody.choices).toEqual([]);
    expect(emptyBody.usage.total_tokens).toBeGreaterThan(0);

    fixture.setConfig({ faults: [{ status: "no_content", count: 1 }] });
    const blank = await json(await ask());
    expect(blank.choices[0].message).toEqual({ role: "assistant", content: null });

    fixture.setConfig({ faults: [{ status: "reset", count: 1 }] });
    await expect(ask()).rejects.toThrow();
    expect((await ask()).status).toBe(200);

    fixture.setConfig({ faults: [], outageMs: 150 });
    const down = await ask();
    expect(down.status).toBe(503);
    expect((await json(down)).error.message).toMatch(/unavailable/);
    expect((await post("/embeddings", { model: "e", input: "y" })).status).toBe(503);
    await new Promise((r) => setTimeout(r, 170));
    expect((await ask()).status).toBe(200);
    expect(fixture.stats().faults).toMatchObject({
      empty_choices: 1,
      no_content: 1,
      reset: 1,
      outage: 2,
    });
  });

  it("spreads a mixed share of faults evenly over the kinds", async () => {
    fixture.setConfig({ faults: mixedFaults(0.2, FIXTURE_FAULT_KINDS, 0.01) });
    const start = fixture.stats();
    const before = start.requests;
    for (let i = 0; i < 200; i++) {
      await fetch(`${fixture.url}/chat/completions`, {
        method: "POST",
        body: JSON.stringify({ model: "m", messages: [{ role: "user", content: `m${i}` }] }),
        signal: AbortSignal.timeout(100),
      })
        .then((r) => r.text())
        .catch(() => "failed");
    }
    const stats = fixture.stats();
    expect(stats.requests - before).toBe(200);
    const faults = FIXTURE_FAULT_KINDS.map(
      (k) => (stats.faults[String(k)] ?? 0) - (start.faults[String(k)] ?? 0),
    );
    // 20 % of 200 requests, 5 of each of the 8 kinds (aborted timeouts count as their fault).
    expect(faults).toEqual([5, 5, 5, 5, 5, 5, 5, 5]);
  });

  it("holds a timeout fault until the client gives up", async () => {
    fixture.setConfig({ faults: [{ status: "timeout", count: 1 }] });
    const t0 = Date.now();
    await expect(
      fetch(`${fixture.url}/chat/completions`, {
        method: "POST",
        body: JSON.stringify({ model: "m", messages: [{ role: "user", content: "x" }] }),
        signal: AbortSignal.timeout(200),
      }),
    ).rejects.toThrow();
    expect(Date.now() - t0).toBeGreaterThanOrEqual(190);
    await new Promise((r) => setTimeout(r, 20));
    expect(fixture.stats().inFlight).toBe(0);
  });

  it("rejects malformed requests with 400 and bad config with a reason", async () => {
    const bad = await post("/chat/completions", { model: "m" });
    expect(bad.status).toBe(400);
    expect((await json(bad)).error.message).toMatch(/messages/);
    const badCfg = await fetch(new URL("/__fixture/config", fixture.url), {
      method: "POST",
      body: JSON.stringify({ faults: [{ status: 418 }] }),
    });
    expect(badCfg.status).toBe(400);
  });

  it("starts from the CLI entry and prints its URL", async () => {
    const main = fileURLToPath(new URL("./main.ts", import.meta.url));
    const child = spawn(process.execPath, ["--import", "tsx", main], {
      env: { ...process.env, FIXTURE_LLM_PORT: "0" },
      stdio: ["ignore", "pipe", "inherit"],
    });
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let out = "";
        child.stdout.on("data", (d: Buffer) => {
          out += d.toString();
          const m = /FIXTURE_LLM_URL=(\S+)/.exec(out);
          if (m?.[1]) resolve(m[1]);
        });
        child.once("exit", (code) => reject(new Error(`exited with ${code}`)));
      });
      const res = await fetch(`${url}/models`);
      expect(res.status).toBe(200);
    } finally {
      child.kill("SIGTERM");
    }
  });
});
