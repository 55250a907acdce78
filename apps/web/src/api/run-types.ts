/**
 * What the optimizer pages keep of a run's stream: iteration results (server
 * fields optional where the spec's client tolerates less) and final results.
 */
import type {
  FinalResult,
  FrontierPoint,
  HeldOutComparison,
  MultiAgentIteration,
  Point,
  RunPick,
  ScoreInterval,
  Usage,
} from "@promptune/contracts";

/** One single-agent iteration result as the page keeps it. */
export interface SingleIterationResult {
  iteration: number;
  prompt: string;
  model_name?: string;
  temperature?: number;
  evaluation_point?: Point;
  embedding_point?: Point;
  validation_score?: number;
  accepted?: boolean;
  usage?: Usage;
  /** 95 % interval of the validation score (shares), for error bars. */
  validation_interval?: ScoreInterval | null;
}

/** The single-agent final result: the last result plus the prompts list and totalIterations (spec §3). */
export interface SingleFinalResult extends Partial<SingleIterationResult> {
  prompts: string[];
  totalIterations: number;
  run_id?: string;
  best_iteration?: number;
  initial_score?: number;
  best_validation_score?: number;
  test_score?: number | null;
  initial_test_score?: number | null;
  held_out?: HeldOutComparison | null;
  usage?: Usage;
  /** How the presented configuration was picked. */
  pick?: RunPick;
  /** The cost–quality frontier, when the run tried candidate models. */
  frontier?: FrontierPoint[];
  /** The model of the presented (recommended) configuration, with a frontier. */
  model_name?: string;
}

/** The multi-agent final result: the last result plus the prompts list and the count. */
export type MultiAgentFinalResult = MultiAgentIteration & {
  prompts: string[];
  totalIterations: number;
  /** The server's final result when the run ended with `complete`. */
  server?: FinalResult;
};
