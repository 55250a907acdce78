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

describe("graph points (issue 26 §2)", () => {
  function renderSelectable(onSelect: (iteration: number) => void, selected = 2) {
    Object.defineProperty(window, "innerWidth", { configurable: true, value: 1280 });
    return render(
      <MantineProvider>
        <GraphsSection
          evaluationPoints={evaluationPoints}
          embeddingPoints={embeddingPoints}
          sliderValue={1}
          iterationProgress={42}
          embeddingProgress={42}
          onSelectIteration={onSelect}
          selectedIteration={selected}
        />
      </MantineProvider>,
    );
  }
  const point = (graph: string, iteration: number) =>
    screen
      .getByTestId(graph)
      .querySelector(`[data-testid=graph-point][data-iteration="${iteration}"]`) as SVGGElement;

  it("show a tooltip on hover and on keyboard focus", () => {
    renderSelectable(() => {});
    const evaluation = screen.getByTestId("evaluation-graph");
    expect(evaluation.querySelector("[data-testid=graph-tooltip]")).toBeNull();
    fireEvent.mouseEnter(point("evaluation-graph", 1));
    expect(evaluation.querySelector("[data-testid=graph-tooltip]")?.textContent).toBe(
      "Iteration 1: 45.0%",
    );
    fireEvent.mouseLeave(point("evaluation-graph", 1));
    expect(evaluation.querySelector("[data-testid=graph-tooltip]")).toBeNull();
    fireEvent.focus(point("embedding-graph", 3));
    expect(
      screen.getByTestId("embedding-graph").querySelector("[data-testid=graph-tooltip]")
        ?.textContent,
    ).toBe("Iteration 3: (0.30, 0.10)");
  });

  it("select their iteration on click, Enter or Space; iteration 0 is not a button", () => {
    const onSelect = vi.fn();
    renderSelectable(onSelect);
    fireEvent.click(point("evaluation-graph", 3));
    fireEvent.keyDown(point("embedding-graph", 1), { key: "Enter" });
    fireEvent.keyDown(point("evaluation-graph", 2), { key: " " });
    fireEvent.keyDown(point("evaluation-graph", 2), { key: "a" });
    fireEvent.click(point("evaluation-graph", 0));
    expect(onSelect.mock.calls).toEqual([[3], [1], [2]]);
    expect(point("evaluation-graph", 0).getAttribute("role")).toBe("img");
    expect(point("evaluation-graph", 2).getAttribute("role")).toBe("button");
    expect(point("evaluation-graph", 2).getAttribute("aria-pressed")).toBe("true");
    expect(point("evaluation-graph", 1).getAttribute("aria-pressed")).toBe("false");
    expect(
      screen.getByRole("button", { name: /^Iteration 3: 55\.0%\. Select iteration 3$/ }),
    ).toBeTruthy();
  });

  it("put the evaluation ticks at round values", () => {
    renderSelectable(() => {});
    // Evaluations 40–55 padded by 10 %: 38.5–56.5 drawn from 30 to 70 in steps of 10.
    const ticks = [...screen.getByTestId("evaluation-graph").querySelectorAll("g > text")]
      .map((t) => t.textContent)
      .filter((t) => /^\d+$/.test(t ?? "") && Number(t) >= 10);
    expect(ticks).toEqual(["30", "40", "50", "60", "70"]);
  });
});
