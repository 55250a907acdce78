import { describe, expect, it } from "vitest";
import { cacheKey, MemoryCache, stableJson } from "./cache";

describe("response cache", () => {
  it("evicts the least recently used entry beyond its size", async () => {
    const cache = new MemoryCache(2);
    await cache.set("a", "1");
    await cache.set("b", "2");
    expect(await cache.get("a")).toBe("1"); // a is now the most recent
    await cache.set("c", "3");
    expect(await cache.get("b")).toBeUndefined();
    expect(await cache.get("a")).toBe("1");
    expect(await cache.get("c")).toBe("3");
    expect(cache.size).toBe(2);
  });

  it("derives equal keys from equal inputs regardless of key order", () => {
    expect(stableJson({ b: 1, a: { d: 2, c: [3, { f: 1, e: 0 }] } })).toBe(
      '{"a":{"c":[3,{"e":0,"f":1}],"d":2},"b":1}',
    );
    const k1 = cacheKey({ model: "m", messages: [{ role: "user", content: "hi" }] });
    const k2 = cacheKey({ messages: [{ content: "hi", role: "user" }], model: "m" });
    expect(k1).toBe(k2);
    expect(k1).toMatch(/^[0-9a-f]{64}$/);
    expect(cacheKey({ model: "m2", messages: [{ role: "user", content: "hi" }] })).not.toBe(k1);
  });
});
