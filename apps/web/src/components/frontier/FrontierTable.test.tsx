import { MantineProvider } from "@mantine/core";
import type { FrontierPoint } from "@promptune/contracts";
import { fireEvent, render, screen, within } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { candidateModelsField, multiCandidateModelsField } from "../../stores/candidate-models";
import { FrontierPanel } from "./FrontierSection";
import { frontierGeometry, frontierSizeFor, pointPositions } from "./geometry";
import { chosenFrontierIndex, chosenFrontierPoint, validFrontierChoice } from "./selection";

const point = (over: Partial<FrontierPoint>): FrontierPoint => ({
  model_name: "gpt-4o",
  temperature: 0.7,
  prompt: "Be exact.",
  score: 0.84,
  ci_low: 0.79,
  ci_high: 0.89,
  cost_per_1k_usd: 5.2,
  calls_per_reply: 1,
  recommended: false,
  on_frontier: true,
  test_score: 0.8,
  ...over,
});

/** A local model (cost 0), a cheap recommended one, the primary, and a beaten dear one. */
const frontier: FrontierPoint[] = [
  point({ model_name: "local", cost_per_1k_usd: 0, score: 0.5, ci_low: 0.4, ci_high: 0.6 }),
  point({
    model_name: "gpt-4o-mini",
    score: 0.82,
    ci_low: 0.78,
    ci_high: 0.86,
    cost_per_1k_usd: 0.31,
    recommended: true,
    test_score: 0.79,
  }),
  point({}),
  point({
    model_name: "o1",
    cost_per_1k_usd: 60,
    score: 0.7,
    ci_low: 0.6,
    ci_high: 0.8,
    on_frontier: false,
  }),
];

/** The panel with its selection kept in state, as the pages' stores keep it. */
function Harness({ initial = null }: { initial?: number | null }) {
  const [selected, setSelected] = useState<number | null>(initial);
  return (
    <MantineProvider>
      <FrontierPanel frontier={frontier} selected={selected} onSelect={setSelected} />
    </MantineProvider>
  );
}

const chartPoints = () => screen.getAllByTestId("frontier-point");

describe("FrontierPanel", () => {
  it("lists every point cheapest first, marks the recommended one and says what it saves", () => {
    render(<Harness />);
    expect(screen.getByTestId("frontier-summary").textContent).toBe(
      "gpt-4o-mini with the tuned prompt scores 82 % (±4) at $0.31 per 1,000 replies — 94 % cheaper than gpt-4o at the same quality.",
    );
    const rows = within(screen.getByTestId("frontier-table")).getAllByRole("row");
    expect(rows).toHaveLength(5);
    expect(rows[2]?.textContent).toContain("gpt-4o-mini");
    expect(rows[2]?.textContent).toContain("recommended");
    expect(rows[2]?.textContent).toContain("82 % (78 % – 86 %)");
    expect(rows[3]?.textContent).not.toContain("recommended");
    expect(rows[3]?.textContent).toContain("$5.20");
  });

  it("marks the recommended point with a diamond and chooses it by default", () => {
    render(<Harness />);
    const points = chartPoints();
    expect(points).toHaveLength(4);
    const marks = screen.getAllByTestId("frontier-recommended-mark");
    expect(marks).toHaveLength(1);
    expect(points[1]?.contains(marks[0] as Node)).toBe(true);
    expect(points[1]?.getAttribute("aria-pressed")).toBe("true");
    expect(points[0]?.getAttribute("aria-pressed")).toBe("false");
    expect(screen.getByTestId("frontier-legend").textContent).toContain("recommended");
    const chosenRow = screen.getAllByTestId("frontier-row")[1];
    expect(chosenRow?.getAttribute("data-chosen")).toBe("true");
    expect(screen.getByTestId("frontier-in-use-text").textContent).toContain("gpt-4o-mini");
  });

  it("joins only the points on the frontier with the line", () => {
    render(<Harness />);
    const line = screen.getByTestId("frontier-line").getAttribute("points") ?? "";
    expect(line.trim().split(" ")).toHaveLength(3);
  });

  it("chooses a point on click, in the chart and the table", () => {
    render(<Harness />);
    fireEvent.click(chartPoints()[2] as Element);
    expect(chartPoints()[2]?.getAttribute("aria-pressed")).toBe("true");
    expect(chartPoints()[1]?.getAttribute("aria-pressed")).toBe("false");
    expect(screen.getAllByTestId("frontier-row")[2]?.getAttribute("data-chosen")).toBe("true");
    expect(screen.getByTestId("frontier-in-use-text").textContent).toContain("gpt-4o at");
    fireEvent.click(screen.getByRole("button", { name: "Use o1 at temperature 0.70" }));
    expect(chartPoints()[3]?.getAttribute("aria-pressed")).toBe("true");
    expect(within(screen.getByTestId("frontier-table")).getAllByText("In use")).toHaveLength(1);
  });

  it("is usable from the keyboard: points are focusable buttons, Enter and Space choose", () => {
    render(<Harness />);
    const local = chartPoints()[0] as HTMLElement;
    expect(local.getAttribute("role")).toBe("button");
    expect(local.getAttribute("tabindex")).toBe("0");
    fireEvent.focus(local);
    const tooltip = screen.getByTestId("frontier-tooltip").textContent ?? "";
    expect(tooltip).toContain("local at temperature 0.70");
    expect(tooltip).toContain("Score 50 % ± 10 (40 %–60 %)");
    expect(tooltip).toContain("$0 per 1,000 replies · 1 calls per reply");
    fireEvent.keyDown(local, { key: "Enter" });
    expect(local.getAttribute("aria-pressed")).toBe("true");
    fireEvent.keyDown(chartPoints()[2] as Element, { key: " " });
    expect(chartPoints()[2]?.getAttribute("aria-pressed")).toBe("true");
    fireEvent.keyDown(chartPoints()[3] as Element, { key: "a" });
    expect(chartPoints()[3]?.getAttribute("aria-pressed")).toBe("false");
    fireEvent.blur(local);
    expect(screen.queryByTestId("frontier-tooltip")).toBeNull();
  });
});

describe("frontierGeometry", () => {
  const size = frontierSizeFor(1280);

  it("puts cost 0 at the left edge labelled $0 and the rest on a log scale", () => {
    const g = frontierGeometry(frontier, size);
    expect(g.x(0)).toBe(g.left);
    expect(g.xTicks[0]).toMatchObject({ value: 0, label: "$0", at: g.left });
    expect(g.xTicks.map((t) => t.label)).toEqual(["$0", "$0.1", "$1", "$10", "$100"]);
    // Equal ratios are equal distances, and every positive cost is right of the $0 column.
    const decade = g.x(1) - g.x(0.1);
    expect(g.x(10) - g.x(1)).toBeCloseTo(decade, 6);
    expect(g.x(0.31) - g.x(0.1)).toBeCloseTo(decade * Math.log10(3.1), 6);
    expect(g.x(0.1)).toBeGreaterThan(g.left + 30);
    expect(g.x(100)).toBeCloseTo(g.right, 6);
  });

  it("scales the score axis to the intervals and keeps few x ticks on a phone", () => {
    const g = frontierGeometry(frontier, frontierSizeFor(375));
    expect(g.y(0.4)).toBeLessThanOrEqual(g.bottom);
    expect(g.y(0.89)).toBeGreaterThanOrEqual(g.top);
    expect(g.y(0.8)).toBeLessThan(g.y(0.5));
    expect(g.xTicks.length).toBeLessThanOrEqual(4);
    expect(g.size.width).toBeLessThanOrEqual(375);
    const single = frontierGeometry([point({ cost_per_1k_usd: 2 })], size);
    expect(single.xTicks.map((t) => t.label)).toEqual(["$1", "$10"]);
  });
});

describe("pointPositions", () => {
  it("spreads points that would cover each other sideways and leaves the others at their spot", () => {
    const g = frontierGeometry(frontier, frontierSizeFor(1280));
    const twins = [point({ temperature: 0 }), point({ temperature: 0.7 }), point({ score: 0.5 })];
    const at = pointPositions(twins, g);
    expect(at[0]?.y).toBe(at[1]?.y);
    expect(Math.abs((at[0]?.x ?? 0) - (at[1]?.x ?? 0))).toBe(14);
    expect(((at[0]?.x ?? 0) + (at[1]?.x ?? 0)) / 2).toBeCloseTo(g.x(5.2), 6);
    expect(at[2]).toEqual({ x: g.x(5.2), y: g.y(0.5) });
  });
});

describe("chosen frontier point", () => {
  it("is the selection when it names a point, else the recommended one", () => {
    expect(chosenFrontierIndex(frontier, null)).toBe(1);
    expect(chosenFrontierIndex(frontier, 3)).toBe(3);
    expect(chosenFrontierIndex(frontier, 9)).toBe(1);
    expect(chosenFrontierIndex(null, 0)).toBe(-1);
    expect(chosenFrontierPoint(frontier, 2, (p) => p.prompt === "Be exact.")?.model_name).toBe(
      "gpt-4o",
    );
    expect(chosenFrontierPoint(frontier, 2, (p) => p.prompt === "Other")).toBeUndefined();
  });
});

describe("a choice loaded with the run", () => {
  it("is kept while it names a point, else the recommended one (null)", () => {
    const points = [point({ model_name: "a" }), point({ model_name: "b" })];
    expect(validFrontierChoice(points, 1)).toBe(1);
    expect(validFrontierChoice(points, 0)).toBe(0);
    expect(validFrontierChoice(points, 2)).toBeNull();
    expect(validFrontierChoice(points, 0.5)).toBeNull();
    expect(validFrontierChoice(points, null)).toBeNull();
    expect(validFrontierChoice(points, undefined)).toBeNull();
    expect(validFrontierChoice(null, 0)).toBeNull();
  });
});

describe("candidateModelsField", () => {
  it("leaves out the primary model and repeats, and the field when nothing is left", () => {
    expect(candidateModelsField(["a", "b", "a", "p"], "p")).toEqual({
      candidate_models: ["a", "b"],
    });
    expect(candidateModelsField(["p"], "p")).toEqual({});
    expect(candidateModelsField([], "p")).toEqual({});
  });
});

describe("multiCandidateModelsField", () => {
  it("sends each role's list only when it has models", () => {
    expect(multiCandidateModelsField([], ["cheap"])).toEqual({
      candidate_models: { workers: ["cheap"] },
    });
    expect(multiCandidateModelsField(["a"], ["b", "b"])).toEqual({
      candidate_models: { coordinator: ["a"], workers: ["b"] },
    });
    expect(multiCandidateModelsField([], [])).toEqual({});
  });
});
