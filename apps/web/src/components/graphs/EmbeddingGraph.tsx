import { memo } from "react";
import { ScatterGraph } from "./ScatterGraph";
import {
  embeddingGeometry,
  type GraphSize,
  type MaybeGraphPoint,
  placeEmbeddingPoints,
} from "./scales";

/** Props of the Embedding graph: one point per iteration; missing coordinates are placed on a spiral. */
export interface EmbeddingGraphProps {
  points: readonly MaybeGraphPoint[];
  size: GraphSize;
  sliderValue: number;
  /** Selects an iteration on the page (click or Enter on its point). */
  onSelectIteration?(iteration: number): void;
  /** The iteration selected on the page. */
  selectedIteration?: number;
}

/** Embedding Visualization: each configuration's text embedding projected to 2-D. */
function EmbeddingGraphView({ points, size, sliderValue, ...selection }: EmbeddingGraphProps) {
  const placed = placeEmbeddingPoints(points);
  return (
    <ScatterGraph
      title="Embedding of each iteration's configuration"
      testId="embedding-graph"
      geometry={embeddingGeometry(placed, size)}
      points={placed}
      sliderValue={sliderValue}
      xLabel="Embedding"
      yLabel="Embedding"
      {...selection}
      describePoint={(p) => `Iteration ${p.iteration}: (${p.x.toFixed(2)}, ${p.y.toFixed(2)})`}
    />
  );
}

/** The Embedding graph (memoised: re-renders only when its props or subscribed state change). */
export const EmbeddingGraph = memo(EmbeddingGraphView);
