/**
 * GET /llm/status: whether the language models are ready, and otherwise what
 * the banner shows (the local model downloading or loading, or the failure
 * with what to configure), plus how often to ask again.
 */
import type { LlmProviderStatus, LlmStatus } from "@promptune/contracts";
import { api } from "./client";
import { lazySchema } from "./schemas";

const statusSchema = lazySchema((c) => c.LlmStatusSchema);

/** Fetches and validates the providers' status. */
export function fetchLlmStatus(signal?: AbortSignal): Promise<LlmStatus> {
  return api.get("/llm/status", { schema: statusSchema, ...(signal ? { signal } : {}) });
}

/** What the banner says about a provider that is not simply ready. */
export type LlmBanner =
  | { kind: "progress"; title: string; text: string; percent: number | null }
  | { kind: "error"; title: string; text: string };

const WAITING = "Chats and optimizations started now wait until it is ready.";

/** The banner for a status, or null when there is nothing to say (ready, or loads on first use). */
export function bannerOf(status: LlmStatus): LlmBanner | null {
  const busy = status.providers.find((p) => p.state === "downloading" || p.state === "loading");
  if (busy) return progressBanner(busy);
  const failed = status.providers.find((p) => p.state === "failed");
  if (failed?.state === "failed") {
    return { kind: "error", title: "The local model is not available", text: failed.message };
  }
  return null;
}

function modelName(p: LlmProviderStatus): string {
  return p.models[0] ?? "the local model";
}

function progressBanner(p: LlmProviderStatus): LlmBanner {
  if (p.state === "downloading") {
    const total = p.totalMb === null ? "" : ` of ${Math.round(p.totalMb)} MB`;
    return {
      kind: "progress",
      title: `Downloading the local model ${modelName(p)}: ${p.percent} %`,
      text: `${Math.round(p.mb)} MB${total} downloaded (first use only). ${WAITING}`,
      percent: p.percent,
    };
  }
  return {
    kind: "progress",
    title: `Loading the local model ${modelName(p)}…`,
    text: WAITING,
    percent: null,
  };
}

/**
 * Milliseconds until the next status check: every second while a model
 * downloads or loads, every 2 s while the local model waits for its first use
 * (a chat may start the download any moment), every 5 s after a failure (a
 * later request retries), never once everything is ready.
 */
export function nextCheckMs(status: LlmStatus | null): number | null {
  if (!status) return 5_000;
  const states = status.providers.map((p) => p.state);
  if (states.some((s) => s === "downloading" || s === "loading")) return 1_000;
  if (states.includes("idle")) return 2_000;
  if (states.includes("failed")) return 5_000;
  return null;
}
