import { describe, expect, it, vi } from "vitest";
import { ChunkLoadError } from "./chunks";
import { lazyPage } from "./lazy-page";

describe("lazyPage", () => {
  it("loads the chunk once, however often it is preloaded or rendered", async () => {
    const module = { default: () => null };
    const load = vi.fn(async () => module);
    const page = lazyPage("home", load);
    page.preload();
    page.preload();
    await expect(page.load()).resolves.toBe(module);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("rejects with the spec's ChunkLoadError and loads again on the next use", async () => {
    let attempts = 0;
    const load = vi.fn(async () => {
      attempts++;
      if (attempts === 1) throw new TypeError("Failed to fetch dynamically imported module");
      return { default: () => null };
    });
    const page = lazyPage("integration", load);
    const error = await page.load().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect((error as Error).message).toBe("Loading chunk integration failed");
    await expect(page.load()).resolves.toHaveProperty("default");
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("swallows a failed preload (the page's render reports it)", async () => {
    const page = lazyPage("profile", () => Promise.reject(new TypeError("offline")));
    page.preload();
    await expect(page.load()).rejects.toThrow("Loading chunk profile failed");
  });
});
