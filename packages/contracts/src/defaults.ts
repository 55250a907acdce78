import { z } from "zod";
import { AgentConfigSchema } from "./agents";

/** One selectable option (models and datasets). */
export const OptionSchema = z.object({ value: z.string(), label: z.string() });

/** GET /auto-tune/defaults response data (spec §3 "Defaults response"). */
export const DefaultsResponseSchema = z.object({
  models: z.object({ options: z.array(z.string()), default: z.string() }),
  datasets: z.object({ options: z.array(z.string()), default: z.string() }),
  temperature: z.object({ default: z.number() }),
  iterations: z.object({ default: z.number().int(), max: z.number().int() }),
  default_prompt: z.string(),
  "master-agent": AgentConfigSchema,
  "worker-agents": z.array(AgentConfigSchema),
  "additional-worker": AgentConfigSchema,
});
export type DefaultsResponse = z.infer<typeof DefaultsResponseSchema>;
