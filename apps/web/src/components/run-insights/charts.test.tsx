import { MantineProvider } from "@mantine/core";
import type { IterationReasoning } from "@promptune/contracts";
import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { EvaluationGraph } from "../graphs/EvaluationGraph";
import { intervalsByIteration } from "./intervals";
import { ValidationChart } from "./ValidationChart";

const iteration = (n: number, score: number, low: number, high: number): IterationReasoning => ({
  iteration: n,
  candidate_iteration: n,
  parent: n === 0 ? null : n - 1,
  accepted: true,
  component: null,
  rationale: null,
  validation_score: score,
  validation_interval: { low, high, examples: 12 },
  proposals: [],
});

const iterations = [iteration(0, 0.5, 0.3, 0.7), iteration(1, 0.6, 0.42, 0.78)];

describe("validation chart and error bars", () => {
  it("draws an error bar per iteration, round ticks, a tooltip on focus, and selects on click", () => {
    const onSelect = vi.fn();
    render(
      <MantineProvider>
        <ValidationChart iterations={iterations} selected={null} onSelect={onSelect} />
      </MantineProvider>,
    );
    expect(screen.getAllByTestId("error-bar")).toHaveLength(2);
    const ticks = [...document.querySelectorAll("svg text")]
      .map((t) => t.textContent ?? "")
      .filter((t) => t.endsWith("%"));
    expect(ticks.length).toBeGreaterThan(1);
    expect(ticks.every((t) => /^\d+%$/.test(t))).toBe(true);
    fireEvent.focus(screen.getByTestId("validation-point-1"));
    expect(screen.getByTestId("validation-tooltip").textContent).toBe(
      "Iteration 1 (accepted): validation 60.0%, 95% interval 42.0% to 78.0% over 12 examples",
    );
    fireEvent.click(screen.getByTestId("validation-point-0"));
    expect(onSelect).toHaveBeenCalledWith(0);
    fireEvent.keyDown(screen.getByTestId("validation-point-1"), { key: "Enter" });
    expect(onSelect).toHaveBeenCalledWith(1);
    // the table alternative is in the document for screen readers
    expect(screen.getByTestId("validation-table").querySelectorAll("tbody tr")).toHaveLength(2);
  });

  it("puts the intervals on the evaluation graph's points, in percent", () => {
    const intervals = intervalsByIteration(
      iterations.map((i) => ({
        iteration: i.iteration,
        validation_interval: i.validation_interval,
      })),
    );
    expect(intervals.get(1)).toEqual({ low: 42, high: 78 });
    const points = iterations.map((i) => ({
      iteration: i.iteration,
      x: i.iteration,
      y: i.validation_score * 100,
      interval: intervals.get(i.iteration) as { low: number; high: number },
    }));
    render(
      <MantineProvider>
        <EvaluationGraph
          points={points}
          size={{ width: 450, height: 350, padding: 60 }}
          sliderValue={0}
        />
      </MantineProvider>,
    );
    expect(screen.getAllByTestId("graph-error-bar")).toHaveLength(2);
    expect(screen.getByText("Iteration 1: 60.0% (95% interval 42.0%–78.0%)")).toBeTruthy();
  });
});
