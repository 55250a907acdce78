/**
 * The configuration a command runs: a system prompt (text or file) with its
 * model and temperature, or a multi-agent configuration from a JSON file;
 * and the gateway it runs on, configured from the environment.
 */
import {
  type CliConfiguration,
  type MultiAgentConfig,
  MultiAgentConfigSchema,
} from "@promptune/contracts";
import type { SingleAgentCandidate } from "@promptune/engine";
import { createLlmGateway, type LlmConfig, type LlmGateway, parseLlmConfig } from "../llm";
import { type SubjectArgs, UsageError } from "./args-common";
import { readJsonFile, readUserFile } from "./files";

/** A configuration ready to run. */
export type Subject =
  | { kind: "single"; candidate: SingleAgentCandidate; model?: string }
  | { kind: "multi"; config: MultiAgentConfig };

/** Reads the prompt file or the agents file the arguments name. */
export async function loadSubject(args: SubjectArgs): Promise<Subject> {
  if (args.agentsFile) {
    return {
      kind: "multi",
      config: await readJsonFile(args.agentsFile, "--agents file", MultiAgentConfigSchema),
    };
  }
  const prompt = args.promptFile
    ? await readUserFile(args.promptFile, "--prompt-file")
    : (args.prompt ?? "");
  return {
    kind: "single",
    candidate: { prompt, temperature: args.temperature },
    model: args.model,
  };
}

/** A single-agent candidate as the CLI reports it. */
export function singleConfiguration(c: SingleAgentCandidate): CliConfiguration {
  return { prompt: c.prompt, temperature: c.temperature };
}

/** A multi-agent candidate as the CLI reports it (the coordinator's prompt first). */
export function multiConfiguration(c: MultiAgentConfig): CliConfiguration {
  const master = c["master-agent"];
  return {
    prompt: master.prompt,
    temperature: master.temperature,
    "master-agent": master,
    "worker-agents": c["worker-agents"],
  };
}

/**
 * The LLM gateway from the environment; a bad configuration is a usage
 * error. `concurrency` overrides LLM_CONCURRENCY for this run.
 */
export function createCliGateway(
  env: Record<string, string | undefined>,
  concurrency?: number,
): LlmGateway {
  let config: LlmConfig;
  try {
    config = parseLlmConfig(env);
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  return createLlmGateway(concurrency ? { ...config, concurrency } : config);
}
