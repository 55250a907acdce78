import { describe, expect, it } from "vitest";
import {
  emptyForm,
  formFromIntegration,
  INTEGRATION_MESSAGES,
  type IntegrationForm,
  integrationFromForm,
  optimizedSummary,
  optimizerLoadFromIntegration,
  parseFriends,
  validateForm,
  withLatestResults,
  withModel,
  withTemperature,
} from "./rules";

const form = (over: Partial<IntegrationForm> = {}): IntegrationForm => ({
  username: "alice",
  friends: "",
  initConfig: { model_name: "gpt-4o", prompt: "Be kind.", temperature: 0.7 },
  optiConfig: { model_name: "gpt-4o", prompt: "", temperature: 0.7 },
  ...over,
});

describe("integration save rules", () => {
  it("starts from gpt-4o, empty prompts and 0.7", () => {
    expect(emptyForm()).toEqual({
      username: "",
      friends: "",
      initConfig: { model_name: "gpt-4o", prompt: "", temperature: 0.7 },
      optiConfig: { model_name: "gpt-4o", prompt: "", temperature: 0.7 },
    });
  });

  it("requires a username that is more than '@' and a non-blank initial prompt", () => {
    expect(validateForm(form({ username: "" }))).toBe(INTEGRATION_MESSAGES.invalidUsername);
    expect(validateForm(form({ username: " @ " }))).toBe(INTEGRATION_MESSAGES.invalidUsername);
    expect(validateForm(form({ username: "   " }))).toBe(INTEGRATION_MESSAGES.invalidUsername);
    expect(
      validateForm(
        form({ initConfig: { model_name: "gpt-4o", prompt: "  \n ", temperature: 0.7 } }),
      ),
    ).toBe(INTEGRATION_MESSAGES.noInitialPrompt);
    expect(validateForm(form())).toBeNull();
  });

  it("adds the @ and splits, trims and de-duplicates friends", () => {
    expect(parseFriends(" bob, @Carol,,  , dave ,BOB, @")).toEqual(["@bob", "@Carol", "@dave"]);
    expect(integrationFromForm(form({ username: " alice ", friends: "bob, @carol" }))).toEqual({
      username: "@alice",
      friends_usernames: ["@bob", "@carol"],
      init_config: { model_name: "gpt-4o", prompt: "Be kind.", temperature: 0.7 },
      opti_config: { model_name: "gpt-4o", prompt: "", temperature: 0.7 },
    });
  });

  it("shows a saved integration with friends as comma-separated text", () => {
    const saved = integrationFromForm(form({ friends: "bob, carol" }));
    expect(formFromIntegration(saved).friends).toBe("@bob, @carol");
  });

  it("changes model and temperature of both configurations at once", () => {
    const next = withTemperature(withModel(form(), "gpt-4.1"), 0.25);
    expect(next.initConfig).toMatchObject({ model_name: "gpt-4.1", temperature: 0.25 });
    expect(next.optiConfig).toMatchObject({ model_name: "gpt-4.1", temperature: 0.25 });
  });

  it("shows the optimised summary only for a non-empty optimised prompt", () => {
    expect(optimizedSummary({ model_name: "gpt-4o", prompt: "  ", temperature: 0.7 })).toBeNull();
    expect(optimizedSummary({ model_name: "gpt-4o", prompt: "x", temperature: 0.7 })).toBe(
      "Model: gpt-4o · Temperature: 0.70",
    );
  });
});

describe("load latest optimization results", () => {
  it("takes the latest initial prompt (else the bot prompt), the last optimised prompt and the selected model", () => {
    const latest = {
      initialPrompt: "Initial",
      botPrompt: "Bot",
      selectedModel: "gpt-4.1",
      optimizedPrompts: ["o1", "o2"],
    };
    const next = withLatestResults(form(), latest);
    expect(next.initConfig).toEqual({ model_name: "gpt-4.1", prompt: "Initial", temperature: 0.7 });
    expect(next.optiConfig).toEqual({ model_name: "gpt-4.1", prompt: "o2", temperature: 0.7 });
    expect(withLatestResults(form(), { ...latest, initialPrompt: " " }).initConfig.prompt).toBe(
      "Bot",
    );
  });
});

describe("load into optimizer", () => {
  it("an optimised prompt becomes the single optimised prompt, optimized", () => {
    const load = optimizerLoadFromIntegration(
      form({
        initConfig: { model_name: "gpt-4.1", prompt: "Be kind.", temperature: 0.3 },
        optiConfig: { model_name: "gpt-4.1", prompt: "Be kind. Always smile.", temperature: 0.3 },
      }),
    );
    expect(load).toEqual({
      settings: {
        botPrompt: "Be kind.",
        initialPrompt: "Be kind.",
        selectedModel: "gpt-4.1",
        temperature: 0.3,
      },
      prompts: ["Be kind. Always smile."],
      optimized: true,
    });
  });

  it("an empty optimised prompt means no prompts and not optimized", () => {
    expect(optimizerLoadFromIntegration(form())).toMatchObject({ prompts: [], optimized: false });
  });
});
