import { MantineProvider } from "@mantine/core";
import type { FrontierPoint } from "@promptune/contracts";
import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { candidateModelsField, multiCandidateModelsField } from "../stores/candidate-models";
import { FrontierTable } from "./FrontierTable";

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

describe("FrontierTable", () => {
  it("lists every point cheapest first, marks the recommended one and says what it saves", () => {
    const frontier = [
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
    ];
    render(
      <MantineProvider>
        <FrontierTable frontier={frontier} />
      </MantineProvider>,
    );
    expect(screen.getByTestId("frontier-summary").textContent).toBe(
      "gpt-4o-mini with the tuned prompt scores 82 % (±4) at $0.31 per 1,000 replies — 94 % cheaper than gpt-4o at the same quality.",
    );
    const rows = within(screen.getByTestId("frontier-table")).getAllByRole("row");
    expect(rows).toHaveLength(3);
    expect(rows[1]?.textContent).toContain("gpt-4o-mini");
    expect(rows[1]?.textContent).toContain("recommended");
    expect(rows[1]?.textContent).toContain("82 % (78 % – 86 %)");
    expect(rows[2]?.textContent).not.toContain("recommended");
    expect(rows[2]?.textContent).toContain("$5.20");
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
