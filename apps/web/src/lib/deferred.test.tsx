import { act, render, renderHook, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { afterNextPaint, DeferredSection, useOpenAfterMount, useOpenedOnce } from "./deferred";

describe("deferred rendering", () => {
  it("afterNextPaint runs once, and not at all when cancelled", async () => {
    const run = vi.fn();
    afterNextPaint(run);
    const cancelled = vi.fn();
    afterNextPaint(cancelled)();
    await vi.waitFor(() => expect(run).toHaveBeenCalledTimes(1));
    await new Promise((r) => setTimeout(r, 300));
    expect(run).toHaveBeenCalledTimes(1);
    expect(cancelled).not.toHaveBeenCalled();
  });

  it("DeferredSection shows the placeholder first, its children after the first paint", async () => {
    render(
      <DeferredSection placeholder={<p>skeleton</p>}>
        <p>section</p>
      </DeferredSection>,
    );
    expect(screen.getByText("skeleton")).toBeTruthy();
    expect(screen.queryByText("section")).toBeNull();
    expect(await screen.findByText("section")).toBeTruthy();
    expect(screen.queryByText("skeleton")).toBeNull();
  });

  it("useOpenedOnce latches the first opening", () => {
    const { result, rerender } = renderHook(({ open }) => useOpenedOnce(open), {
      initialProps: { open: false },
    });
    expect(result.current).toBe(false);
    rerender({ open: true });
    expect(result.current).toBe(true);
    rerender({ open: false });
    expect(result.current).toBe(true);
  });

  it("useOpenAfterMount is closed on the first render and follows `opened` after", () => {
    const seen: boolean[] = [];
    const { rerender } = renderHook(
      ({ open }) => {
        const shown = useOpenAfterMount(open);
        seen.push(shown);
        return shown;
      },
      { initialProps: { open: true } },
    );
    expect(seen[0]).toBe(false);
    expect(seen.at(-1)).toBe(true);
    act(() => rerender({ open: false }));
    expect(seen.at(-1)).toBe(false);
  });
});
