import type { DefaultsResponse } from "@promptune/contracts";
import { describe, expect, it } from "vitest";
import { fallbackSettings, settingsFromDefaults } from "./defaults-loader";
import { initialSettings } from "./optimization";

const agent = (name: string) => ({
  name,
  prompt: `${name} prompt`,
  model_name: "gpt-4.1-mini",
  temperature: 0.5,
  description: `${name} role`,
});
const defaults: DefaultsResponse = {
  models: { options: ["gpt-4.1-mini", "gpt-4o"], default: "gpt-4.1-mini" },
  datasets: { options: ["DCH2-top-dialogs", "DCH2"], default: "DCH2-top-dialogs" },
  temperature: { default: 0.7 },
  iterations: { default: 4, max: 8 },
  default_prompt: "You are a helpful assistant.",
  "master-agent": agent("Coordinator"),
  "worker-agents": [agent("Expert"), agent("Synthesizer")],
  "additional-worker": agent("Assistant"),
};

describe("defaults loading", () => {
  it("fills every value on the first load", () => {
    const patch = settingsFromDefaults(defaults, initialSettings(), true);
    expect(patch).toMatchObject({
      selectedModel: "gpt-4.1-mini",
      selectedDataset: "DCH2-top-dialogs",
      temperature: 0.7,
      iterations: 4,
      iterationsMax: 8,
      botPrompt: "You are a helpful assistant.",
      coordinatorPrompt: "Coordinator prompt",
      isDefaultsLoaded: true,
    });
    expect(patch.workers?.map((w) => w.name)).toEqual(["Expert", "Synthesizer"]);
  });

  it("later loads refresh the lists but keep the user's choices", () => {
    const current = {
      ...initialSettings(),
      selectedModel: "gpt-4o",
      selectedDataset: "DCH2",
      iterations: 9,
      botPrompt: "Mine.",
      isDefaultsLoaded: true,
    };
    const patch = settingsFromDefaults(defaults, current, false);
    expect(patch).toEqual({
      availableModels: ["gpt-4.1-mini", "gpt-4o"],
      availableDatasets: ["DCH2-top-dialogs", "DCH2"],
      iterationsMax: 8,
      isDefaultsLoaded: true,
      iterations: 8,
    });
  });

  it("falls back to the spec's values when defaults cannot load", () => {
    const patch = fallbackSettings({ ...initialSettings(), selectedModel: "", iterations: 0 });
    expect(patch).toEqual({
      availableModels: ["gpt-4o", "gpt-4", "gpt-3.5-turbo"],
      selectedModel: "gpt-4o",
      selectedDataset: "DCH2-top-dialogs",
      iterations: 4,
      botPrompt: "You are a helpful assistant.",
    });
  });
});
