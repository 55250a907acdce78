/** The single-agent optimizer's onboarding tour (spec §2: 8 steps). */
import { requestReveal, startTour, type TourOptions, type TourStep } from "./engine";

/** Steps in spec order: hero title, optimization type, configuration panel, visualization, iteration slider, evaluation metrics, chat comparison, sidebar. */
export const SINGLE_AGENT_TOUR: readonly TourStep[] = [
  {
    target: "hero-title",
    title: "Welcome to the AI Tuner",
    description:
      "Tune an assistant's prompt, model and temperature against an evaluation dataset and watch each iteration improve it.",
    side: "bottom",
  },
  {
    target: "optimization-type",
    reveal: () => requestReveal("optimization-type"),
    title: "Optimization type",
    description:
      "Standard Optimization tunes a prompt here. Telegram Integration loads your bot's prompts and saves the optimised one back.",
    side: "bottom",
  },
  {
    target: "configuration-panel",
    reveal: () => requestReveal("configuration-panel"),
    title: "Configuration",
    description:
      "Choose the evaluation dataset (or upload your own), the model, the temperature and how many iterations to run.",
  },
  {
    target: "visualization",
    title: "Visualization",
    description:
      "The Evaluation graph shows the score of each iteration; the Embedding graph shows how far each prompt moved from the others.",
    side: "top",
  },
  {
    target: "iteration-slider",
    title: "Pick an iteration",
    description:
      "Slide to choose which optimised configuration to inspect and chat with. Reached points turn orange on the graphs.",
    side: "top",
  },
  {
    target: "evaluation-metrics",
    title: "Evaluation metrics",
    description:
      "Compare the initial and optimised configurations: validation score, held-out test score, LLM calls, tokens and cost.",
    side: "top",
  },
  {
    target: "chat-comparison",
    title: "Before and after",
    description:
      "Talk to the assistant before and after optimisation side by side to feel the difference.",
    side: "top",
  },
  {
    target: "sidebar",
    title: "More optimizers",
    description:
      "Switch to the Multi-Agent optimizer or set up your Telegram integration from the sidebar.",
    side: "right",
    fallback: {
      target: "nav-burger",
      description:
        "Open this menu to switch to the Multi-Agent optimizer or set up your Telegram integration.",
    },
  },
];

/** Starts the single-agent tour. */
export function startSingleAgentTour(options?: TourOptions) {
  return startTour(SINGLE_AGENT_TOUR, options);
}
