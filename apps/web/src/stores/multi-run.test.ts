import type { MultiAgentIteration } from "@promptune/contracts";
import { beforeEach, describe, expect, it } from "vitest";
import { nextSelectedIndex, useMultiRunStore } from "./multi-run";

const agent = { name: "A", prompt: "p", model_name: "m", temperature: 0.5, description: "" };
const snapshot = { "master-agent": agent, "worker-agents": [agent] };
const result = (iteration: number, withBaseline = false) =>
  ({
    iteration,
    evaluation_point: { x: iteration, y: 50 },
    embedding_point: { x: 0, y: 0 },
    ...(withBaseline
      ? {
          baseline: {
            evaluation_point: { x: 0, y: 40 },
            embedding_point: { x: 1, y: 2 },
            validation_score: 0.4,
          },
        }
      : {}),
  }) as MultiAgentIteration;

describe("multi-agent run store", () => {
  beforeEach(() => useMultiRunStore.getState().clear());

  it("follows new results only from the latest one", () => {
    expect(nextSelectedIndex(0, 0)).toBe(0);
    expect(nextSelectedIndex(1, 2)).toBe(2);
    expect(nextSelectedIndex(0, 2)).toBe(0);
  });

  it("starts clean, keeps the baseline of the first update and selects by the rule", () => {
    const store = useMultiRunStore.getState();
    store.startRun(snapshot, 3);
    expect(useMultiRunStore.getState()).toMatchObject({
      isOptimizing: true,
      progress: 0,
      requestedIterations: 3,
    });
    store.addResult(result(1, true));
    store.addResult(result(2));
    expect(useMultiRunStore.getState().multiAgentSelectedIterationIndex).toBe(1);
    expect(useMultiRunStore.getState().baseline?.evaluation_point.y).toBe(40);
    store.selectIteration(0);
    store.addResult(result(3));
    expect(useMultiRunStore.getState().multiAgentSelectedIterationIndex).toBe(0);
    store.markOptimized();
    expect(useMultiRunStore.getState()).toMatchObject({
      isOptimizing: false,
      multiAgentIsOptimized: true,
    });
    store.startRun(snapshot, 2);
    expect(useMultiRunStore.getState().multiAgentIterationResults).toEqual([]);
    expect(useMultiRunStore.getState().multiAgentIsOptimized).toBe(false);
  });
});
