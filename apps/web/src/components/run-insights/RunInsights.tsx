import { Alert, Card, Stack, Tabs, Text, Title } from "@mantine/core";
import type { RunReasoning } from "@promptune/contracts";
import { useEffect, useState } from "react";
import { fetchReasoning } from "../../api/evidence";
import { useRunInsightsStore } from "../../stores/run-insights";
import { EvidenceGrid } from "./EvidenceGrid";
import { IterationReasoningCard } from "./IterationReasoningCard";
import { LineageTree } from "./LineageTree";
import { ValidationChart } from "./ValidationChart";

/** Props of the run insights section. */
export interface RunInsightsProps {
  /** The run the page shows; nothing renders without one. */
  runId: string | undefined;
  /** Changes when the page's run gains results, so the reasoning is fetched again. */
  version?: number;
  /** Selects an iteration on the page (click on the chart). */
  onSelectIteration?(iteration: number): void;
}

/**
 * 'Run insights': the evidence behind a run's numbers. Examples (the
 * per-example grid of two configurations), Reasoning (validation with its
 * intervals, then each iteration's parent, rationale and proposals) and
 * Lineage (the tree of candidates). Works for a live run once stored and for
 * a run loaded from history alike: everything is read from the server.
 */
export function RunInsights({ runId, version = 0, onSelectIteration }: RunInsightsProps) {
  const [reasoning, setReasoning] = useState<RunReasoning | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [selected, setSelected] = useState<number | null>(null);
  const setPick = useRunInsightsStore((s) => s.setPick);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` refetches on purpose
  useEffect(() => {
    if (!runId) {
      setReasoning(null);
      return;
    }
    const controller = new AbortController();
    fetchReasoning(runId, controller.signal)
      .then((r) => {
        setReasoning(r);
        setError(null);
        setPick(runId, {
          presented: r.presented,
          pick: r.pick,
          initialScore: r.iterations[0]?.validation_score ?? null,
        });
      })
      .catch((err: unknown) => {
        if (!controller.signal.aborted) {
          setError(err instanceof Error ? err.message : "Could not load the run's reasoning.");
        }
      });
    return () => controller.abort();
  }, [runId, version, setPick]);

  if (!runId) return null;
  const select = (iteration: number) => {
    setSelected(iteration);
    onSelectIteration?.(iteration);
    document
      .querySelector(`[data-testid="reasoning-iteration-${iteration}"]`)
      ?.scrollIntoView({ block: "nearest", behavior: "smooth" });
  };

  return (
    <Card data-testid="run-insights" component="section" aria-labelledby="run-insights-title">
      <Stack gap="sm">
        <div>
          <Title order={2} id="run-insights-title" fz={{ base: "xl", sm: 24 }}>
            Run insights
          </Title>
          <Text size="sm" c="dimmed">
            What each configuration answered, and why the optimiser kept or rejected each change.
          </Text>
        </div>
        {error && (
          <Alert color="red" variant="light">
            {error}
          </Alert>
        )}
        <Tabs defaultValue="examples" keepMounted={false}>
          <Tabs.List grow>
            <Tabs.Tab value="examples">Examples</Tabs.Tab>
            <Tabs.Tab value="reasoning">Reasoning</Tabs.Tab>
            <Tabs.Tab value="lineage">Lineage</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="examples" pt="sm">
            <EvidenceGrid runId={runId} />
          </Tabs.Panel>
          <Tabs.Panel value="reasoning" pt="sm">
            {reasoning ? (
              <Stack gap="sm" data-testid="reasoning-panel">
                <ValidationChart
                  iterations={reasoning.iterations}
                  selected={selected}
                  onSelect={select}
                />
                {reasoning.iterations.map((it) => (
                  <IterationReasoningCard key={it.iteration} it={it} />
                ))}
              </Stack>
            ) : (
              <Text size="sm" c="dimmed">
                Loading the run's reasoning…
              </Text>
            )}
          </Tabs.Panel>
          <Tabs.Panel value="lineage" pt="sm">
            {reasoning ? (
              <LineageTree reasoning={reasoning} />
            ) : (
              <Text size="sm" c="dimmed">
                Loading the lineage…
              </Text>
            )}
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </Card>
  );
}
