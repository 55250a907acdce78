import type { MultiAgentIteration } from "@promptune/contracts";
import { describe, expect, it } from "vitest";
import { embeddingPoints, evaluationPoints } from "./EvaluationGraphs";

const result = (iteration: number, y: number) =>
  ({
    iteration,
    evaluation_point: { x: iteration, y },
    embedding_point: { x: iteration / 10, y: 0.3 },
  }) as MultiAgentIteration;

describe("multi-agent graph points", () => {
  const baseline = { evaluation_point: { x: 0, y: 41 }, embedding_point: { x: 0, y: 0 } };

  it("draws the baseline as iteration 0 and numbers results from 1", () => {
    expect(evaluationPoints([result(1, 45), result(2, 52)], baseline)).toEqual([
      { iteration: 0, x: 0, y: 41 },
      { iteration: 1, x: 1, y: 45 },
      { iteration: 2, x: 2, y: 52 },
    ]);
    expect(embeddingPoints([result(1, 45)], baseline)).toEqual([
      { iteration: 0, x: 0, y: 0 },
      { iteration: 1, x: 0.1, y: 0.3 },
    ]);
  });

  it("numbers results without an iteration by position", () => {
    const odd = { ...result(1, 45), iteration: 0 } as MultiAgentIteration;
    expect(evaluationPoints([odd], null)).toEqual([{ iteration: 1, x: 1, y: 45 }]);
  });
});
