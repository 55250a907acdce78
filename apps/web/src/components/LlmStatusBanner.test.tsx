import { MantineProvider } from "@mantine/core";
import type { LlmStatus } from "@promptune/contracts";
import { render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { bannerOf, nextCheckMs } from "../api/llm-status";
import { LlmStatusBanner } from "./LlmStatusBanner";

const local = (state: object): LlmStatus => ({
  providers: [{ provider: "local", models: ["qwen2.5-0.5b-instruct-q4_k_m"], ...state } as never],
});

describe("bannerOf and nextCheckMs", () => {
  it("shows the download with its percentage and polls every second", () => {
    const status = local({ state: "downloading", percent: 42, mb: 206.4, totalMb: 491.4 });
    expect(bannerOf(status)).toEqual({
      kind: "progress",
      title: "Downloading the local model qwen2.5-0.5b-instruct-q4_k_m: 42 %",
      text: "206 MB of 491 MB downloaded (first use only). Chats and optimizations started now wait until it is ready.",
      percent: 42,
    });
    expect(nextCheckMs(status)).toBe(1_000);
  });

  it("shows loading without a percentage", () => {
    const banner = bannerOf(local({ state: "loading" }));
    expect(banner).toMatchObject({ kind: "progress", percent: null });
    expect(banner?.title).toBe("Loading the local model qwen2.5-0.5b-instruct-q4_k_m…");
  });

  it("shows the failure with the server's message (what to configure)", () => {
    const status = local({ state: "failed", message: "Download failed. Set LOCAL_MODEL_PATH." });
    expect(bannerOf(status)).toEqual({
      kind: "error",
      title: "The local model is not available",
      text: "Download failed. Set LOCAL_MODEL_PATH.",
    });
    expect(nextCheckMs(status)).toBe(5_000);
  });

  it("says nothing when ready or idle; stops polling only when everything is ready", () => {
    expect(bannerOf(local({ state: "idle" }))).toBeNull();
    expect(nextCheckMs(local({ state: "idle" }))).toBe(2_000);
    const ready: LlmStatus = {
      providers: [
        { provider: "openai", models: ["gpt-4o"], state: "ready" },
        { provider: "local", models: ["tiny"], state: "ready" },
      ],
    };
    expect(bannerOf(ready)).toBeNull();
    expect(nextCheckMs(ready)).toBeNull();
    expect(nextCheckMs(null)).toBe(5_000);
  });
});

describe("LlmStatusBanner", () => {
  afterEach(() => vi.unstubAllGlobals());

  const serve = (...bodies: LlmStatus[]) => {
    let i = 0;
    const fetchMock = vi.fn(async (url: string) => {
      expect(url).toBe("/api/llm/status");
      const data = bodies[Math.min(i++, bodies.length - 1)];
      return new Response(JSON.stringify({ success: true, data }), {
        headers: { "content-type": "application/json" },
      });
    });
    vi.stubGlobal("fetch", fetchMock);
    return fetchMock;
  };

  it("shows the download progress, then disappears once the model is ready", async () => {
    serve(
      local({ state: "downloading", percent: 10, mb: 49, totalMb: 491.4 }),
      local({ state: "ready" }),
    );
    render(
      <MantineProvider env="test">
        <LlmStatusBanner />
      </MantineProvider>,
    );
    expect((await screen.findByRole("status")).textContent).toContain(
      "Downloading the local model qwen2.5-0.5b-instruct-q4_k_m: 10 %",
    );
    expect(
      screen
        .getByRole("progressbar", { name: "Local model download" })
        .getAttribute("aria-valuenow"),
    ).toBe("10");
    await vi.waitFor(() => expect(screen.queryByTestId("llm-status-banner")).toBeNull(), {
      timeout: 3_000,
    });
  });

  it("shows a failure as an alert with the server's message", async () => {
    serve(
      local({ state: "failed", message: "No language model is available. Set LOCAL_MODEL_PATH." }),
    );
    render(
      <MantineProvider env="test">
        <LlmStatusBanner />
      </MantineProvider>,
    );
    expect((await screen.findByRole("alert")).textContent).toContain(
      "No language model is available. Set LOCAL_MODEL_PATH.",
    );
  });
});
