import { afterEach, describe, expect, it, vi } from "vitest";
import { ChunkLoadError, loadChunk } from "./chunks";

describe("loadChunk", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("resolves with the loaded module", async () => {
    await expect(loadChunk("home", async () => ({ default: 1 }))).resolves.toEqual({ default: 1 });
  });

  it("turns a failed import into ChunkLoadError 'Loading chunk {n} failed'", async () => {
    const error = await loadChunk("profile", () =>
      Promise.reject(new TypeError("Failed to fetch")),
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect((error as Error).message).toBe("Loading chunk profile failed");
  });

  it("fails after the 120 s timeout", async () => {
    vi.useFakeTimers();
    const pending = loadChunk("slow", () => new Promise(() => {}));
    const assertion = expect(pending).rejects.toThrow("Loading chunk slow failed");
    await vi.advanceTimersByTimeAsync(120_000);
    await assertion;
  });
});
