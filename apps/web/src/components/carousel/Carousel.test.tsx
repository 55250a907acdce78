import { MantineProvider } from "@mantine/core";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { followFromLatest, followFromPreviousToLast } from "./autoAdvance";
import { Carousel } from "./Carousel";

function Harness({ count, onSelect }: { count: number; onSelect?: (i: number) => void }) {
  const [selected, setSelected] = useState(0);
  return (
    <MantineProvider>
      <output data-testid="selected">{selected}</output>
      <button type="button" onClick={() => setSelected(2)}>
        external
      </button>
      <Carousel
        label="Results"
        testId="carousel"
        count={count}
        selectedIndex={selected}
        autoAdvance={followFromPreviousToLast}
        onSelect={(i) => {
          onSelect?.(i);
          setSelected(i);
        }}
        renderSlide={(i) => <p>slide {i + 1}</p>}
      />
    </MantineProvider>
  );
}

const display = () => Number(screen.getByTestId("carousel").getAttribute("data-index"));
const selected = () => Number(screen.getByTestId("selected").textContent);
const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe("Carousel", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("wraps around both ways and commits only after the 600 ms animation", () => {
    render(<Harness count={3} />);
    fireEvent.click(screen.getByRole("button", { name: "Previous configuration" }));
    expect(display()).toBe(2);
    expect(selected()).toBe(0);
    advance(599);
    expect(selected()).toBe(0);
    advance(1);
    expect(selected()).toBe(2);
    fireEvent.click(screen.getByRole("button", { name: "Next configuration" }));
    advance(600);
    expect(selected()).toBe(0);
  });

  it("ignores moves during the animation", () => {
    const onSelect = vi.fn();
    render(<Harness count={4} onSelect={onSelect} />);
    const next = screen.getByRole("button", { name: "Next configuration" });
    fireEvent.click(next);
    advance(300);
    fireEvent.click(next);
    fireEvent.click(screen.getByRole("button", { name: "Show Iteration 4" }));
    advance(600);
    expect(onSelect.mock.calls).toEqual([[1]]);
    expect(display()).toBe(1);
  });

  it("navigates with the arrow keys, but not while typing in a field", () => {
    render(
      <>
        <input aria-label="field" />
        <Harness count={3} />
      </>,
    );
    fireEvent.keyDown(window, { key: "ArrowRight" });
    advance(600);
    expect(selected()).toBe(1);
    fireEvent.keyDown(window, { key: "ArrowLeft" });
    advance(600);
    expect(selected()).toBe(0);
    fireEvent.keyDown(screen.getByLabelText("field"), { key: "ArrowLeft" });
    advance(600);
    expect(selected()).toBe(0);
  });

  it("needs at least two slides for keys and swipes", () => {
    render(<Harness count={1} />);
    fireEvent.keyDown(window, { key: "ArrowRight" });
    advance(600);
    expect(display()).toBe(0);
    expect(screen.getByRole("button", { name: "Next configuration" })).toHaveProperty(
      "disabled",
      true,
    );
  });

  it("swipes only beyond 40 px", () => {
    render(<Harness count={3} />);
    const track = screen.getByText("slide 1").parentElement?.parentElement
      ?.parentElement as HTMLElement;
    fireEvent.touchStart(track, { touches: [{ clientX: 200 }] });
    fireEvent.touchEnd(track, { changedTouches: [{ clientX: 160 }] });
    advance(600);
    expect(selected()).toBe(0);
    fireEvent.touchStart(track, { touches: [{ clientX: 200 }] });
    fireEvent.touchEnd(track, { changedTouches: [{ clientX: 159 }] });
    advance(600);
    expect(selected()).toBe(1);
    fireEvent.touchStart(track, { touches: [{ clientX: 100 }] });
    fireEvent.touchEnd(track, { changedTouches: [{ clientX: 141 }] });
    advance(600);
    expect(selected()).toBe(0);
  });

  it("follows external selection changes without committing again", () => {
    const onSelect = vi.fn();
    render(<Harness count={3} onSelect={onSelect} />);
    fireEvent.click(screen.getByRole("button", { name: "external" }));
    expect(display()).toBe(2);
    advance(600);
    expect(onSelect).not.toHaveBeenCalled();
  });

  it("auto-advances to a new result only from the previous-to-last slide", () => {
    const { rerender } = render(<Harness count={1} />);
    rerender(<Harness count={2} />);
    expect(selected()).toBe(1);
    rerender(<Harness count={3} />);
    expect(selected()).toBe(2);
    fireEvent.click(screen.getByRole("button", { name: "Show Iteration 1" }));
    advance(600);
    rerender(<Harness count={4} />);
    expect(selected()).toBe(0);
    expect(display()).toBe(0);
  });
});

describe("auto-advance rules", () => {
  it("single-agent follows from the previous-to-last result", () => {
    expect(followFromPreviousToLast(1, 2, 3)).toBe(true);
    expect(followFromPreviousToLast(0, 2, 3)).toBe(false);
  });
  it("multi-agent follows from the latest result before the new one", () => {
    expect(followFromLatest(1, 2, 3)).toBe(true);
    expect(followFromLatest(0, 2, 3)).toBe(false);
    expect(followFromLatest(0, 0, 1)).toBe(false);
  });
});
