import { describe, expect, it } from "vitest";
import { MemoryCache } from "./cache";
import { CachedFlights, type Stored } from "./flight";

/** A request that resolves when told to and records whether its signal was aborted. */
function pendingRequest() {
  let resolve: (v: Stored<string>) => void = () => {};
  const seen: { signal?: AbortSignal } = {};
  const produce = (signal: AbortSignal) => {
    seen.signal = signal;
    return new Promise<Stored<string>>((r) => {
      resolve = r;
    });
  };
  return {
    produce,
    seen,
    finish: () => resolve({ value: "answer", inputTokens: 1, outputTokens: 1 }),
  };
}

describe("CachedFlights", () => {
  it("keeps a shared request going while one caller is still waiting", async () => {
    const flights = new CachedFlights(new MemoryCache());
    const req = pendingRequest();
    const first = new AbortController();
    const a = flights.run("k", first.signal, req.produce);
    const b = flights.run("k", new AbortController().signal, req.produce);
    await new Promise((r) => setTimeout(r, 0));
    first.abort();
    await expect(a).rejects.toBeDefined();
    expect(req.seen.signal?.aborted).toBe(false);
    req.finish();
    expect((await b).stored.value).toBe("answer");
  });

  it("aborts the request once every waiting caller has left (Ctrl-C stops queued calls)", async () => {
    const flights = new CachedFlights(new MemoryCache());
    const req = pendingRequest();
    const one = new AbortController();
    const two = new AbortController();
    const a = flights.run("k", one.signal, req.produce);
    const b = flights.run("k", two.signal, req.produce);
    await new Promise((r) => setTimeout(r, 0));
    one.abort();
    two.abort();
    await expect(a).rejects.toBeDefined();
    await expect(b).rejects.toBeDefined();
    expect(req.seen.signal?.aborted).toBe(true);
  });

  it("never aborts a request a caller without a signal waits for", async () => {
    const flights = new CachedFlights(new MemoryCache());
    const req = pendingRequest();
    const leaving = new AbortController();
    const a = flights.run("k", leaving.signal, req.produce);
    const b = flights.run("k", undefined, req.produce);
    await new Promise((r) => setTimeout(r, 0));
    leaving.abort();
    await expect(a).rejects.toBeDefined();
    req.finish();
    expect((await b).stored.value).toBe("answer");
    expect(req.seen.signal?.aborted).toBe(false);
  });
});
