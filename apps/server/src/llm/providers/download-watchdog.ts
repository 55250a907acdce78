/**
 * The model download's watchdog: aborts when the host has not answered within
 * the connect timeout, or when no new byte has arrived for the stall timeout,
 * so a first call never hangs on a dead or stalled connection.
 */

/** Why the watchdog stopped a download (its message ends up in the user's error). */
export class DownloadTimeout extends Error {
  constructor(message: string) {
    super(message);
    this.name = "DownloadTimeout";
  }
}

/** A running watchdog: report progress to it, dispose it when the download ends. */
export interface DownloadWatchdog {
  /** Aborted with a DownloadTimeout when a deadline passes. */
  readonly signal: AbortSignal;
  /** Reports the bytes received so far; the host has answered once this is called. */
  progress(downloadedBytes: number): void;
  dispose(): void;
}

const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`;

/**
 * Starts a watchdog: the first deadline is `connectMs` (no answer from the
 * host), then each progress report with more bytes than before re-arms a
 * deadline of `stallMs` (no data).
 */
export function startDownloadWatchdog(
  host: string,
  timeouts: { connectMs: number; stallMs: number },
): DownloadWatchdog {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let received = -1;
  const arm = (ms: number, message: string) => {
    clearTimeout(timer);
    timer = setTimeout(() => controller.abort(new DownloadTimeout(message)), ms);
  };
  arm(timeouts.connectMs, `${host} did not answer within ${seconds(timeouts.connectMs)}`);
  return {
    signal: controller.signal,
    progress(downloadedBytes) {
      if (controller.signal.aborted || downloadedBytes <= received) return;
      received = downloadedBytes;
      arm(
        timeouts.stallMs,
        `the download from ${host} stalled (no data for ${seconds(timeouts.stallMs)})`,
      );
    },
    dispose() {
      clearTimeout(timer);
    },
  };
}
