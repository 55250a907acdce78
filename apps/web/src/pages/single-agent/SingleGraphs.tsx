import { Stack, Title } from "@mantine/core";
import { useMemo } from "react";
import { type GraphPoint, GraphsSection } from "../../components/graphs";
import { useSingleRunStore } from "../../stores/single-run";

/** The single-agent run's graphs: evaluation per iteration and embeddings, coloured by the slider. */
export function SingleGraphs({ progress }: { progress: number }) {
  const iterationData = useSingleRunStore((s) => s.iterationData);
  const embeddingData = useSingleRunStore((s) => s.embeddingData);
  const slider = useSingleRunStore((s) => s.graphSliderValue);
  const evaluationPoints = useMemo<GraphPoint[]>(
    () =>
      iterationData
        .filter((p) => typeof p.y === "number")
        .map((p) => ({ iteration: p.iteration, x: p.iteration, y: p.y as number })),
    [iterationData],
  );

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
      />
    </Stack>
  );
}
