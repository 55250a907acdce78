/**
 * The Integration page's rules (spec §4, §5, §8) as pure functions: form ⇄
 * integration record, username and friends normalisation, validation (per
 * field), each configuration's own model and temperature, 'Load latest
 * optimization results', and what 'Load into Optimizer' puts into the
 * optimizer.
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

/** The form's fields that validation can reject. */
export type IntegrationField = "username" | "initialPrompt";

/** The rules the form breaks (spec §5), by field; empty when valid. */
export function formErrors(form: IntegrationForm): Partial<Record<IntegrationField, string>> {
  const errors: Partial<Record<IntegrationField, string>> = {};
  const username = withAt(form.username);
  if (!username || username === "@") errors.username = INTEGRATION_MESSAGES.invalidUsername;
  if (!form.initConfig.prompt.trim()) errors.initialPrompt = INTEGRATION_MESSAGES.noInitialPrompt;
  return errors;
}

/** The first rule the form breaks (spec §5), or null. */
export function validateForm(form: IntegrationForm): string | null {
  const errors = formErrors(form);
  return errors.username ?? errors.initialPrompt ?? null;
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

/** Which configuration of the integration: the before bot's or the after bot's. */
export type IntegrationConfigKey = "initConfig" | "optiConfig";

/**
 * Changes one configuration's model or temperature (issue 16 §3: each
 * configuration keeps its own values; the other is never overwritten).
 */
export function withConfig(
  form: IntegrationForm,
  key: IntegrationConfigKey,
  patch: Partial<Pick<SingleAgentConfig, "model_name" | "temperature">>,
): IntegrationForm {
  return { ...form, [key]: { ...form[key], ...patch } };
}

/** What the optimizer holds that 'Load latest optimization results' reads. */
export interface LatestOptimization {
  initialPrompt: string;
  botPrompt: string;
  selectedModel: string;
  temperature: number;
  optimizedPrompts: string[];
  /** Model and temperature of the last optimised iteration, when known. */
  optimizedModel?: string | undefined;
  optimizedTemperature?: number | undefined;
}

/** True when there are optimisation results to load (the button shows only then). */
export function hasLatestResults(latest: LatestOptimization): boolean {
  return latest.optimizedPrompts.length > 0;
}

/**
 * 'Load latest optimization results' (spec §4) from the optimizer's state:
 * the initial prompt from the latest initial (else bot) prompt with the
 * optimizer's model and temperature; the optimised prompt is the last
 * optimised one with its own model and temperature when the run reported
 * them.
 */
export function latestConfigs(
  latest: LatestOptimization,
): Pick<Integration, "init_config" | "opti_config"> {
  const initial = latest.initialPrompt.trim() ? latest.initialPrompt : latest.botPrompt;
  const model = latest.selectedModel || DEFAULTS.model;
  return {
    init_config: { model_name: model, prompt: initial, temperature: latest.temperature },
    opti_config: {
      model_name: latest.optimizedModel || model,
      prompt: latest.optimizedPrompts.at(-1) ?? "",
      temperature: latest.optimizedTemperature ?? latest.temperature,
    },
  };
}

/** The form with both configurations replaced (the connector part is kept). */
export function withConfigs(
  form: IntegrationForm,
  configs: Pick<Integration, "init_config" | "opti_config">,
): IntegrationForm {
  return {
    ...form,
    initConfig: { ...configs.init_config },
    optiConfig: { ...configs.opti_config },
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
