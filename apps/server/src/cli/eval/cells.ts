/**
 * The configurations one `eval` scores ("cells"): the prompt or agents file
 * of the command line, or every prompt × model × temperature of a config
 * file. A cell knows how to build its engine adapter once the gateway exists.
 */
import type { CliConfiguration, MultiAgentConfig } from "@promptune/contracts";
import {
  type ModeAdapter,
  multiAgentAdapter,
  type Scorer,
  type SingleAgentCandidate,
  singleAgentAdapter,
} from "@promptune/engine";
import type { LlmGateway } from "../../llm";
import type { SubjectArgs } from "../args-common";
import { loadSubject, multiConfiguration, singleConfiguration } from "../subject";

/** An adapter and the candidate it runs. */
// biome-ignore lint/suspicious/noExplicitAny: a cell hides its candidate type behind the adapter that runs it.
export type CellRunner = { adapter: ModeAdapter<any>; candidate: unknown };

/** One configuration to score. */
export interface EvalCell {
  /** The answering model; null for a multi-agent configuration (each agent has its own). */
  model: string | null;
  configuration: CliConfiguration;
  temperature: number;
  runner: (gateway: LlmGateway) => CellRunner;
  /** A scorer replacing the dataset's metric (config assertions). */
  scorer?: Scorer;
  /** A threshold of this cell replacing --min-score (config thresholds). */
  minScore?: number;
}

/** A single-agent cell: `prompt` answered by `model` (default: the gateway's) at `temperature`. */
export function promptCell(
  prompt: string,
  model: string | undefined,
  temperature: number,
): EvalCell {
  const candidate: SingleAgentCandidate = { prompt, temperature };
  let resolved: string | null = model ?? null;
  const cell: EvalCell = {
    model: resolved,
    configuration: singleConfiguration(candidate),
    temperature,
    runner: (gateway) => {
      resolved = model ?? gateway.defaultModel;
      cell.model = resolved;
      return {
        adapter: singleAgentAdapter({
          model: resolved,
          reflectionModel: gateway.roles.reflection,
          tuneTemperature: false,
        }),
        candidate,
      };
    },
  };
  return cell;
}

/** A multi-agent cell: every agent keeps its own model and temperature. */
export function agentsCell(config: MultiAgentConfig): EvalCell {
  return {
    model: null,
    configuration: multiConfiguration(config),
    temperature: config["master-agent"].temperature,
    runner: (gateway) => ({
      adapter: multiAgentAdapter({ reflectionModel: gateway.roles.reflection }),
      candidate: config,
    }),
  };
}

/** The one cell the command line names (--prompt, --prompt-file or --agents). */
export async function singleCell(args: SubjectArgs): Promise<EvalCell> {
  const subject = await loadSubject(args);
  if (subject.kind === "multi") return agentsCell(subject.config);
  return promptCell(subject.candidate.prompt, subject.model, subject.candidate.temperature);
}
