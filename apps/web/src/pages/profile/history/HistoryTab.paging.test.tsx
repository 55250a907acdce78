import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type FakeCall, installFakeApi, renderAt } from "../../../auth/testing";
import { useAuthStore } from "../../../stores/auth";
import { HistoryTab } from "./HistoryTab";
import { LOAD_MORE_TEXT } from "./LoadMore";
import { singleRecord } from "./testing";

const HISTORY = "GET /api/auto-tune/optimize/history";

/**
 * The fake API with `answer` for history pages (the tab also lists the
 * datasets for their titles); returns the history calls only.
 */
function historyApi(answer: (c: FakeCall) => { status: number; body: unknown }): FakeCall[] {
  const calls: FakeCall[] = [];
  installFakeApi({
    "GET /api/datasets": () => ({ status: 200, body: { success: true, data: [] } }),
    [HISTORY]: (c: FakeCall) => {
      calls.push(c);
      return answer(c);
    },
  });
  return calls;
}

/** Runs named run-<n>, newer for larger n. */
const run = (n: number) =>
  singleRecord(`run-${n}`, `2026-11-${String(n).padStart(2, "0")}T08:00:00.000Z`, ["Step"]);

/** A history page as the server sends it. */
const page = (runs: number[], next: string | null) => ({
  status: 200,
  body: { success: true, data: runs.map(run), next_cursor: next },
});

/**
 * IntersectionObserver stand-in: the test says when the list's end is in
 * view. Like the real one, a new observer reports at once when it is.
 */
class FakeObserver {
  static live = new Set<FakeObserver>();
  static inView = false;
  constructor(private readonly callback: IntersectionObserverCallback) {}
  observe() {
    FakeObserver.live.add(this);
    if (FakeObserver.inView) queueMicrotask(() => this.report());
  }
  private report() {
    if (!FakeObserver.live.has(this)) return;
    this.callback(
      [{ isIntersecting: true } as IntersectionObserverEntry],
      this as unknown as IntersectionObserver,
    );
  }
  disconnect() {
    FakeObserver.live.delete(this);
  }
  unobserve() {}
  takeRecords() {
    return [];
  }
  /** The list's end scrolls into view (and stays there until `scrollAway`). */
  static scrollIntoView() {
    FakeObserver.inView = true;
    for (const o of FakeObserver.live) o.report();
  }
  /** The list's end leaves the view. */
  static scrollAway() {
    FakeObserver.inView = false;
  }
}

beforeEach(() => {
  useAuthStore.setState({
    status: "authenticated",
    user: { email: "h@example.com", name: "H", company_name: "" },
  });
  FakeObserver.live.clear();
  FakeObserver.inView = false;
  vi.stubGlobal("IntersectionObserver", FakeObserver);
  vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const rowIds = () =>
  screen
    .getAllByTestId("history-preview")
    .map((p) => p.textContent?.replace("Initial prompt of ", ""));

describe("HistoryTab paging", () => {
  it("loads the next page when the end of the list scrolls into view, until the last", async () => {
    const calls = historyApi((c) =>
      !c.query.cursor
        ? page([30, 29], "after-29")
        : c.query.cursor === "after-29"
          ? page([28, 27], "after-27")
          : page([26], null),
    );
    renderAt(<HistoryTab />, "/profile");
    await waitFor(() => expect(rowIds()).toEqual(["run-30", "run-29"]));
    expect(calls).toHaveLength(1);

    act(() => {
      FakeObserver.scrollIntoView();
      FakeObserver.scrollAway();
    });
    await waitFor(() => expect(rowIds()).toEqual(["run-30", "run-29", "run-28", "run-27"]));
    expect(calls.map((c) => c.query.cursor)).toEqual([undefined, "after-29"]);
    expect(calls.every((c) => c.query.mode === "single")).toBe(true);

    // The end stays in view (a short page): pages keep loading until the last.
    act(() => FakeObserver.scrollIntoView());
    await waitFor(() => expect(rowIds()).toHaveLength(5));
    expect(calls.map((c) => c.query.cursor)).toEqual([undefined, "after-29", "after-27"]);
    // The last page: nothing more to load, nothing observed (once its render has settled: the
    // sentinel's observer is let go in an effect's clean-up, which may run after the rows paint).
    await waitFor(() => {
      expect(screen.queryByTestId("history-load-more")).toBeNull();
      expect(FakeObserver.live.size).toBe(0);
    });
  });

  it("keeps what is shown when a further page fails, and retries from 'Load more'", async () => {
    let failNext = true;
    const calls = historyApi((c) => {
      if (!c.query.cursor) return page([30], "after-30");
      if (failNext) {
        failNext = false;
        return { status: 500, body: { success: false, error: { message: "boom" } } };
      }
      return page([29], null);
    });
    renderAt(<HistoryTab />, "/profile");
    await waitFor(() => expect(rowIds()).toEqual(["run-30"]));
    act(() => FakeObserver.scrollIntoView());
    await waitFor(() => expect(calls).toHaveLength(2));
    const retry = await screen.findByRole("button", { name: LOAD_MORE_TEXT.button });
    expect(rowIds()).toEqual(["run-30"]);
    // The end is still in view, but a failed page is not retried by scrolling.
    await new Promise((r) => setTimeout(r, 50));
    expect(calls).toHaveLength(2);
    fireEvent.click(retry);
    await waitFor(() => expect(rowIds()).toEqual(["run-30", "run-29"]));
    expect(calls.map((c) => c.query.cursor)).toEqual([undefined, "after-30", "after-30"]);
  });

  it("reads a server without paging (no next_cursor) as one page", async () => {
    installFakeApi({
      [HISTORY]: () => ({ status: 200, body: { success: true, data: [run(3), run(2)] } }),
    });
    renderAt(<HistoryTab />, "/profile");
    await waitFor(() => expect(rowIds()).toEqual(["run-3", "run-2"]));
    expect(screen.queryByTestId("history-load-more")).toBeNull();
  });
});
