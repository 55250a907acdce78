import { createReadStream, existsSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { parseLlmConfig } from "./env";
import { LlmError } from "./errors";
import { createLlmGateway, type LlmGateway } from "./gateway";

/** The shared test model: `shared/` is a sibling of the repository checkout. */
const MODEL = fileURLToPath(
  new URL("../../../../../shared/models/stories260K.gguf", import.meta.url),
);
const present = existsSync(MODEL);
if (!present) console.warn(`Skipping local-model tests: ${MODEL} is absent.`);

describe.skipIf(!present)("local provider (node-llama-cpp) with stories260K", () => {
  let gateway: LlmGateway;
  const logs: string[] = [];

  beforeAll(() => {
    const config = parseLlmConfig({
      LOCAL_MODEL_PATH: MODEL,
      LOCAL_MODEL_THREADS: "1",
      LLM_EMBEDDING_MODEL: "stories260K@local",
      LLM_TIMEOUT_MS: "60000",
    });
    gateway = createLlmGateway(config, {
      logger: { info: (_o, m) => logs.push(m ?? ""), warn: (_o, m) => logs.push(m ?? "") },
    });
  });
  afterAll(() => gateway?.close());

  it("is the default model when nothing else is configured", () => {
    expect(gateway.listModels()).toEqual(["stories260K"]);
    expect(gateway.defaultModel).toBe("stories260K");
  });

  it("answers a chat for real, with measured tokens and no cost", async () => {
    const r = await gateway.complete({
      model: "stories260K",
      purpose: "assistant",
      temperature: 0,
      maxOutputTokens: 40,
      messages: [
        { role: "system", content: "You tell short stories." },
        { role: "user", content: "Once upon a time" },
      ],
    });
    expect(r.text.trim().length).toBeGreaterThan(0);
    expect(r.usage.calls).toBe(1);
    expect(r.usage.inputTokens).toBeGreaterThan(0);
    expect(r.usage.outputTokens).toBeGreaterThan(0);
    expect(r.usage.outputTokens).toBeLessThanOrEqual(40);
    expect(r.usage.costUsd).toBe(0);
    expect(logs).toContain("local model loaded");
  });

  it("returns grammar-constrained structured output that parses with the zod schema", async () => {
    const Story = z.object({
      title: z.string(),
      happy: z.boolean(),
      mood: z.enum(["calm", "busy"]),
    });
    const r = await gateway.completeStructured({
      model: "stories260K",
      purpose: "judge",
      temperature: 0,
      maxOutputTokens: 300,
      messages: [{ role: "user", content: "Write a story title." }],
      schema: Story,
      schemaName: "story",
    });
    expect(Story.safeParse(r.value).success).toBe(true);
    expect(typeof r.value.title).toBe("string");
  });

  it("embeds texts with the model's embedding context (64 dimensions, deterministic)", async () => {
    const a = await gateway.embed?.({ texts: ["a cat", "a dog"] });
    expect(a?.vectors).toHaveLength(2);
    expect(a?.vectors[0]).toHaveLength(64);
    const fresh = createLlmGateway(
      parseLlmConfig({
        LOCAL_MODEL_PATH: MODEL,
        LOCAL_MODEL_THREADS: "1",
        LLM_EMBEDDING_MODEL: "stories260K@local",
      }),
    );
    const b = await fresh.embed?.({ texts: ["a cat"] });
    await fresh.close();
    expect(b?.vectors[0]).toEqual(a?.vectors[0]);
  });
});

describe.skipIf(!present)("several context sequences (LOCAL_MODEL_SEQUENCES)", () => {
  it("runs more concurrent calls than sequences, each metered on its own sequence", async () => {
    const gw = createLlmGateway(
      parseLlmConfig({
        LOCAL_MODEL_PATH: MODEL,
        LOCAL_MODEL_THREADS: "1",
        LOCAL_MODEL_SEQUENCES: "3",
      }),
    );
    const prompts = [
      "Once upon a time",
      "The cat",
      "Lily went",
      "A big dog",
      "Tom said",
      "The sun",
    ];
    const ask = (content: string, temperature: number) =>
      gw.complete({
        model: "stories260K",
        purpose: "assistant",
        temperature,
        maxOutputTokens: 24,
        messages: [{ role: "user", content }],
      });
    try {
      // Alone first (temperature 0.5: never cached), then all six at once on three sequences.
      const alone = await ask(prompts[0] ?? "", 0.5);
      const together = await Promise.all(prompts.map((p) => ask(p, 0.5)));
      for (const r of [alone, ...together]) {
        expect(r.text.trim().length).toBeGreaterThan(0);
        expect(r.usage.calls).toBe(1);
        expect(r.usage.outputTokens).toBeGreaterThan(0);
        expect(r.usage.outputTokens).toBeLessThanOrEqual(24);
        expect(r.usage.inputTokens).toBeGreaterThan(0);
        // The prompt alone is a few tokens: a meter shared between calls would count far more.
        expect(r.usage.inputTokens).toBeLessThan(40);
      }
      expect(gw.totals().calls).toBe(7);
      expect(gw.status().providers[0]?.state).toBe("ready");
    } finally {
      await gw.close();
    }
  });
});

describe.skipIf(!present)("local model download on first use", () => {
  let server: Server;
  let url: string;
  const dirs: string[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      if (req.url !== "/models/stories260K.gguf") return void res.writeHead(404).end();
      res.writeHead(200, {
        "content-type": "application/octet-stream",
        "content-length": statSync(MODEL).size,
      });
      createReadStream(MODEL).pipe(res);
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((r) => server.close(r));
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  const tempDir = () => {
    const d = mkdtempSync(join(tmpdir(), "promptune-models-"));
    dirs.push(d);
    return d;
  };

  it("pulls LOCAL_MODEL_URL into LOCAL_MODEL_DIR, logging progress, then answers", async () => {
    const dir = tempDir();
    const logs: string[] = [];
    const gw = createLlmGateway(
      parseLlmConfig({
        LOCAL_MODEL_URL: `${url}/models/stories260K.gguf`,
        LOCAL_MODEL_DIR: dir,
        LOCAL_MODEL_THREADS: "1",
      }),
      { logger: { info: (_o, m) => logs.push(m ?? ""), warn: () => {} } },
    );
    try {
      expect(gw.defaultModel).toBe("stories260K");
      const r = await gw.complete({
        model: "stories260K",
        purpose: "assistant",
        temperature: 0,
        maxOutputTokens: 10,
        messages: [{ role: "user", content: "Once upon a time" }],
      });
      expect(r.text.length).toBeGreaterThan(0);
      expect(existsSync(join(dir, "stories260K.gguf"))).toBe(true);
      expect(logs.some((l) => /downloading the default local model: \d+%/.test(l))).toBe(true);
    } finally {
      await gw.close();
    }
  });

  it("fails with a 503 naming what to configure when the download fails (offline)", async () => {
    const gw = createLlmGateway(
      parseLlmConfig({
        LOCAL_MODEL_URL: `${url}/models/missing.gguf`,
        LOCAL_MODEL_DIR: tempDir(),
        LLM_MAX_RETRIES: "0",
      }),
    );
    const error = await gw
      .complete({
        model: gw.defaultModel,
        purpose: "assistant",
        temperature: 0,
        messages: [{ role: "user", content: "hi" }],
      })
      .catch((e: unknown) => e);
    await gw.close();
    expect(error).toBeInstanceOf(LlmError);
    expect((error as LlmError).status).toBe(503);
    expect((error as LlmError).message).toMatch(
      /downloading the default local model from .*missing\.gguf failed/,
    );
    expect((error as LlmError).message).toMatch(
      /OPENAI_BASE_URL.*OPENAI_API_KEY.*LOCAL_MODEL_PATH/,
    );
  });

  it("fails with a 503 when LOCAL_MODEL_PATH does not exist", async () => {
    const gw = createLlmGateway(parseLlmConfig({ LOCAL_MODEL_PATH: join(tempDir(), "nope.gguf") }));
    const error = await gw
      .complete({
        model: "nope",
        purpose: "assistant",
        temperature: 0,
        messages: [{ role: "user", content: "hi" }],
      })
      .catch((e: unknown) => e);
    await gw.close();
    expect((error as LlmError).status).toBe(503);
    expect((error as LlmError).message).toMatch(
      /LOCAL_MODEL_PATH points at .*nope\.gguf, which does not exist/,
    );
  });
});
