import type { AgentConfig, HistoryRecord } from "@promptune/contracts";
import { describe, expect, it } from "vitest";
import { singleRecord } from "../profile/history/testing";
import { matchingRun } from "./MultiHeldOut";

const agent = (name: string, prompt: string): AgentConfig => ({
  name,
  prompt,
  model_name: "gpt-4o-mini",
  temperature: 0.5,
  description: `${name} agent`,
});
const config = {
  "master-agent": agent("Coordinator", "You coordinate."),
  "worker-agents": [agent("Expert", "You know."), agent("Writer", "You write.")],
};
const held = {
  examples: 9,
  initial_score: 0.4,
  final_score: 0.6,
  difference: 0.2,
  ci_low: 0.05,
  ci_high: 0.35,
  significant: true,
};

function multiRecord(id: string, over: Partial<HistoryRecord> = {}): HistoryRecord {
  const base = singleRecord(id, "2026-11-20T08:30:00.000Z", ["a", "b"]);
  return {
    ...base,
    mode: "multi",
    configuration: {
      ...base.configuration,
      initial_prompt: "You coordinate.",
      iterations: 2,
      "master-agent": config["master-agent"],
      "worker-agents": config["worker-agents"],
    },
    held_out: held,
    ...over,
  };
}

describe("matchingRun", () => {
  it("finds the newest completed multi-agent run started from the configuration", () => {
    const records = [
      multiRecord("running", { status: "running" }),
      multiRecord("other-prompt", {
        configuration: { ...multiRecord("x").configuration, initial_prompt: "Other." },
      }),
      multiRecord("newest"),
      multiRecord("older"),
    ];
    expect(matchingRun(records, config, 2)?.run_id).toBe("newest");
  });

  it("ignores single-agent runs, other iteration counts and other teams", () => {
    const single = { ...multiRecord("single"), mode: "single" as const };
    expect(matchingRun([single], config, 2)).toBeUndefined();
    expect(matchingRun([multiRecord("m")], config, 3)).toBeUndefined();
    const bigger = { ...config, "worker-agents": [...config["worker-agents"], agent("C", "c")] };
    expect(matchingRun([multiRecord("m")], bigger, 2)).toBeUndefined();
  });
});
