/** The multi-agent page's onboarding tour (spec §2: 11 steps). */
import { startTour, type TourOptions, type TourStep } from "../../../tours/engine";

/**
 * Steps in spec order: welcome, configuration, dataset, iterations, worker
 * count, coordinator, workers, optimize button, visualization, evaluation
 * metrics, chat comparison. Targets are `data-tour` anchors on the page.
 */
export const MULTI_AGENT_TOUR: readonly TourStep[] = [
  {
    target: "ma-welcome",
    title: "Welcome to the Multi-Agent Tuner",
    description:
      "Build a small team — a coordinator and its workers — and let the optimizer improve the whole team against an evaluation dataset.",
    side: "bottom",
  },
  {
    target: "ma-configuration",
    title: "Configuration",
    description:
      "Everything the optimisation starts from lives in this card. 'Reset to Defaults' brings back the recommended team.",
    side: "top",
  },
  {
    target: "ma-dataset",
    title: "Evaluation dataset",
    description:
      "The dialogs your team is scored on. Each reply is judged against a reference answer and a rubric.",
    side: "bottom",
  },
  {
    target: "ma-iterations",
    title: "Iterations",
    description:
      "How many improvement rounds to run, from 1 to 10. Each round yields one optimised configuration.",
    side: "bottom",
  },
  {
    target: "ma-worker-count",
    title: "Number of workers",
    description:
      "Add or remove workers with − and + (1 to 10). New workers start from sensible defaults you can edit.",
    side: "bottom",
  },
  {
    target: "ma-coordinator",
    title: "Coordinator",
    description:
      "The coordinator reads the conversation, delegates tasks to the workers that fit, and composes the final reply.",
    side: "top",
  },
  {
    target: "ma-workers",
    title: "Workers",
    description:
      "Each worker has a name (letters and digits), its own prompt, model, temperature and a description the coordinator uses to pick it.",
    side: "top",
  },
  {
    target: "ma-optimize",
    title: "Optimize",
    description:
      "Start the run. Progress streams in live; the controls stay locked until the optimisation finishes.",
    side: "top",
  },
  {
    target: "ma-visualization",
    title: "Configuration evaluation",
    description:
      "Compare the initial team with each optimised one. Click an agent in a diagram to read its prompt, description, model and temperature.",
    side: "top",
  },
  {
    target: "ma-metrics",
    title: "Evaluation metrics",
    description:
      "The Evaluation graph scores every iteration (the initial team is iteration 0); the Embedding graph shows how the configurations moved.",
    side: "top",
  },
  {
    target: "ma-chat",
    title: "Chat comparison",
    description:
      "Talk to the team before and after optimisation. Open 'Show Reasoning Process' on a reply to see what the coordinator and each worker said.",
    side: "top",
  },
];

/** Starts the multi-agent tour. */
export function startMultiAgentTourNow(options?: TourOptions) {
  return startTour(MULTI_AGENT_TOUR, options);
}
