import { Card, Stack, Text, Title } from "@mantine/core";
import { type FrontierPoint, frontierSummary } from "@promptune/contracts";
import { FrontierChart } from "./FrontierChart";
import { type FrontierAction, FrontierTable } from "./FrontierTable";
import { chosenFrontierIndex } from "./selection";

/** How a page's run keeps its frontier and the chosen point (single- or multi-agent). */
export interface FrontierMode {
  /** The finished or loaded run's frontier (null without one). */
  useFrontier(): readonly FrontierPoint[] | null;
  /** The chosen point's index; null = the recommended one. */
  useSelected(): number | null;
  /** Chooses point `index` for the after-chat, 'Use this configuration' and the integration. */
  select(index: number): void;
}

/**
 * "Cost vs quality" card of a finished run: the summary sentence, the chart
 * and the table; choosing a point in either makes it the configuration the
 * page uses. Nothing is drawn without a frontier.
 */
export function FrontierSection({
  mode,
  action,
}: {
  mode: FrontierMode;
  /** More per-row controls of the table (e.g. 'Deploy to after-bot'). */
  action?: FrontierAction | undefined;
}) {
  const frontier = mode.useFrontier();
  const selected = mode.useSelected();
  if (!frontier || frontier.length === 0) return null;
  return (
    <FrontierPanel frontier={frontier} selected={selected} onSelect={mode.select} action={action} />
  );
}

/** The card's content for a frontier and a selection (see FrontierSection). */
export function FrontierPanel({
  frontier,
  selected,
  onSelect,
  action,
}: {
  frontier: readonly FrontierPoint[];
  selected: number | null;
  onSelect(index: number): void;
  action?: FrontierAction | undefined;
}) {
  const summary = frontierSummary(frontier);
  const chosen = chosenFrontierIndex(frontier, selected);
  const point = frontier[chosen];
  return (
    <Card data-testid="frontier-card">
      <Stack gap="sm">
        <Title order={2} fz="lg">
          Cost vs quality
        </Title>
        {summary && (
          <Text size="sm" data-testid="frontier-summary">
            {summary}
          </Text>
        )}
        <FrontierChart frontier={frontier} chosen={chosen} onSelect={onSelect} />
        {point && (
          <Text size="sm" data-testid="frontier-in-use-text" aria-live="polite">
            In use: {point.model_name} at temperature {point.temperature.toFixed(2)}
            {point.recommended ? " (recommended)" : ""}. The after-chat and 'Use this configuration'
            follow it.
          </Text>
        )}
        <FrontierTable frontier={frontier} chosen={chosen} onSelect={onSelect} action={action} />
      </Stack>
    </Card>
  );
}
