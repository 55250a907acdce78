/** Evaluation and Embedding graphs shared by the single- and multi-agent pages. */
export { EmbeddingGraph, type EmbeddingGraphProps } from "./EmbeddingGraph";
export { EvaluationGraph, type EvaluationGraphProps } from "./EvaluationGraph";
export { GraphPanel, type GraphPanelProps, PercentIndicator } from "./GraphPanel";
export { GraphsSection, type GraphsSectionProps } from "./GraphsSection";
export * from "./scales";
export { type GraphSwitcher, type GraphView, useGraphSwitcher } from "./useGraphSwitcher";
export { useWindowWidth } from "./useWindowWidth";
