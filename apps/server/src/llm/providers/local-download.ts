/**
 * First-use download of the local model with node-llama-cpp's
 * `resolveModelFile` (resumable, Hugging Face URIs), watched by a connect and
 * a stall timeout, reporting progress to the status and to the log (a line
 * every 10 %, or a progress bar on a TTY).
 */
import { existsSync, mkdirSync } from "node:fs";
import { basename, join } from "node:path";
import type { LocalModelConfig } from "../env";
import { LlmError } from "../errors";
import { startDownloadWatchdog } from "./download-watchdog";
import type { LocalModelStatus } from "./local-status";
import { downloadingState } from "./local-status";

/** Logger shape the gateway passes down. */
export interface ProviderLogger {
  info: (obj: object, msg?: string) => void;
  warn: (obj: object, msg?: string) => void;
}

/** What the user can do when no model is available. */
export const WHAT_TO_CONFIGURE =
  "Configure an OpenAI-compatible provider with OPENAI_BASE_URL and/or OPENAI_API_KEY (e.g. http://localhost:11434/v1 for Ollama, http://localhost:1234/v1 for LM Studio), or set LOCAL_MODEL_PATH to a GGUF model file.";

/** The URL without credentials or query (it appears in logs and in messages users see). */
export function displayUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.host}${u.pathname}`;
  } catch {
    return url;
  }
}

function hostOf(url: string): string {
  try {
    return new URL(url).host || url;
  } catch {
    return url;
  }
}

/**
 * Downloads LOCAL_MODEL_URL into LOCAL_MODEL_DIR unless it is already there,
 * and resolves to the file's path. Throws a 503 LlmError naming what to
 * configure when the download fails, times out or stalls.
 */
export async function downloadLocalModel(
  config: LocalModelConfig,
  status: LocalModelStatus,
  logger?: ProviderLogger,
): Promise<string> {
  const { resolveModelFile } = await import("node-llama-cpp");
  mkdirSync(config.modelDir, { recursive: true });
  const url = displayUrl(config.modelUrl);
  // A retry after a failure reports progress again from the start, not the old failure.
  const cached = existsSync(join(config.modelDir, basename(new URL(url, "file:///").pathname)));
  status.set(cached ? { state: "loading" } : downloadingState(0, 0));
  const watchdog = startDownloadWatchdog(hostOf(config.modelUrl), {
    connectMs: config.connectTimeoutMs,
    stallMs: config.stallTimeoutMs,
  });
  let lastDecile = -1;
  const download = resolveModelFile(config.modelUrl, {
    directory: config.modelDir,
    cli: Boolean(process.stderr.isTTY),
    signal: watchdog.signal,
    onProgress: ({ totalSize, downloadedSize }) => {
      watchdog.progress(downloadedSize);
      const state = downloadingState(downloadedSize, totalSize);
      status.set(state);
      const decile = Math.floor(state.state === "downloading" ? state.percent / 10 : 0);
      if (decile === lastDecile) return;
      lastDecile = decile;
      logger?.info(
        {
          url,
          downloadedMb: Math.round(downloadedSize / 1e6),
          totalMb: Math.round(totalSize / 1e6),
        },
        `downloading the default local model: ${decile * 10}%`,
      );
    },
  });
  // The watchdog's abort ends the wait even if the download library is slow to give up.
  const timedOut = new Promise<never>((_, reject) => {
    watchdog.signal.addEventListener("abort", () => reject(watchdog.signal.reason), { once: true });
  });
  download.catch(() => {}); // settled after a timeout; the race below already failed
  try {
    return await Promise.race([download, timedOut]);
  } catch (error) {
    const reason = watchdog.signal.aborted ? watchdog.signal.reason : error;
    throw new LlmError(
      "llm_not_configured",
      `No language model is available: downloading the default local model from ${url} failed (${(reason as Error).message}). A later request tries again. ${WHAT_TO_CONFIGURE}`,
      { cause: reason },
    );
  } finally {
    watchdog.dispose();
  }
}
