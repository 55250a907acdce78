import { Badge, Card, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import type { AgentConfig, MultiAgentIteration } from "@promptune/contracts";
import { useRef, useState } from "react";
import { useShallow } from "zustand/react/shallow";
import { Carousel, type CarouselHandle, followFromLatest } from "../../../components/carousel";
import { PickReason, useMultiVerdict } from "../../../components/run-insights";
import type { PresentedVerdict } from "../../../run/presented";
import { NOT_ACCEPTED_LABEL, percent } from "../../../run/score";
import { type MultiAgentSnapshot, useMultiRunStore } from "../../../stores/multi-run";
import { useOptimizationStore } from "../../../stores/optimization";
import { configSnapshot } from "../workers";
import { AgentDetails } from "./AgentDetails";
import { AgentDiagram, type AgentKey } from "./AgentDiagram";
import { frontierConfigOr, MultiConfigurationActions } from "./configuration-actions";

/** The agent a key points at in a configuration, with its role; null when absent. */
export function agentOf(
  config: MultiAgentSnapshot,
  key: AgentKey | null,
): { agent: AgentConfig; role: "Coordinator" | "Worker" } | null {
  if (!key) return null;
  if (key === "coordinator") return { agent: config["master-agent"], role: "Coordinator" };
  const worker = config["worker-agents"][Number(key.slice("worker-".length))];
  return worker ? { agent: worker, role: "Worker" } : null;
}

/** A diagram plus the details of the clicked agent. */
function ConfigView(props: {
  config: MultiAgentSnapshot;
  selected: AgentKey | null;
  onSelect(key: AgentKey): void;
  label: string;
  testId: string;
}) {
  const found = agentOf(props.config, props.selected);
  return (
    <Stack gap="sm">
      <AgentDiagram
        config={props.config}
        selected={props.selected}
        onSelect={props.onSelect}
        label={props.label}
        testId={`${props.testId}-diagram`}
      />
      <AgentDetails
        agent={found?.agent ?? null}
        {...(found ? { role: found.role } : {})}
        testId={`${props.testId}-details`}
      />
    </Stack>
  );
}

/** One optimised iteration's header: its number and evaluation. */
function IterationHeader({
  result,
  index,
  best,
}: {
  result: MultiAgentIteration;
  index: number;
  best: PresentedVerdict | null;
}) {
  return (
    <Group justify="space-between" wrap="wrap" gap="xs">
      <Text fw={600}>Iteration {result.iteration ?? index + 1}</Text>
      <Group gap={6}>
        <Badge variant="light" color="brand" tt="none">
          Validation: {percent(result.validation_score)}
        </Badge>
        {best && (
          <Badge
            color={best.label === "presented" ? "orange" : "green"}
            tt="none"
            data-testid="best-badge"
            title={best.reason}
          >
            {best.label}
          </Badge>
        )}
        {result.accepted === false && (
          <Badge
            variant="light"
            color="gray"
            tt="none"
            title="No proposal improved on the best configuration; it is carried forward"
          >
            {NOT_ACCEPTED_LABEL}
          </Badge>
        )}
      </Group>
    </Group>
  );
}

/**
 * 'CONFIGURATION EVALUATION' (spec §2): the initial configuration and the
 * optimised configurations (a carousel that follows new results only when
 * the user is on the latest), each a clickable mini diagram.
 */
export function ConfigurationEvaluation() {
  const settings = useOptimizationStore(
    useShallow((s) => ({
      workers: s.workers,
      coordinatorPrompt: s.coordinatorPrompt,
      coordinatorModel: s.coordinatorModel,
      coordinatorTemperature: s.coordinatorTemperature,
      coordinatorDescription: s.coordinatorDescription,
      additionalWorkerConfig: s.additionalWorkerConfig,
    })),
  );
  const initialConfig = useMultiRunStore((s) => s.initialConfig);
  const results = useMultiRunStore((s) => s.multiAgentIterationResults);
  const selectedIndex = useMultiRunStore((s) => s.multiAgentSelectedIterationIndex);
  const selectIteration = useMultiRunStore((s) => s.selectIteration);
  const baseline = useMultiRunStore((s) => s.baseline);
  const verdict = useMultiVerdict();
  const finished = useMultiRunStore((s) => s.multiAgentIsOptimized && !s.isOptimizing);
  const frontier = useMultiRunStore((s) => s.frontier);
  const frontierSelected = useMultiRunStore((s) => s.frontierSelected);
  const [initialAgent, setInitialAgent] = useState<AgentKey | null>(null);
  const [optimizedAgent, setOptimizedAgent] = useState<AgentKey | null>(null);
  const carousel = useRef<CarouselHandle>(null);

  const initial = initialConfig ?? configSnapshot(settings);

  return (
    <section aria-labelledby="ma-evaluation-title" data-tour="ma-visualization">
      <Title order={2} id="ma-evaluation-title" fz={{ base: 20, sm: 24 }} mb="md" tt="uppercase">
        Configuration Evaluation
      </Title>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Card data-testid="ma-initial-card">
          <Stack gap="sm">
            <Title order={3} fz="lg">
              Initial configuration
            </Title>
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Text fw={600}>{initialConfig ? "Iteration 0" : "Current settings"}</Text>
              {baseline?.validation_score !== undefined && (
                <Badge variant="light" color="gray" tt="none" data-testid="ma-initial-evaluation">
                  Validation: {percent(baseline.validation_score)}
                </Badge>
              )}
            </Group>
            <ConfigView
              config={initial}
              selected={initialAgent}
              onSelect={setInitialAgent}
              label="Initial configuration diagram"
              testId="ma-initial"
            />
          </Stack>
        </Card>
        <Card data-testid="ma-optimized-card">
          <Stack gap="sm">
            <Title order={3} fz="lg">
              Optimized configuration
            </Title>
            <Carousel
              handleRef={carousel}
              count={results.length}
              selectedIndex={Math.min(selectedIndex, Math.max(0, results.length - 1))}
              onSelect={selectIteration}
              autoAdvance={followFromLatest}
              label="Optimized configurations"
              testId="ma-optimized-carousel"
              empty={
                <Text size="sm" c="dimmed" ta="center" py="xl">
                  Run an optimization to see the optimized configurations here.
                </Text>
              }
              renderSlide={(i) => {
                const result = results[i];
                if (!result) return null;
                return (
                  <Stack gap="sm" px={4}>
                    <IterationHeader
                      result={result}
                      index={i}
                      best={verdict.index === i ? verdict : null}
                    />
                    <ConfigView
                      config={{
                        "master-agent": result["master-agent"],
                        "worker-agents": result["worker-agents"],
                      }}
                      selected={optimizedAgent}
                      onSelect={(key) => {
                        carousel.current?.interrupt();
                        setOptimizedAgent(key);
                      }}
                      label={`Optimized configuration diagram, iteration ${result.iteration ?? i + 1}`}
                      testId={`ma-optimized-${i}`}
                    />
                    <MultiConfigurationActions
                      config={frontierConfigOr(frontier, frontierSelected, {
                        "master-agent": result["master-agent"],
                        "worker-agents": result["worker-agents"],
                      })}
                      label={`Iteration ${result.iteration ?? i + 1}`}
                      presented={finished && verdict.index === i}
                      validationScore={result.validation_score}
                    />
                  </Stack>
                );
              }}
            />
          </Stack>
        </Card>
      </SimpleGrid>
      <PickReason verdict={verdict} finished={finished} />
    </section>
  );
}
