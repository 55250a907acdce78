/**
 * The quality gates of `promptune eval`: a minimum score and a largest drop
 * below a baseline. A failed gate makes the command exit 1, so a pull
 * request that worsens a prompt fails CI.
 */
import type { CliBaselineFile, EvalReport } from "@promptune/contracts";
import { UsageError } from "./args-common";
import type { CheckCase } from "./reporters/junit";
import { percent } from "./reporters/progress";

/** Tolerance for comparing means of scores (floating-point sums). */
const EPSILON = 1e-9;

/** A baseline's score and what it was measured on. */
export interface Baseline {
  score: number;
  dataset: string;
  split: "held-out" | "all";
  file: string;
  /** The examples an eval report scored (an optimize output does not list them). */
  exampleIds?: string[];
}

/**
 * The score an earlier run recorded: an eval report's score, or an optimize
 * output's held-out score of the final configuration.
 */
export function baselineOf(file: string, content: CliBaselineFile): Baseline {
  if (content.type === "eval")
    return {
      score: content.score,
      dataset: content.dataset.name,
      split: content.split,
      file,
      exampleIds: content.results.map((r) => r.id),
    };
  if (!content.result)
    throw new UsageError(
      `--baseline ${file} is a run that stopped early (${content.status}); it has no score`,
    );
  const score = content.result.held_out?.final_score ?? content.result.test_score;
  if (score === null || score === undefined)
    throw new UsageError(`--baseline ${file} has no held-out score to compare with`);
  return { score, dataset: content.dataset.name, split: "held-out", file };
}

/** The gates to apply. */
export interface Gates {
  minScore?: number;
  /** Compare --min-score with the mean or with the lower bound of its 95 % interval. */
  gateOn?: "mean" | "lower";
  baseline?: Baseline;
  maxDrop: number;
  /** When set (--pass-score given), every scored example must reach the pass mark. */
  examplesMustPass?: boolean;
}

/** Each gate as a pass/fail case with a message saying by how much it failed. */
export function checkGates(report: EvalReport, gates: Gates): CheckCase[] {
  const cases: CheckCase[] = [];
  if (gates.minScore !== undefined && gates.gateOn === "lower") {
    const low = report.interval?.low ?? null;
    cases.push({
      name: `lower bound of the 95 % interval ≥ ${percent(gates.minScore)}`,
      failure:
        low === null
          ? `no interval on ${report.results.length} example(s): --gate-on lower needs at least two`
          : low + EPSILON < gates.minScore
            ? `the score's 95 % interval ${percent(low)}–${percent(report.interval?.high ?? low)} reaches below --min-score ${percent(gates.minScore)}`
            : undefined,
    });
  } else if (gates.minScore !== undefined) {
    cases.push({
      name: `score ≥ ${percent(gates.minScore)}`,
      failure:
        report.score + EPSILON < gates.minScore
          ? `score ${percent(report.score)} is below --min-score ${percent(gates.minScore)}`
          : undefined,
    });
  }
  if (gates.examplesMustPass) {
    const below = report.results.filter((r) => !r.passed);
    cases.push({
      name: `every example ≥ ${percent(report.pass_score)}`,
      failure: below.length
        ? `${below.length} of ${report.results.length} examples scored below --pass-score ${percent(report.pass_score)}`
        : undefined,
    });
  }
  if (gates.baseline) {
    const b = gates.baseline;
    const drop = b.score - report.score;
    cases.push({
      name: `drop from baseline ≤ ${(gates.maxDrop * 100).toFixed(1)} points`,
      failure:
        drop > gates.maxDrop + EPSILON
          ? `score ${percent(report.score)} is ${(drop * 100).toFixed(1)} points below the baseline ${percent(b.score)} (${b.file}); --max-drop allows ${(gates.maxDrop * 100).toFixed(1)}`
          : undefined,
    });
  }
  return cases;
}

/**
 * A warning when the baseline was measured on another dataset or split, or
 * (both reports listing their examples) on other examples: a dataset edited
 * since, or split by an earlier Promptune, whose split was a plain hash order
 * where it now keeps a dataset's domains in proportion. Null when comparable.
 */
export function baselineMismatch(report: EvalReport, b: Baseline): string | null {
  if (b.dataset !== report.dataset.name || b.split !== report.split)
    return `warning: the baseline ${b.file} was measured on ${b.dataset} (${b.split}), this run on ${report.dataset.name} (${report.split})`;
  if (!b.exampleIds || report.results.length === 0) return null;
  const here = new Set(report.results.map((r) => r.id));
  const missing = b.exampleIds.filter((id) => !here.has(id)).length;
  const added = here.size - (b.exampleIds.length - missing);
  if (missing === 0 && added === 0) return null;
  return `warning: the baseline ${b.file} was measured on other examples: ${missing} of its ${b.exampleIds.length} are not in this run, which has ${added} it did not score (the dataset or its split changed)`;
}
