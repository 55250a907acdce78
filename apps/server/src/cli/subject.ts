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
import {
  createLlmGateway,
  type LlmConfig,
  type LlmGateway,
  parseLlmConfig,
  type ResponseCache,
} from "../llm";
import { type SubjectArgs, UsageError } from "./args-common";
import { DiskCache } from "./disk-cache";
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

/** A cache that keeps nothing: with --no-cache (or --repeat) every call reaches the provider. */
const NO_CACHE: ResponseCache = {
  get: async () => undefined,
  set: async () => {},
};

/** How the CLI's gateway runs: its in-flight ceiling and its response cache. */
export interface GatewayOptions {
  /** Most model calls in flight at once, fixed (the adaptive limit may not grow past it). */
  concurrency?: number;
  /** Folder of the persistent response cache; undefined: no cache at all. */
  cacheDir?: string;
}

/**
 * The LLM gateway from the environment; a bad configuration is a usage
 * error. `--concurrency N` fixes both the starting and the largest
 * per-provider limit at N, so no more than N calls are ever in flight.
 */
export function createCliGateway(
  env: Record<string, string | undefined>,
  options: GatewayOptions = {},
): LlmGateway {
  let config: LlmConfig;
  try {
    config = parseLlmConfig(env);
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  const { concurrency, cacheDir } = options;
  const limited = concurrency ? { ...config, concurrency, maxConcurrency: concurrency } : config;
  const cache: ResponseCache = cacheDir
    ? new DiskCache(cacheDir, config.openai?.baseURL ?? "local")
    : NO_CACHE;
  return createLlmGateway(limited, { cache });
}
