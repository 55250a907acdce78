import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, DIALECTS, type TestDatabase } from "../testing/db";
import { type FixtureLlm, startFixtureLlm } from "../testing/fixture-llm";
import { KyselyCache } from "./cache";
import { parseLlmConfig } from "./env";
import { createLlmGateway } from "./gateway";

describe.each(DIALECTS)(
  "KyselyCache on %s (llm_cache table of the foundation migration)",
  (dialect) => {
    let database: TestDatabase;
    let fixture: FixtureLlm;

    beforeAll(async () => {
      database = await createTestDatabase(dialect);
      fixture = await startFixtureLlm();
    });
    afterAll(async () => {
      await fixture?.close();
      await database?.destroy();
    });

    it("stores a value once and never overwrites it", async () => {
      const cache = new KyselyCache(database.db);
      expect(await cache.get("k1")).toBeUndefined();
      await cache.set("k1", '{"a":1}');
      await cache.set("k1", '{"a":2}');
      expect(await cache.get("k1")).toBe('{"a":1}');
      const row = await database.db
        .selectFrom("llm_cache")
        .selectAll()
        .where("key", "=", "k1")
        .executeTakeFirstOrThrow();
      expect(Date.parse(row.created_at)).not.toBeNaN();
    });

    it("lets a second gateway (another process, a restart) reuse a deterministic answer", async () => {
      const config = parseLlmConfig({
        OPENAI_BASE_URL: fixture.url,
        LLM_MODELS: "fixture-small",
        LLM_RETRY_BASE_MS: "1",
      });
      const first = createLlmGateway(config, { cache: new KyselyCache(database.db) });
      const second = createLlmGateway(config, { cache: new KyselyCache(database.db) });
      const ask = {
        model: "fixture-small",
        purpose: "judge" as const,
        temperature: 0,
        messages: [{ role: "user" as const, content: "persist me" }],
      };
      const before = fixture.stats().requests;
      const a = await first.complete(ask);
      const b = await second.complete(ask);
      expect(b.text).toBe(a.text);
      expect(a.usage.calls).toBe(1);
      expect(b.usage.cachedCalls).toBe(1);
      expect(fixture.stats().requests).toBe(before + 1);
      await first.close();
      await second.close();
    });
  },
);
