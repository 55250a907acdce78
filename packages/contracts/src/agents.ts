import { z } from "zod";
import {
  MAX_DESCRIPTION_CHARS,
  MAX_MODEL_NAME_CHARS,
  MAX_PROMPT_CHARS,
  TEMPERATURE,
} from "./constants";

export const TemperatureSchema = z
  .number({ error: "temperature must be a number" })
  .min(TEMPERATURE.min, { error: "temperature must be between 0 and 1" })
  .max(TEMPERATURE.max, { error: "temperature must be between 0 and 1" });

export const ModelNameSchema = z
  .string({ error: "model_name must be text" })
  .trim()
  .min(1, { error: "model_name is required" })
  .max(MAX_MODEL_NAME_CHARS, { error: "model_name is too long" });

export const PromptSchema = z
  .string({ error: "prompt must be text" })
  .max(MAX_PROMPT_CHARS, { error: `prompt must be at most ${MAX_PROMPT_CHARS} characters` });

/** Agent names: letters and digits only (spec §5 worker name rule). */
export const AgentNameSchema = z
  .string({ error: "name must be text" })
  .min(1, { error: "name is required" })
  .max(64, { error: "name must be at most 64 characters" });

/** One agent of a multi-agent configuration (coordinator or worker), payload form. */
export const AgentConfigSchema = z.object({
  name: AgentNameSchema,
  prompt: PromptSchema,
  model_name: ModelNameSchema,
  temperature: TemperatureSchema,
  description: z
    .string()
    .max(MAX_DESCRIPTION_CHARS, { error: "description is too long" })
    .optional()
    .default(""),
});
export type AgentConfig = z.infer<typeof AgentConfigSchema>;
export type AgentConfigInput = z.input<typeof AgentConfigSchema>;

/** A whole multi-agent configuration: one coordinator and 1–10 workers. */
export const MultiAgentConfigSchema = z.object({
  "master-agent": AgentConfigSchema,
  "worker-agents": z
    .array(AgentConfigSchema)
    .min(1, { error: "at least one worker is required" })
    .max(10, { error: "at most 10 workers are allowed" }),
});
export type MultiAgentConfig = z.infer<typeof MultiAgentConfigSchema>;

/** A single-agent configuration as stored in integrations and history. */
export const SingleAgentConfigSchema = z.object({
  model_name: ModelNameSchema,
  prompt: PromptSchema,
  temperature: TemperatureSchema,
});
export type SingleAgentConfig = z.infer<typeof SingleAgentConfigSchema>;
