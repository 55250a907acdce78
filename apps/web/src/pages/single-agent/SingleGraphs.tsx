import { Stack, Title } from "@mantine/core";
import { useMemo } from "react";
import { type GraphPoint, GraphsSection } from "../../components/graphs";
import { intervalsByIteration } from "../../components/run-insights/intervals";
import { useSingleRunStore } from "../../stores/single-run";

/** The single-agent run's graphs: evaluation per iteration and embeddings, coloured by the slider. */
export function SingleGraphs({ progress }: { progress: number }) {
  const iterationData = useSingleRunStore((s) => s.iterationData);
  const embeddingData = useSingleRunStore((s) => s.embeddingData);
  const slider = useSingleRunStore((s) => s.graphSliderValue);
  const initial = useSingleRunStore((s) => s.initialResult);
  const results = useSingleRunStore((s) => s.iterationResults);
  const selected = useSingleRunStore((s) => s.selectedIterationIndex);
  const select = useSingleRunStore((s) => s.select);
  const count = useSingleRunStore((s) => s.optimizedPrompts.length);
  const evaluationPoints = useMemo<GraphPoint[]>(() => {
    const intervals = intervalsByIteration(
      initial ? [{ ...initial, iteration: 0 }, ...results] : results,
    );
    return iterationData
      .filter((p) => typeof p.y === "number")
      .map((p) => {
        const interval = intervals.get(p.iteration);
        return {
          iteration: p.iteration,
          x: p.iteration,
          y: p.y as number,
          ...(interval ? { interval } : {}),
        };
      });
  }, [iterationData, initial, results]);

  return (
    <Stack gap="md" data-tour="visualization" data-testid="graphs-section">
      <Title order={2} fz={{ base: "xl", sm: 26 }}>
        Evaluation
      </Title>
      <GraphsSection
        evaluationPoints={evaluationPoints}
        embeddingPoints={embeddingData}
        sliderValue={slider}
        iterationProgress={progress}
        embeddingProgress={progress}
        evaluationLabel="Evaluation (%)"
        onSelectIteration={(iteration) => select(iteration - 1)}
        {...(count > 0 ? { selectedIteration: selected + 1 } : {})}
      />
    </Stack>
  );
}
