import { DEFAULTS } from "@promptune/contracts";
import { describe, expect, it } from "vitest";
import { makeWorker, type Worker } from "../../stores/optimization";
import {
  addWorker,
  clampTemperature,
  configSnapshot,
  modelOptions,
  newWorker,
  optimizeRequest,
  removeWorker,
  sanitizeWorkerName,
} from "./workers";

const coordinator = {
  coordinatorPrompt: "Coordinate the team.",
  coordinatorModel: "fixture-large",
  coordinatorTemperature: 0.25,
  coordinatorDescription: "Routes questions.",
};
const extra = {
  name: "Assistant",
  prompt: "Help with the rest.",
  model_name: "fixture-small",
  temperature: 0.6,
  description: "Versatile helper.",
};
const worker = (name: string): Worker =>
  makeWorker(1, { prompt: `${name} prompt`, model: "m", temperature: 0.5, description: "" }, name);
const workers = (n: number) => Array.from({ length: n }, (_, i) => worker(`W${i + 1}`));

describe("adding and removing workers", () => {
  it("copies the coordinator into 'Worker N' while there are fewer than 2 workers", () => {
    const added = newWorker({ ...coordinator, additionalWorkerConfig: extra, workers: workers(1) });
    expect(added).toMatchObject({
      name: "Worker 2",
      prompt: "Coordinate the team.",
      model: "fixture-large",
      temperature: 0.25,
      description: "Routes questions.",
    });
    const first = newWorker({ ...coordinator, additionalWorkerConfig: extra, workers: [] });
    expect(first?.name).toBe("Worker 1");
  });

  it("takes the additional-worker defaults once there are at least 2 workers", () => {
    const added = newWorker({ ...coordinator, additionalWorkerConfig: extra, workers: workers(2) });
    expect(added).toMatchObject({
      name: "Assistant",
      prompt: "Help with the rest.",
      model: "fixture-small",
      temperature: 0.6,
      description: "Versatile helper.",
    });
  });

  it("numbers the additional worker's name when it is taken, and falls back without defaults", () => {
    const current = [...workers(2), worker("Assistant")];
    expect(
      newWorker({ ...coordinator, additionalWorkerConfig: extra, workers: current })?.name,
    ).toBe("Assistant4");
    const fallback = newWorker({
      ...coordinator,
      additionalWorkerConfig: null,
      workers: workers(3),
    });
    expect(fallback).toMatchObject({
      name: DEFAULTS.additionalWorkerName,
      prompt: DEFAULTS.prompt,
      model: "fixture-large",
    });
  });

  it("gives every new worker a fresh id", () => {
    const a = newWorker({ ...coordinator, additionalWorkerConfig: extra, workers: workers(2) });
    const b = newWorker({ ...coordinator, additionalWorkerConfig: extra, workers: workers(2) });
    expect(a?.id).not.toBe(b?.id);
  });

  it("stops at 10 workers and at 1 worker", () => {
    const ten = workers(10);
    expect(addWorker({ ...coordinator, additionalWorkerConfig: extra, workers: ten })).toBe(ten);
    expect(
      addWorker({ ...coordinator, additionalWorkerConfig: extra, workers: workers(9) }),
    ).toHaveLength(10);
    expect(removeWorker(workers(1))).toHaveLength(1);
    expect(removeWorker(workers(3)).map((w) => w.name)).toEqual(["W1", "W2"]);
  });
});

describe("worker names and temperatures", () => {
  it("keeps letters and digits only", () => {
    expect(sanitizeWorkerName("Res earch-Bot_7!")).toBe("ResearchBot7");
    expect(sanitizeWorkerName("Écrivain2 ")).toBe("Écrivain2");
    expect(sanitizeWorkerName("   ")).toBe("");
  });

  it("caps temperatures at 1 with two decimals", () => {
    expect(clampTemperature(1.4)).toBe(1);
    expect(clampTemperature(-0.2)).toBe(0);
    expect(clampTemperature(0.456)).toBe(0.46);
    expect(clampTemperature(Number.NaN)).toBe(0.7);
  });
});

describe("options and payloads", () => {
  it("falls back to the spec's model lists when none are loaded", () => {
    expect(modelOptions([], "gpt-4o", false)).toEqual(["gpt-4o", "gpt-4", "gpt-3.5-turbo"]);
    expect(modelOptions([], "gpt-4o", true)).toEqual([
      "gpt-4o",
      "gpt-4",
      "gpt-3.5-turbo",
      "gpt-4.1",
    ]);
    expect(modelOptions(["a", "b"], "c", true)).toEqual(["a", "b", "c"]);
  });

  it("builds the optimisation request with the coordinator as master-agent", () => {
    const settings = {
      ...coordinator,
      additionalWorkerConfig: extra,
      workers: [worker("Expert"), { ...worker(""), name: "" }],
      selectedDataset: "",
      availableDatasets: [],
      multiAgentIterations: 3,
    };
    const req = optimizeRequest(settings);
    expect(req.dataset_name).toBe("DCH2-top-dialogs");
    expect(req.iterations).toBe(3);
    expect(req["master-agent"]).toEqual({
      name: "Coordinator",
      prompt: "Coordinate the team.",
      model_name: "fixture-large",
      temperature: 0.25,
      description: "Routes questions.",
    });
    expect(req["worker-agents"].map((w) => w.name)).toEqual(["Expert", "Worker2"]);
    expect(configSnapshot(settings)["worker-agents"][0]).toMatchObject({
      model_name: "m",
      temperature: 0.5,
    });
  });
});
