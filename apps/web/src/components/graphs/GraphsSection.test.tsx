import { MantineProvider } from "@mantine/core";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { GraphsSection } from "./GraphsSection";

const evaluationPoints = [0, 1, 2, 3].map((i) => ({ iteration: i, x: i, y: 40 + i * 5 }));
const embeddingPoints = [0, 1, 2, 3].map((i) => ({ iteration: i, x: i / 10, y: (i % 2) / 10 }));

function renderAt(width: number, sliderValue = 1) {
  Object.defineProperty(window, "innerWidth", { configurable: true, value: width });
  return render(
    <MantineProvider>
      <GraphsSection
        evaluationPoints={evaluationPoints}
        embeddingPoints={embeddingPoints}
        sliderValue={sliderValue}
        iterationProgress={42}
        embeddingProgress={42}
      />
    </MantineProvider>,
  );
}

afterEach(() => vi.useRealTimers());

describe("GraphsSection", () => {
  it("shows both panels on wide screens, with points coloured by the slider", () => {
    renderAt(1280, 1);
    expect(screen.getByTestId("graphs-desktop")).toBeTruthy();
    expect(screen.getByText("Evaluation Visualization")).toBeTruthy();
    expect(screen.getByText("Embedding Visualization")).toBeTruthy();
    expect(screen.getByText("Iteration Progress")).toBeTruthy();
    expect(screen.getByText("Embedding Progress")).toBeTruthy();
    const colours = screen
      .getByTestId("evaluation-graph")
      .querySelectorAll("[data-testid=graph-point]");
    expect([...colours].map((p) => p.getAttribute("data-color"))).toEqual([
      "#FB9205",
      "#FB9205",
      "#FB9205",
      "#2196F3",
    ]);
    expect(screen.getByTestId("evaluation-graph").getAttribute("viewBox")).toBe("0 0 450 350");
  });

  it("shows one panel at 768 px and switches after 250 ms, ignoring requests until 500 ms", () => {
    vi.useFakeTimers();
    renderAt(768);
    const section = screen.getByTestId("graphs-mobile");
    expect(screen.getByTestId("evaluation-panel")).toBeTruthy();
    expect(screen.queryByTestId("embedding-panel")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Show Embedding Graph" }));
    expect(section.getAttribute("data-sliding")).toBe("true");
    act(() => vi.advanceTimersByTime(249));
    expect(screen.queryByTestId("embedding-panel")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Show Evaluation Graph" }));
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByTestId("embedding-panel")).toBeTruthy();
    act(() => vi.advanceTimersByTime(250));
    expect(section.getAttribute("data-sliding")).toBeNull();
    expect(screen.getByTestId("embedding-panel")).toBeTruthy();
    expect(section.getAttribute("data-view")).toBe("1");
  });

  it("switches by swipes over 50 px: left shows Embedding, right shows Evaluation", () => {
    vi.useFakeTimers();
    renderAt(375);
    const panel = screen.getByTestId("evaluation-panel").parentElement as HTMLElement;
    fireEvent.touchStart(panel, { touches: [{ clientX: 300 }] });
    fireEvent.touchEnd(panel, { changedTouches: [{ clientX: 250 }] });
    act(() => vi.advanceTimersByTime(500));
    expect(screen.getByTestId("evaluation-panel")).toBeTruthy();
    fireEvent.touchStart(panel, { touches: [{ clientX: 300 }] });
    fireEvent.touchEnd(panel, { changedTouches: [{ clientX: 249 }] });
    act(() => vi.advanceTimersByTime(500));
    expect(screen.getByTestId("embedding-panel")).toBeTruthy();
    const again = screen.getByTestId("embedding-panel").parentElement as HTMLElement;
    fireEvent.touchStart(again, { touches: [{ clientX: 100 }] });
    fireEvent.touchEnd(again, { changedTouches: [{ clientX: 151 }] });
    act(() => vi.advanceTimersByTime(500));
    expect(screen.getByTestId("evaluation-panel")).toBeTruthy();
    expect(screen.getByTestId("evaluation-graph").getAttribute("viewBox")).toBe("0 0 300 200");
  });
});
