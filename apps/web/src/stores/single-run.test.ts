import { beforeEach, describe, expect, it } from "vitest";
import { useSingleRunStore } from "./single-run";

const result = (iteration: number, prompt: string) => ({
  iteration,
  prompt,
  temperature: 0.7,
  evaluation_point: { x: iteration, y: 10 * iteration },
  embedding_point: { x: iteration / 10, y: 0.5 },
});

describe("single-agent working state", () => {
  beforeEach(() => useSingleRunStore.getState().clear());

  it("keeps the initial evaluation apart from the optimised prompts, with graph points for both", () => {
    const s = useSingleRunStore.getState();
    s.beginRun(2);
    s.setInitialResult(result(0, "start"));
    s.appendResult(result(1, "better"));
    const state = useSingleRunStore.getState();
    expect(state.optimizedPrompts).toEqual(["better"]);
    expect(state.selectedPrompt).toBe("better");
    expect(state.iterationData).toEqual([
      { iteration: 0, x: 0, y: 0 },
      { iteration: 1, x: 1, y: 10 },
    ]);
    expect(state.embeddingData.map((p) => p.iteration)).toEqual([0, 1]);
    expect(state.isOptimizing).toBe(true);
  });

  it("selects an iteration everywhere: index, slider value and prompt", () => {
    const s = useSingleRunStore.getState();
    s.beginRun(2);
    s.appendResult(result(1, "a"));
    s.appendResult(result(2, "b"));
    s.select(1);
    expect(useSingleRunStore.getState()).toMatchObject({
      selectedIterationIndex: 1,
      graphSliderValue: 1,
      selectedPrompt: "b",
    });
    s.select(5);
    expect(useSingleRunStore.getState().selectedIterationIndex).toBe(1);
  });

  it("completes with the final prompts, marks the run optimised and presents the best iteration, not the last", () => {
    const s = useSingleRunStore.getState();
    s.beginRun(3);
    s.appendResult({ ...result(1, "a"), validation_score: 0.5 });
    s.appendResult({ ...result(2, "b"), validation_score: 0.62 });
    s.appendResult({ ...result(3, "c"), validation_score: 0.43 });
    s.select(2);
    s.completeRun({ prompts: ["a", "b", "c"], totalIterations: 3, test_score: 0.8, run_id: "r1" });
    expect(useSingleRunStore.getState()).toMatchObject({
      isOptimized: true,
      isOptimizing: false,
      selectedIterationIndex: 1,
      selectedPrompt: "b",
      summary: { testScore: 0.8, runId: "r1" },
    });
    // The server's best_iteration wins when it names one; any iteration can still be picked.
    s.completeRun({
      prompts: ["a", "b", "c"],
      totalIterations: 3,
      best_iteration: 1,
      temperature: 0,
    });
    expect(useSingleRunStore.getState().selectedPrompt).toBe("a");
    // The temperature the run presents that iteration at is kept (the end's probe may move it).
    expect(useSingleRunStore.getState().summary).toMatchObject({
      bestIteration: 1,
      presentedTemperature: 0,
    });
    s.select(2);
    expect(useSingleRunStore.getState().selectedPrompt).toBe("c");
  });

  it("a run loaded from history shows its values: best iteration, initial score, full progress", () => {
    useSingleRunStore.getState().loadPrompts(["a", "b", "c"], true, [
      { ...result(0, "start"), validation_score: 0.54 },
      { ...result(1, "a"), validation_score: 0.5 },
      { ...result(2, "b"), validation_score: 0.6 },
      { ...result(3, "c"), validation_score: 0.437 },
    ]);
    expect(useSingleRunStore.getState()).toMatchObject({
      selectedIterationIndex: 1,
      selectedPrompt: "b",
      progress: 100,
      initialResult: { validation_score: 0.54 },
      summary: { initialScore: 0.54, bestScore: 0.6, bestIteration: 2 },
    });
  });

  it("starting a run clears the previous one", () => {
    const s = useSingleRunStore.getState();
    s.loadPrompts(["x"], true);
    s.beginRun(3);
    expect(useSingleRunStore.getState()).toMatchObject({
      optimizedPrompts: [],
      isOptimized: false,
      iterationData: [],
      requestedIterations: 3,
    });
  });
});
