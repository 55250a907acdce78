/**
 * The Integration page's rules (spec §4, §5, §8) as pure functions: form ⇄
 * integration record, username and friends normalisation, validation, one
 * model and temperature for both configurations, 'Load latest optimization
 * results', and what 'Load into Optimizer' puts into the optimizer.
 */
import {
  DEFAULTS,
  type Integration,
  type SingleAgentConfig,
  TEMPERATURE,
} from "@promptune/contracts";

/** Toasts and alerts of the page (spec §6, §8). */
export const INTEGRATION_MESSAGES = {
  saved: "Integration saved successfully!",
  saveFailed: "Failed to save integration",
  saveBeforeLoadFailed: "Failed to save integration. Please try again.",
  loadFailed: "Failed to load integration into optimizer. Please try again.",
  authSave: "You need to be authorized to save integration!",
  authLoad: "You need to be authorized to load integration into optimizer!",
  invalidUsername: "Please enter a valid username",
  noInitialPrompt: "Please enter an initial prompt",
} as const;

/** The form as the page edits it (friends as the comma-separated text the user typed). */
export interface IntegrationForm {
  username: string;
  friends: string;
  initConfig: SingleAgentConfig;
  optiConfig: SingleAgentConfig;
}

/** The page's defaults before anything is loaded: gpt-4o, empty prompts, 0.7. */
export function emptyForm(): IntegrationForm {
  const config = { model_name: DEFAULTS.model, prompt: "", temperature: TEMPERATURE.default };
  return { username: "", friends: "", initConfig: config, optiConfig: { ...config } };
}

/** Adds the leading '@' to a trimmed name ('' stays ''). */
export function withAt(name: string): string {
  const trimmed = name.trim();
  if (!trimmed) return "";
  return trimmed.startsWith("@") ? trimmed : `@${trimmed}`;
}

/** Friends from comma-separated text: split, trimmed, '@' added, empties and repeats (any case) dropped. */
export function parseFriends(text: string): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const part of text.split(",")) {
    const name = withAt(part);
    if (!name || name === "@" || seen.has(name.toLowerCase())) continue;
    seen.add(name.toLowerCase());
    out.push(name);
  }
  return out;
}

/** The first rule the form breaks (spec §5), or null. */
export function validateForm(form: IntegrationForm): string | null {
  const username = withAt(form.username);
  if (!username || username === "@") return INTEGRATION_MESSAGES.invalidUsername;
  if (!form.initConfig.prompt.trim()) return INTEGRATION_MESSAGES.noInitialPrompt;
  return null;
}

/** The record POST /telegram/integration receives. */
export function integrationFromForm(form: IntegrationForm): Integration {
  return {
    username: withAt(form.username),
    friends_usernames: parseFriends(form.friends),
    init_config: form.initConfig,
    opti_config: form.optiConfig,
  };
}

/** The form showing a saved (or default) integration. */
export function formFromIntegration(i: Integration): IntegrationForm {
  return {
    username: i.username,
    friends: i.friends_usernames.join(", "),
    initConfig: { ...i.init_config },
    optiConfig: { ...i.opti_config },
  };
}

/** Changing the model updates both configurations (spec §4). */
export function withModel(form: IntegrationForm, model: string): IntegrationForm {
  return {
    ...form,
    initConfig: { ...form.initConfig, model_name: model },
    optiConfig: { ...form.optiConfig, model_name: model },
  };
}

/** Changing the temperature updates both configurations (spec §4). */
export function withTemperature(form: IntegrationForm, temperature: number): IntegrationForm {
  return {
    ...form,
    initConfig: { ...form.initConfig, temperature },
    optiConfig: { ...form.optiConfig, temperature },
  };
}

/** What the optimizer holds that 'Load latest optimization results' reads. */
export interface LatestOptimization {
  initialPrompt: string;
  botPrompt: string;
  selectedModel: string;
  optimizedPrompts: string[];
}

/** True when there are optimisation results to load (the button shows only then). */
export function hasLatestResults(latest: LatestOptimization): boolean {
  return latest.optimizedPrompts.length > 0;
}

/**
 * 'Load latest optimization results' (spec §4): the initial prompt from the
 * latest initial (else bot) prompt, the optimised prompt is the last
 * optimised one, the model the optimizer's selected model (both configs).
 */
export function withLatestResults(
  form: IntegrationForm,
  latest: LatestOptimization,
): IntegrationForm {
  const initial = latest.initialPrompt.trim() ? latest.initialPrompt : latest.botPrompt;
  const model = latest.selectedModel || form.initConfig.model_name;
  const next = withModel(form, model);
  return {
    ...next,
    initConfig: { ...next.initConfig, prompt: initial },
    optiConfig: {
      ...next.optiConfig,
      prompt: latest.optimizedPrompts.at(-1) ?? next.optiConfig.prompt,
    },
  };
}

/**
 * 'Load into Optimizer' (spec §4): prompt, model and temperature of the
 * initial configuration; a non-empty optimised prompt becomes the single
 * optimised prompt with optimized=true, else none and false.
 */
export function optimizerLoadFromIntegration(form: IntegrationForm) {
  const optimised = form.optiConfig.prompt;
  const has = optimised.trim().length > 0;
  return {
    settings: {
      botPrompt: form.initConfig.prompt,
      initialPrompt: form.initConfig.prompt,
      selectedModel: form.initConfig.model_name,
      temperature: form.initConfig.temperature,
    },
    prompts: has ? [optimised] : [],
    optimized: has,
  };
}

/** The optimised configuration's summary ("Model: … · Temperature: …"), shown only for a non-empty prompt. */
export function optimizedSummary(config: SingleAgentConfig): string | null {
  return config.prompt.trim()
    ? `Model: ${config.model_name} · Temperature: ${config.temperature.toFixed(2)}`
    : null;
}
