/**
 * What the optimizer's 'Use this configuration' and 'Use as starting
 * prompt' do (issue 26 §3 items 13–14).
 */
import { notifications } from "@mantine/notifications";
import type { SingleAgentConfig } from "@promptune/contracts";
import { CONFIGURE_SECTION_ID, scrollToId } from "../../lib/scroll";
import { useOptimizationStore } from "../../stores/optimization";
import { useIntegrationDraftStore } from "../integration/draft";

/** Toast after 'Use as starting prompt'. */
export const STARTING_PROMPT_TEXT =
  "This prompt is now your starting prompt. Press Optimize to improve it further.";

/**
 * 'Use as starting prompt': the configuration's prompt, model and
 * temperature go into the controls (the results stay on screen), and the
 * page scrolls to the Optimize button.
 */
export function startFromConfiguration(config: SingleAgentConfig): void {
  useOptimizationStore.getState().update({
    botPrompt: config.prompt,
    selectedModel: config.model_name,
    temperature: config.temperature,
  });
  scrollToId(CONFIGURE_SECTION_ID);
  notifications.show({ color: "green", message: STARTING_PROMPT_TEXT, autoClose: 4000 });
}

/**
 * 'Use this configuration': the Telegram integration page opens with the
 * run's initial prompt for the before bot and the chosen configuration for
 * the after bot, to be saved there (nothing live changes until then).
 */
export function openInIntegration(
  initial: SingleAgentConfig,
  chosen: SingleAgentConfig,
  navigate: (to: string) => void,
): void {
  useIntegrationDraftStore.getState().setDraft({
    username: "",
    friends_usernames: [],
    init_config: initial,
    opti_config: chosen,
  });
  navigate("/integration");
}
