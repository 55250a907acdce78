import type { EvidenceFrontierPoint, FrontierPoint } from "@promptune/contracts";
import { describe, expect, it } from "vitest";
import type { RunRow } from "../runs/repository";
import { recommendedOffPrimary } from "./sides";

const point = (model: string, recommended: boolean, extra: Partial<FrontierPoint> = {}) => ({
  model_name: model,
  temperature: 0.2,
  prompt: "p",
  score: 0.8,
  ci_low: 0.7,
  ci_high: 0.9,
  cost_per_1k_usd: 0.1,
  calls_per_reply: 1,
  recommended,
  ...extra,
});
const listed = (index: number): EvidenceFrontierPoint => ({
  frontier_point: index,
  model_name: "m",
  temperature: 0.2,
  validation_score: 0.8,
  test_score: null,
  recommended: false,
});
const run = (request: unknown, frontier: unknown[] | null) =>
  ({ request: JSON.stringify(request), frontier: frontier && JSON.stringify(frontier) }) as RunRow;
const agent = (model: string) => ({
  name: "Agent",
  model_name: model,
  prompt: "p",
  temperature: 0.2,
  description: "",
});

describe("the default B of a run with a frontier", () => {
  it("is the recommended point when it runs on another model than the primary one", () => {
    const r = run({ model_name: "big" }, [point("small", true), point("big", false)]);
    expect(recommendedOffPrimary(r, [listed(0), listed(1)])).toBe("f0");
  });

  it("stays the presented iteration when the primary model is recommended, or none is stored", () => {
    const r = run({ model_name: "big" }, [point("small", false), point("big", true)]);
    expect(recommendedOffPrimary(r, [listed(0), listed(1)])).toBeNull();
    const off = run({ model_name: "big" }, [point("small", true), point("big", false)]);
    expect(recommendedOffPrimary(off, [listed(1)])).toBeNull();
    expect(recommendedOffPrimary(run({ model_name: "big" }, null), [])).toBeNull();
  });

  it("compares every agent's model in multi-agent runs", () => {
    const request = { "master-agent": agent("big"), "worker-agents": [agent("big"), agent("big")] };
    const cheapWorkers = point("big / small", true, {
      "master-agent": agent("big"),
      "worker-agents": [agent("small"), agent("small")],
    });
    const same = point("big", true, {
      "master-agent": agent("big"),
      "worker-agents": [agent("big"), agent("big")],
    });
    expect(recommendedOffPrimary(run(request, [cheapWorkers]), [listed(0)])).toBe("f0");
    expect(recommendedOffPrimary(run(request, [same]), [listed(0)])).toBeNull();
  });
});
