import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { installFakeApi } from "../../../auth/testing";
import { useSingleRunStore } from "../../../stores/single-run";
import { loadIntoOptimizer } from "./actions";
import { singleRecord } from "./testing";

const held = {
  examples: 9,
  initial_score: 0.4,
  final_score: 0.7,
  difference: 0.3,
  ci_low: 0.1,
  ci_high: 0.5,
  significant: true,
};

beforeEach(() => {
  useSingleRunStore.getState().clear();
  vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe("held-out comparison of a saved run", () => {
  it("rides along when a history run is loaded into the single-agent optimizer", async () => {
    installFakeApi({});
    const navigate = vi.fn();
    await loadIntoOptimizer(
      singleRecord("run-1", "2026-11-20T08:30:00.000Z", ["a"], { held_out: held }),
      navigate,
    );
    expect(navigate).toHaveBeenCalledWith("/home");
    expect(useSingleRunStore.getState().summary?.heldOut).toEqual(held);
  });

  it("is part of the summary when a run completes, null when not measured", () => {
    const run = useSingleRunStore.getState();
    run.completeRun({ prompts: ["a"], totalIterations: 1, held_out: held });
    expect(useSingleRunStore.getState().summary?.heldOut).toEqual(held);
    run.clear();
    useSingleRunStore
      .getState()
      .completeRun({ prompts: ["a"], totalIterations: 1, held_out: null });
    expect(useSingleRunStore.getState().summary?.heldOut).toBeNull();
  });
});
