import { STORE_KEY } from "@promptune/contracts";
import { beforeEach, describe, expect, it } from "vitest";
import { PERSISTED_FIELDS, useOptimizationStore } from "./optimization";

describe("optimization settings store", () => {
  beforeEach(() => {
    localStorage.clear();
    useOptimizationStore.getState().reset();
  });

  it("persists exactly the spec's fields under 'optimization-store'", () => {
    useOptimizationStore.getState().update({ botPrompt: "Be brief.", temperature: 0.3 });
    const raw = localStorage.getItem(STORE_KEY);
    expect(raw).not.toBeNull();
    const stored = JSON.parse(raw as string) as { state: Record<string, unknown> };
    expect(Object.keys(stored.state).sort()).toEqual([...PERSISTED_FIELDS].sort());
    expect(stored.state.botPrompt).toBe("Be brief.");
    expect(stored.state.temperature).toBe(0.3);
  });

  it("lists the seventeen settings of spec §3", () => {
    expect(PERSISTED_FIELDS).toHaveLength(17);
    expect(new Set(PERSISTED_FIELDS).size).toBe(17);
  });

  it("starts from the spec's fallbacks", () => {
    const s = useOptimizationStore.getState();
    expect(s.selectedModel).toBe("gpt-4o");
    expect(s.temperature).toBe(0.7);
    expect(s.iterationsMax).toBe(10);
    expect(s.workers.map((w) => w.name)).toEqual(["Expert", "Synthesizer"]);
    expect(s.coordinatorDescription).toBe(
      "Coordinator node that communicates with worker nodes to respond to user messages.",
    );
  });
});
