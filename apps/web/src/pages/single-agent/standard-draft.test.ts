import { beforeEach, describe, expect, it } from "vitest";
import { initialSettings, useOptimizationStore } from "../../stores/optimization";
import { useSessionStore } from "../../stores/session";
import { useSingleRunStore } from "../../stores/single-run";
import { applyIntegration } from "./integration-sync";
import { switchOptimizationType } from "./OptimizationTypeSelect";
import { hasStandardDraft } from "./standard-draft";

beforeEach(() => {
  useOptimizationStore.setState(initialSettings());
  useSingleRunStore.getState().clear();
  useSessionStore.setState({ optimizationType: "standard" });
});

describe("switching the optimisation type", () => {
  it("keeps the typed Standard draft while the integration is loaded and restores it on switching back", () => {
    useOptimizationStore.getState().update({
      botPrompt: "My typed draft.",
      initialPrompt: "My typed draft.",
      selectedModel: "gpt-4.1",
      temperature: 0.2,
    });
    useSingleRunStore.getState().loadPrompts(["Draft result."], true);

    switchOptimizationType("with_integration");
    expect(hasStandardDraft()).toBe(true);
    applyIntegration({
      username: "@me",
      friends_usernames: [],
      init_config: { model_name: "gpt-4o", prompt: "Bot prompt.", temperature: 0.7 },
      opti_config: { model_name: "gpt-4o", prompt: "Bot optimised.", temperature: 0.7 },
    });
    expect(useOptimizationStore.getState().botPrompt).toBe("Bot prompt.");

    switchOptimizationType("standard");
    const s = useOptimizationStore.getState();
    expect([s.botPrompt, s.initialPrompt, s.selectedModel, s.temperature]).toEqual([
      "My typed draft.",
      "My typed draft.",
      "gpt-4.1",
      0.2,
    ]);
    expect(useSingleRunStore.getState().optimizedPrompts).toEqual(["Draft result."]);
    expect(useSessionStore.getState().optimizationType).toBe("standard");
    expect(hasStandardDraft()).toBe(false);
  });

  it("does nothing when the type does not change", () => {
    useOptimizationStore.getState().update({ botPrompt: "Typed." });
    switchOptimizationType("standard");
    expect(hasStandardDraft()).toBe(false);
    expect(useOptimizationStore.getState().botPrompt).toBe("Typed.");
  });
});
