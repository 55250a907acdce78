import { memo } from "react";
import { ScatterGraph } from "./ScatterGraph";
import { evaluationGeometry, type GraphPoint, type GraphSize } from "./scales";

/** Props of the Evaluation graph: points with x = iteration and y = evaluation. */
export interface EvaluationGraphProps {
  points: readonly GraphPoint[];
  size: GraphSize;
  sliderValue: number;
  /** Vertical axis caption (default 'Evaluation'). */
  yLabel?: string;
}

/** Evaluation Visualization: evaluation per iteration, joined in order. */
function EvaluationGraphView({
  points,
  size,
  sliderValue,
  yLabel = "Evaluation",
}: EvaluationGraphProps) {
  return (
    <ScatterGraph
      title="Evaluation by iteration"
      testId="evaluation-graph"
      geometry={evaluationGeometry(points, size)}
      points={points}
      sliderValue={sliderValue}
      xLabel="Iteration"
      yLabel={yLabel}
      connect
      describePoint={(p) => `Iteration ${p.iteration}: ${p.y.toFixed(1)}`}
    />
  );
}

/** The Evaluation graph (memoised: re-renders only when its props or subscribed state change). */
export const EvaluationGraph = memo(EvaluationGraphView);
