import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DownloadTimeout, startDownloadWatchdog } from "./download-watchdog";
import { downloadingState } from "./local-status";

describe("download watchdog", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("aborts with a connect message when the host never answers", () => {
    const w = startDownloadWatchdog("models.example", { connectMs: 15_000, stallMs: 30_000 });
    vi.advanceTimersByTime(14_999);
    expect(w.signal.aborted).toBe(false);
    vi.advanceTimersByTime(1);
    expect(w.signal.aborted).toBe(true);
    expect(w.signal.reason).toBeInstanceOf(DownloadTimeout);
    expect((w.signal.reason as Error).message).toBe("models.example did not answer within 15 s");
  });

  it("switches to the stall deadline once the host answers, re-armed by every new byte", () => {
    const w = startDownloadWatchdog("h", { connectMs: 1_000, stallMs: 30_000 });
    w.progress(0); // answered, no byte yet
    vi.advanceTimersByTime(20_000);
    w.progress(1024);
    vi.advanceTimersByTime(20_000);
    w.progress(4096);
    vi.advanceTimersByTime(29_999);
    expect(w.signal.aborted).toBe(false);
    vi.advanceTimersByTime(1);
    expect((w.signal.reason as Error).message).toBe(
      "the download from h stalled (no data for 30 s)",
    );
  });

  it("does not count a repeated byte count as progress", () => {
    const w = startDownloadWatchdog("h", { connectMs: 1_000, stallMs: 2_000 });
    w.progress(10);
    vi.advanceTimersByTime(1_500);
    w.progress(10);
    vi.advanceTimersByTime(500);
    expect(w.signal.aborted).toBe(true);
  });

  it("never fires after dispose", () => {
    const w = startDownloadWatchdog("h", { connectMs: 100, stallMs: 100 });
    w.dispose();
    vi.advanceTimersByTime(10_000);
    expect(w.signal.aborted).toBe(false);
  });
});

describe("downloadingState", () => {
  it("reports whole percent and megabytes with one decimal", () => {
    expect(downloadingState(123_456_789, 491_400_000)).toEqual({
      state: "downloading",
      percent: 25,
      mb: 123.5,
      totalMb: 491.4,
    });
    expect(downloadingState(491_400_000, 491_400_000)).toMatchObject({ percent: 100 });
  });

  it("reports 0 % and no total when the size is unknown", () => {
    expect(downloadingState(2_000_000, 0)).toEqual({
      state: "downloading",
      percent: 0,
      mb: 2,
      totalMb: null,
    });
  });
});
