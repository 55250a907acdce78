/**
 * Response cache for deterministic LLM calls (temperature 0, same model,
 * messages and schema; embeddings always). Two implementations: an in-memory
 * LRU for one process, and a Kysely table `llm_cache` shared by every process
 * of a deployment and kept across restarts.
 */
import { createHash } from "node:crypto";
import type { Kysely } from "kysely";

/** Where deterministic answers are kept; values are JSON text written by the gateway. */
export interface ResponseCache {
  get(key: string): Promise<string | undefined>;
  set(key: string, value: string): Promise<void>;
}

/** An in-memory least-recently-used cache of at most `maxEntries` answers. */
export class MemoryCache implements ResponseCache {
  private readonly entries = new Map<string, string>();

  constructor(private readonly maxEntries = 2_000) {}

  /** Number of stored answers. */
  get size(): number {
    return this.entries.size;
  }

  async get(key: string): Promise<string | undefined> {
    const value = this.entries.get(key);
    if (value === undefined) return undefined;
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  async set(key: string, value: string): Promise<void> {
    this.entries.delete(key);
    this.entries.set(key, value);
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }
}

/**
 * The cache table `llm_cache (key text primary key, value text not null,
 * created_at text not null)` on SQLite or PostgreSQL. Writes never overwrite:
 * the first answer stored for a key is the one every process reuses.
 */
export class KyselyCache implements ResponseCache {
  // biome-ignore lint/suspicious/noExplicitAny: accepts the app's Kysely<Database> (or any schema holding llm_cache).
  constructor(private readonly db: Kysely<any>) {}

  async get(key: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom("llm_cache")
      .select("value")
      .where("key", "=", key)
      .executeTakeFirst();
    return row ? String(row.value) : undefined;
  }

  async set(key: string, value: string): Promise<void> {
    await this.db
      .insertInto("llm_cache")
      .values({ key, value, created_at: new Date().toISOString() })
      .onConflict((oc) => oc.column("key").doNothing())
      .execute();
  }
}

/** JSON with object keys sorted, so equal inputs always give the same text. */
export function stableJson(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) => {
    if (v && typeof v === "object" && !Array.isArray(v)) {
      return Object.fromEntries(
        Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)),
      );
    }
    return v;
  });
}

/** The cache key of a call: SHA-256 of its canonical JSON description. */
export function cacheKey(parts: Record<string, unknown>): string {
  return createHash("sha256")
    .update(stableJson({ v: 1, ...parts }))
    .digest("hex");
}
