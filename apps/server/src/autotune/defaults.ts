/**
 * GET /auto-tune/defaults: the starting configuration the client loads
 * (spec §3 "Defaults response", §9): models from the gateway, the bundled
 * datasets, temperature, iterations, the default prompt and a ready-made
 * coordinator with two workers plus the template for added workers.
 */
import {
  type AgentConfig,
  DEFAULTS,
  type DefaultsResponse,
  DefaultsResponseSchema,
  ITERATIONS,
  TEMPERATURE,
} from "@promptune/contracts";

/** The coordinator's default prompt: plan, delegate, merge. */
export const COORDINATOR_PROMPT = [
  "You are the coordinator of a small team of specialist assistants helping a user.",
  "Work out what the user really needs, bring in the specialists whose skills fit, give each a clear and specific task, and turn their findings into one accurate, well-organised reply.",
  "Prefer a short, direct answer when the question is simple. Be honest about uncertainty, and ask one clarifying question when the request is ambiguous.",
].join(" ");

/** Default worker templates (names: letters and digits only, spec §5). */
export const DEFAULT_WORKERS = [
  {
    name: DEFAULTS.workerNames[0],
    description:
      "Subject-matter specialist: supplies accurate facts, figures, procedures and caveats for the task it receives.",
    prompt: [
      "You are a subject-matter expert.",
      "Give precise, correct information for your task: the key facts, steps, numbers and important caveats.",
      "Say plainly when something is uncertain or depends on details you do not have. Be concise and skip pleasantries.",
    ].join(" "),
    temperature: 0.3,
  },
  {
    name: DEFAULTS.workerNames[1],
    description:
      "Writer: turns information into a clear, friendly, well-structured answer for the user.",
    prompt: [
      "You are a skilled writer and explainer.",
      "Turn the task and what is known into an answer a non-specialist can follow: lead with the direct answer, then short paragraphs or bullet points.",
      "Keep a warm, professional tone and cut anything redundant.",
    ].join(" "),
    temperature: 0.7,
  },
] as const;

/** Template for workers added beyond the first two. */
export const ADDITIONAL_WORKER = {
  name: DEFAULTS.additionalWorkerName,
  description:
    "Versatile helper for the remaining parts of a request: examples, alternatives and next steps.",
  prompt: [
    "You are a versatile assistant.",
    "Handle the part of the request you are given thoroughly and practically, offering concrete examples, alternatives or next steps where they help.",
    "Keep your answer short and focused.",
  ].join(" "),
  temperature: 0.7,
} as const;

/** Builds the defaults for the models the gateway exposes and the bundled dataset names. */
export function buildDefaults(input: {
  models: string[];
  defaultModel: string;
  datasets: string[];
}): DefaultsResponse {
  const agent = (a: {
    name: string;
    prompt: string;
    description: string;
    temperature: number;
  }): AgentConfig => ({
    name: a.name,
    prompt: a.prompt,
    description: a.description,
    temperature: a.temperature,
    model_name: input.defaultModel,
  });
  return DefaultsResponseSchema.parse({
    models: { options: input.models, default: input.defaultModel },
    datasets: { options: input.datasets, default: input.datasets[0] ?? DEFAULTS.multiAgentDataset },
    temperature: { default: TEMPERATURE.default },
    iterations: { default: ITERATIONS.multiAgentDefault, max: ITERATIONS.max },
    default_prompt: DEFAULTS.prompt,
    "master-agent": agent({
      name: "Coordinator",
      prompt: COORDINATOR_PROMPT,
      description: DEFAULTS.coordinatorDescription,
      temperature: 0.3,
    }),
    "worker-agents": DEFAULT_WORKERS.map(agent),
    "additional-worker": agent(ADDITIONAL_WORKER),
  });
}
