import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { installFakeApi, ok } from "../../auth/testing";
import { useOptimizationStore } from "../../stores/optimization";
import { useSingleRunStore } from "../../stores/single-run";
import {
  integrationWithResults,
  loadIntegrationIntoOptimizer,
  saveResultsToIntegration,
} from "./integration-sync";

const stored = {
  username: "@owner",
  friends_usernames: ["@friend"],
  init_config: { model_name: "gpt-4o", prompt: "Be helpful.", temperature: 0.4 },
  opti_config: { model_name: "gpt-4o", prompt: "Be helpful. Always greet.", temperature: 0.5 },
  bots: { before: "https://t.me/b", after: "https://t.me/a" },
};

describe("Telegram Integration mode", () => {
  beforeEach(() => {
    useOptimizationStore.getState().reset();
    useSingleRunStore.getState().clear();
    vi.spyOn(console, "warn").mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());

  it("loads the integration into the optimizer, with its optimised prompt as the result", async () => {
    installFakeApi({ "GET /api/telegram/integration": () => ok(stored) });
    expect(await loadIntegrationIntoOptimizer()).toMatchObject({ username: "@owner" });
    expect(useOptimizationStore.getState()).toMatchObject({
      botPrompt: "Be helpful.",
      selectedModel: "gpt-4o",
      temperature: 0.4,
    });
    expect(useSingleRunStore.getState()).toMatchObject({
      optimizedPrompts: ["Be helpful. Always greet."],
      isOptimized: true,
      selectedPrompt: "Be helpful. Always greet.",
    });
  });

  it("treats an empty optimised prompt as not optimised", async () => {
    installFakeApi({
      "GET /api/telegram/integration": () =>
        ok({ ...stored, opti_config: { ...stored.opti_config, prompt: "" } }),
    });
    await loadIntegrationIntoOptimizer();
    expect(useSingleRunStore.getState()).toMatchObject({
      optimizedPrompts: [],
      isOptimized: false,
    });
  });

  it("leaves the optimizer alone when no integration is saved", async () => {
    useOptimizationStore.getState().update({ botPrompt: "Mine." });
    installFakeApi({
      "GET /api/telegram/integration": () =>
        ok({ ...stored, username: "", init_config: { ...stored.init_config, prompt: "" } }),
    });
    expect(await loadIntegrationIntoOptimizer()).toBeNull();
    expect(useOptimizationStore.getState().botPrompt).toBe("Mine.");
  });

  it("saves the run's initial and last optimised prompts back, keeping the users", async () => {
    const calls = installFakeApi({
      "GET /api/telegram/integration": () => ok(stored),
      "POST /api/telegram/integration": (call) => ok(call.body),
    });
    const run = {
      initialPrompt: "Start.",
      optimisedPrompt: "Start. Always greet.",
      model: "gpt-4.1-mini",
      temperature: 0.7,
      optimisedTemperature: 0.6,
    };
    await saveResultsToIntegration(run);
    const post = calls.find((c) => c.method === "POST");
    expect(post?.body).toEqual(integrationWithResults(stored, run));
    expect(post?.body).toEqual({
      username: "@owner",
      friends_usernames: ["@friend"],
      init_config: { model_name: "gpt-4.1-mini", prompt: "Start.", temperature: 0.7 },
      opti_config: { model_name: "gpt-4.1-mini", prompt: "Start. Always greet.", temperature: 0.6 },
    });
  });

  it("puts the optimised prompt on the frontier's recommended model, the initial one on the run's", () => {
    const body = integrationWithResults(stored, {
      initialPrompt: "Start.",
      optimisedPrompt: "Start. Always greet.",
      model: "gpt-4o",
      optimisedModel: "gpt-4o-mini",
      temperature: 0.7,
      optimisedTemperature: 0,
    });
    expect(body.init_config.model_name).toBe("gpt-4o");
    expect(body.opti_config.model_name).toBe("gpt-4o-mini");
    expect(body.opti_config.temperature).toBe(0);
  });

  it("does not save when there is no integration", async () => {
    const calls = installFakeApi({
      "GET /api/telegram/integration": () => ok({ ...stored, username: "" }),
    });
    await saveResultsToIntegration({
      initialPrompt: "a",
      optimisedPrompt: "b",
      model: "m",
      temperature: 0,
      optimisedTemperature: 0,
    });
    expect(calls.filter((c) => c.method === "POST")).toHaveLength(0);
  });
});
