import { Box, Group, Stack, UnstyledButton } from "@mantine/core";
import { GRAPH, LAYOUT } from "@promptune/contracts";
import { EmbeddingGraph } from "./EmbeddingGraph";
import { EvaluationGraph } from "./EvaluationGraph";
import { GraphPanel } from "./GraphPanel";
import { type GraphPoint, graphSizeFor, type MaybeGraphPoint } from "./scales";
import { useGraphSwitcher } from "./useGraphSwitcher";
import { useWindowWidth } from "./useWindowWidth";

/** Props of the two-panel graphs section (generic: any mode maps its results to points). */
export interface GraphsSectionProps {
  /** x = iteration, y = evaluation; iteration 0 is the initial configuration. */
  evaluationPoints: readonly GraphPoint[];
  /** One per iteration; points without coordinates are placed on a spiral. */
  embeddingPoints: readonly MaybeGraphPoint[];
  /** Slider value: points up to value + 1 (and iteration 0) are orange. */
  sliderValue: number;
  /** Percentages of the two circular indicators. */
  iterationProgress: number;
  embeddingProgress: number;
  /** Vertical caption of the evaluation graph. */
  evaluationLabel?: string;
  /** Selects an iteration on the page when its point is clicked (or Enter); iteration 0 is the initial one. */
  onSelectIteration?(iteration: number): void;
  /** The iteration selected on the page (its points are marked pressed). */
  selectedIteration?: number;
}

/**
 * Evaluation and Embedding Visualization side by side (one above the other
 * when the content area is too narrow for both); at 768 px or less one
 * panel at a time, switched by swiping (over 50 px) or by two indicator buttons.
 */
export function GraphsSection(props: GraphsSectionProps) {
  const width = useWindowWidth();
  const size = graphSizeFor(width);
  const mobile = width <= LAYOUT.mobileBreakpointPx;
  const switcher = useGraphSwitcher();
  const selection = {
    ...(props.onSelectIteration ? { onSelectIteration: props.onSelectIteration } : {}),
    ...(props.selectedIteration !== undefined
      ? { selectedIteration: props.selectedIteration }
      : {}),
  };

  const evaluation = (
    <GraphPanel
      title="Evaluation Visualization"
      indicatorLabel="Iteration Progress"
      percent={props.iterationProgress}
      testId="evaluation-panel"
    >
      <EvaluationGraph
        points={props.evaluationPoints}
        size={size}
        sliderValue={props.sliderValue}
        {...selection}
        {...(props.evaluationLabel ? { yLabel: props.evaluationLabel } : {})}
      />
    </GraphPanel>
  );
  const embedding = (
    <GraphPanel
      title="Embedding Visualization"
      indicatorLabel="Embedding Progress"
      percent={props.embeddingProgress}
      testId="embedding-panel"
    >
      <EmbeddingGraph
        points={props.embeddingPoints}
        size={size}
        sliderValue={props.sliderValue}
        {...selection}
      />
    </GraphPanel>
  );

  if (!mobile) {
    return (
      <Group align="stretch" gap="md" wrap="wrap" data-testid="graphs-desktop">
        {evaluation}
        {embedding}
      </Group>
    );
  }

  const leaving = switcher.sliding && switcher.view !== switcher.target;
  const direction = switcher.target === 1 ? -1 : 1;
  return (
    <Stack
      gap="sm"
      data-testid="graphs-mobile"
      data-view={switcher.view}
      data-sliding={switcher.sliding || undefined}
    >
      <Box
        {...switcher.touchHandlers}
        style={{
          touchAction: "pan-y",
          transition: `opacity ${GRAPH.switchDelayMs}ms ease, transform ${GRAPH.switchDelayMs}ms ease`,
          opacity: leaving ? 0 : 1,
          transform: leaving ? `translateX(${direction * 24}px)` : "none",
        }}
      >
        {switcher.view === 0 ? evaluation : embedding}
      </Box>
      <Group justify="center" gap="xs">
        {(["Show Evaluation Graph", "Show Embedding Graph"] as const).map((label, i) => {
          const active = switcher.target === i;
          return (
            <UnstyledButton
              key={label}
              aria-label={label}
              aria-pressed={active}
              onClick={() => switcher.show(i as 0 | 1)}
              p={6}
            >
              <Box
                w={active ? 22 : 10}
                h={10}
                style={{
                  borderRadius: 5,
                  transition: "width 200ms ease",
                  background: active ? GRAPH.reachedColor : "var(--mantine-color-gray-5)",
                }}
              />
            </UnstyledButton>
          );
        })}
      </Group>
    </Stack>
  );
}
