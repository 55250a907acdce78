/**
 * 'Telegram Integration' mode of the optimizer (spec §4 "Profile, history and
 * integration"): the stored integration is loaded into the optimizer (an
 * empty optimised prompt means not optimised), and after a run completes the
 * results are saved back. Failures after a run are only logged (spec §8).
 */
import { notifications } from "@mantine/notifications";
import { type Integration, NOTIFICATIONS } from "@promptune/contracts";
import { api } from "../../api/client";
import { loadContracts } from "../../api/schemas";
import { useOptimizationStore } from "../../stores/optimization";
import { useSingleRunStore } from "../../stores/single-run";

/** GET /telegram/integration (the record part). */
export async function fetchIntegration(): Promise<Integration> {
  const data = await api.get<Record<string, unknown>>("/telegram/integration");
  const { IntegrationSchema } = await loadContracts();
  return IntegrationSchema.parse({
    username: data?.username ?? "",
    friends_usernames: data?.friends_usernames ?? [],
    init_config: data?.init_config,
    opti_config: data?.opti_config,
  });
}

/** Puts an integration into the optimizer: prompt, model, temperature and the optimised prompt. */
export function applyIntegration(integration: Integration): void {
  const init = integration.init_config;
  const settings = useOptimizationStore.getState();
  settings.update({
    botPrompt: init.prompt,
    initialPrompt: init.prompt,
    ...(init.model_name ? { selectedModel: init.model_name } : {}),
    temperature: init.temperature,
  });
  const optimised = integration.opti_config.prompt.trim();
  useSingleRunStore
    .getState()
    .loadPrompts(optimised ? [integration.opti_config.prompt] : [], Boolean(optimised));
}

/** True when the user has saved an integration (a username other than a bare '@'). */
export function hasIntegration(integration: Pick<Integration, "username">): boolean {
  return integration.username.replace(/^@+/, "").trim().length > 0;
}

/**
 * Loads the stored integration into the optimizer; resolves to it, or null
 * when none is saved yet (the optimizer is then left as it is) or on failure.
 */
export async function loadIntegrationIntoOptimizer(): Promise<Integration | null> {
  try {
    const integration = await fetchIntegration();
    if (!hasIntegration(integration)) {
      notifications.show({
        color: "blue",
        title: "No Telegram integration yet",
        message:
          "Set up your bot on the Integration page; the optimised prompt is saved to it after each run.",
        autoClose: NOTIFICATIONS.configurationViewMs,
      });
      return null;
    }
    applyIntegration(integration);
    return integration;
  } catch (error) {
    console.error("Failed to load the integration into the optimizer", error);
    return null;
  }
}

/** The integration with the finished run's prompts (initial and last optimised). */
export function integrationWithResults(
  base: Pick<Integration, "username" | "friends_usernames">,
  run: {
    initialPrompt: string;
    optimisedPrompt: string;
    model: string;
    /** The optimised configuration's model when it differs (the frontier's recommended point). */
    optimisedModel?: string;
    temperature: number;
    optimisedTemperature: number;
  },
): Integration {
  return {
    username: base.username,
    friends_usernames: base.friends_usernames,
    init_config: { model_name: run.model, prompt: run.initialPrompt, temperature: run.temperature },
    opti_config: {
      model_name: run.optimisedModel ?? run.model,
      prompt: run.optimisedPrompt,
      temperature: run.optimisedTemperature,
    },
  };
}

/** Saves the run's results into the integration (POST /telegram/integration); only logs failures. */
export async function saveResultsToIntegration(
  run: Parameters<typeof integrationWithResults>[1],
): Promise<void> {
  try {
    const current = await fetchIntegration();
    if (!hasIntegration(current)) {
      console.warn("No Telegram integration is set up; the optimised prompt was not saved to it.");
      return;
    }
    await api.post("/telegram/integration", integrationWithResults(current, run));
  } catch (error) {
    console.error("Failed to save the results to the integration", error);
  }
}
