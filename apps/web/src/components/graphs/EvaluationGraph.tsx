import { memo } from "react";
import { percentLabel } from "../../lib/format-score";
import { ScatterGraph } from "./ScatterGraph";
import { evaluationGeometry, type GraphPoint, type GraphSize } from "./scales";

/** Props of the Evaluation graph: points with x = iteration and y = evaluation. */
export interface EvaluationGraphProps {
  points: readonly GraphPoint[];
  size: GraphSize;
  sliderValue: number;
  /** Selects an iteration on the page (click or Enter on its point). */
  onSelectIteration?(iteration: number): void;
  /** The iteration selected on the page. */
  selectedIteration?: number;
  /** Vertical axis caption (default 'Evaluation'). */
  yLabel?: string;
}

/** Evaluation Visualization: evaluation per iteration, joined in order. */
function EvaluationGraphView({
  points,
  size,
  sliderValue,
  yLabel = "Evaluation (%)",
  ...selection
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
      {...selection}
      describePoint={(p) =>
        `Iteration ${p.iteration}: ${percentLabel(p.y)}${p.interval ? ` (95% interval ${percentLabel(p.interval.low)}–${percentLabel(p.interval.high)})` : ""}`
      }
    />
  );
}

/** The Evaluation graph (memoised: re-renders only when its props or subscribed state change). */
export const EvaluationGraph = memo(EvaluationGraphView);
