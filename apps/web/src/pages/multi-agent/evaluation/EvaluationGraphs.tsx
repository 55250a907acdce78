import { Title } from "@mantine/core";
import type { MultiAgentIteration } from "@promptune/contracts";
import { type GraphPoint, GraphsSection, type MaybeGraphPoint } from "../../../components/graphs";
import { intervalsByIteration } from "../../../components/run-insights/intervals";
import { type BaselinePoints, useMultiRunStore } from "../../../stores/multi-run";
import { useRunProgress } from "../useRunProgress";

/** The iteration a multi-agent result belongs to (spec §3: defaults to 1). */
function iterationOf(result: MultiAgentIteration, index: number): number {
  return Number.isInteger(result.iteration) && result.iteration > 0 ? result.iteration : index + 1;
}

/** Evaluation points: the baseline as iteration 0, then one per result (labels from 1). */
export function evaluationPoints(
  results: readonly MultiAgentIteration[],
  baseline: BaselinePoints | null,
): GraphPoint[] {
  const points: GraphPoint[] = baseline
    ? [{ iteration: 0, x: 0, y: Number(baseline.evaluation_point.y) }]
    : [];
  const intervals = intervalsByIteration([
    ...(baseline ? [{ iteration: 0, validation_interval: baseline.validation_interval }] : []),
    ...results.map((r, i) => ({ ...r, iteration: iterationOf(r, i) })),
  ]);
  const initialInterval = intervals.get(0);
  if (initialInterval && points[0]) points[0].interval = initialInterval;
  results.forEach((r, i) => {
    const iteration = iterationOf(r, i);
    const interval = intervals.get(iteration);
    points.push({
      iteration,
      x: iteration,
      y: Number(r.evaluation_point?.y ?? 0),
      ...(interval ? { interval } : {}),
    });
  });
  return points;
}

/** Embedding points: the baseline as iteration 0, then one per result. */
export function embeddingPoints(
  results: readonly MultiAgentIteration[],
  baseline: BaselinePoints | null,
): MaybeGraphPoint[] {
  const points: MaybeGraphPoint[] = baseline
    ? [{ iteration: 0, x: baseline.embedding_point.x, y: baseline.embedding_point.y }]
    : [];
  results.forEach((r, i) => {
    points.push({
      iteration: iterationOf(r, i),
      x: r.embedding_point?.x ?? null,
      y: r.embedding_point?.y ?? null,
    });
  });
  return points;
}

/**
 * 'EVALUATION' (spec §2): the Evaluation and Embedding graphs of the run.
 * Progress shows only while optimising or once the run is marked optimized.
 */
export function EvaluationGraphs() {
  const results = useMultiRunStore((s) => s.multiAgentIterationResults);
  const baseline = useMultiRunStore((s) => s.baseline);
  const selected = useMultiRunStore((s) => s.multiAgentSelectedIterationIndex);
  const select = useMultiRunStore((s) => s.selectIteration);
  const shown = useMultiRunStore((s) => s.isOptimizing || s.multiAgentIsOptimized);
  const percent = useRunProgress(shown);
  return (
    <section aria-labelledby="ma-graphs-title" data-tour="ma-metrics" data-testid="ma-graphs">
      <Title order={2} id="ma-graphs-title" fz={{ base: 20, sm: 24 }} mb="md" tt="uppercase">
        Evaluation
      </Title>
      <GraphsSection
        evaluationPoints={evaluationPoints(results, baseline)}
        embeddingPoints={embeddingPoints(results, baseline)}
        sliderValue={selected}
        iterationProgress={percent}
        embeddingProgress={percent}
        onSelectIteration={(iteration) => {
          const index = results.findIndex((r, i) => iterationOf(r, i) === iteration);
          if (index >= 0) select(index);
        }}
        {...(results[selected]
          ? { selectedIteration: iterationOf(results[selected], selected) }
          : {})}
      />
    </section>
  );
}
