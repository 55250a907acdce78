import { describe, expect, it } from "vitest";
import {
  emptyForm,
  formErrors,
  formFromIntegration,
  INTEGRATION_MESSAGES,
  type IntegrationForm,
  integrationFromForm,
  latestConfigs,
  optimizedSummary,
  optimizerLoadFromIntegration,
  parseFriends,
  validateForm,
  withConfig,
  withConfigs,
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

  it("changes one configuration's model or temperature and never the other's", () => {
    const base = form({
      optiConfig: { model_name: "gpt-4o", prompt: "Be kind, always.", temperature: 0.48 },
    });
    const next = withConfig(
      withConfig(base, "initConfig", { model_name: "gpt-4.1" }),
      "initConfig",
      {
        temperature: 0.25,
      },
    );
    expect(next.initConfig).toEqual({
      model_name: "gpt-4.1",
      prompt: "Be kind.",
      temperature: 0.25,
    });
    expect(next.optiConfig).toEqual(base.optiConfig);
    const opti = withConfig(base, "optiConfig", { temperature: 0.9 });
    expect(opti.optiConfig.temperature).toBe(0.9);
    expect(opti.initConfig).toEqual(base.initConfig);
  });

  it("names the fields that break the rules", () => {
    expect(formErrors(form({ username: "@" }))).toEqual({
      username: INTEGRATION_MESSAGES.invalidUsername,
    });
    expect(
      formErrors(
        form({
          username: "",
          initConfig: { model_name: "gpt-4o", prompt: " ", temperature: 0.7 },
        }),
      ),
    ).toEqual({
      username: INTEGRATION_MESSAGES.invalidUsername,
      initialPrompt: INTEGRATION_MESSAGES.noInitialPrompt,
    });
    expect(formErrors(form())).toEqual({});
  });

  it("shows the optimised summary only for a non-empty optimised prompt", () => {
    expect(optimizedSummary({ model_name: "gpt-4o", prompt: "  ", temperature: 0.7 })).toBeNull();
    expect(optimizedSummary({ model_name: "gpt-4o", prompt: "x", temperature: 0.7 })).toBe(
      "Model: gpt-4o · Temperature: 0.70",
    );
  });
});

describe("load latest optimization results", () => {
  it("takes the latest initial prompt (else the bot prompt), the last optimised prompt, and each configuration's model and temperature", () => {
    const latest = {
      initialPrompt: "Initial",
      botPrompt: "Bot",
      selectedModel: "gpt-4.1",
      temperature: 0.65,
      optimizedPrompts: ["o1", "o2"],
      optimizedTemperature: 0.48,
    };
    const next = withConfigs(form(), latestConfigs(latest));
    expect(next.username).toBe("alice");
    expect(next.initConfig).toEqual({
      model_name: "gpt-4.1",
      prompt: "Initial",
      temperature: 0.65,
    });
    expect(next.optiConfig).toEqual({ model_name: "gpt-4.1", prompt: "o2", temperature: 0.48 });
    expect(latestConfigs({ ...latest, initialPrompt: " " }).init_config.prompt).toBe("Bot");
    expect(
      latestConfigs({ ...latest, optimizedTemperature: undefined }).opti_config.temperature,
    ).toBe(0.65);
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
