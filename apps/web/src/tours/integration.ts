/** The Integration page's onboarding tour (spec §2: 10 steps). */
import { startTour, type TourOptions, type TourStep } from "./engine";

/**
 * Steps in spec order: welcome, connector, username, friends, bot links,
 * configuration, model, temperature, save, load into optimizer. Targets are
 * `data-tour` anchors on the Integration page.
 */
export const INTEGRATION_TOUR: readonly TourStep[] = [
  {
    target: "int-welcome",
    title: "Welcome to the Telegram integration",
    description:
      "Give your prompts a home on Telegram: a before bot answers with your initial prompt, an after bot with the optimized one.",
    side: "bottom",
  },
  {
    target: "int-connector",
    title: "Connector",
    description: "Decide who may talk to your bots. Everyone else gets a polite refusal.",
    side: "right",
  },
  {
    target: "int-username",
    title: "Your Telegram username",
    description: "Required. The bots recognise you by it — an @ is added if you leave it out.",
    side: "bottom",
  },
  {
    target: "int-friends",
    title: "Friends",
    description: "Usernames of friends who may chat with both bots, separated by commas.",
    side: "bottom",
  },
  {
    target: "int-bot-links",
    title: "Your bots",
    description:
      "Open the before and after bots in Telegram and compare their answers side by side.",
    side: "top",
  },
  {
    target: "int-configuration",
    title: "Configuration",
    description:
      "Each bot has its own model and temperature: the before bot uses the initial configuration, the after bot the optimized one.",
    side: "left",
  },
  {
    target: "int-model",
    title: "Model",
    description:
      "The language model of a configuration. Set the initial and the optimized one separately.",
    side: "bottom",
  },
  {
    target: "int-temperature",
    title: "Temperature",
    description:
      "Lower is more focused, higher is more creative. Each configuration keeps its own value.",
    side: "bottom",
  },
  {
    target: "int-save",
    title: "Save",
    description: "Save the integration; the bots use the new prompts from the very next message.",
    side: "top",
  },
  {
    target: "int-load-optimizer",
    title: "Load into Optimizer",
    description:
      "Saves, then opens the optimizer in Telegram Integration mode: optimize the initial prompt and the result is saved back for the after bot.",
    side: "top",
  },
];

/** Starts the Integration page's tour. */
export function startIntegrationTour(options?: TourOptions) {
  return startTour(INTEGRATION_TOUR, options);
}
