import {
  Alert,
  Box,
  Button,
  Card,
  Group,
  MultiSelect,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import { MAX_CANDIDATE_MODELS } from "@promptune/contracts";
import { useShallow } from "zustand/react/shallow";
import { CostCapInput } from "../../../components/CostCapInput";
import { DeferredTooltip } from "../../../components/deferred-inputs";
import { endedCaption, IterationSteps, ProgressSummary } from "../../../components/progress";
import { StopButton } from "../../../run/StopButton";
import { useCandidateModelsStore } from "../../../stores/candidate-models";
import { useMultiRunStore } from "../../../stores/multi-run";
import { useOptimizationStore, type Worker } from "../../../stores/optimization";
import { DatasetSelect } from "../../single-agent/DatasetSelect";
import { MultiRunEstimate } from "../MultiRunEstimate";
import { useRunProgress } from "../useRunProgress";
import {
  addWorker,
  datasetOptions,
  effectiveDataset,
  modelOptions,
  removeWorker,
} from "../workers";
import { AgentEditor, type AgentFields } from "./AgentEditor";
import { IterationsField } from "./IterationsField";
import { ResetButton } from "./ResetButton";
import { WorkerCountControl } from "./WorkerCountControl";

/** Hint shown while a run locks the controls (spec §4). */
export const RUNNING_HINT = "Wait for optimization to finish before changing parameters";

interface ConfigureCardProps {
  onOptimize(): void;
  /** Stops the running optimisation on the server (shown while running). */
  onStop?(): void;
  stopping?: boolean;
}

/** The circular and linear progress of the running or last run (re-renders alone on each tick). */
function RunProgressSummary({
  running,
  optimized,
  done,
  total,
}: {
  running: boolean;
  optimized: boolean;
  done: number;
  total: number;
}) {
  const progress = useRunProgress(true);
  return (
    <ProgressSummary
      value={progress}
      running={running}
      caption={
        running
          ? `Optimizing… ${done} of ${total} iterations received`
          : optimized
            ? "Optimization finished"
            : endedCaption(done, total)
      }
    />
  );
}

/**
 * 'CONFIGURE YOUR AI ASSISTANT' (spec §2): reset, dataset, iterations,
 * worker count, the coordinator and worker cards, and the Optimize button
 * with its progress. Every control is locked while a run is in progress.
 */
export function ConfigureCard({ onOptimize, onStop, stopping = false }: ConfigureCardProps) {
  const s = useOptimizationStore(
    useShallow((st) => ({
      workers: st.workers,
      coordinatorPrompt: st.coordinatorPrompt,
      coordinatorModel: st.coordinatorModel,
      coordinatorTemperature: st.coordinatorTemperature,
      coordinatorDescription: st.coordinatorDescription,
      additionalWorkerConfig: st.additionalWorkerConfig,
      availableModels: st.availableModels,
      availableDatasets: st.availableDatasets,
      selectedDataset: st.selectedDataset,
      multiAgentIterations: st.multiAgentIterations,
      update: st.update,
    })),
  );
  const run = useMultiRunStore(
    useShallow((r) => ({
      running: r.isOptimizing,
      optimized: r.multiAgentIsOptimized,
      done: r.multiAgentIterationResults.length,
      total: r.requestedIterations,
    })),
  );
  const locked = run.running;
  const dataset = effectiveDataset(s.selectedDataset, s.availableDatasets);

  const updateWorker = (index: number, patch: Partial<AgentFields>) => {
    const workers = useOptimizationStore.getState().workers;
    s.update({ workers: workers.map((w, i): Worker => (i === index ? { ...w, ...patch } : w)) });
  };

  return (
    <Card p={{ base: "md", sm: "xl" }} data-tour="ma-configuration" data-testid="ma-configure-card">
      <Stack gap="lg">
        <Group justify="space-between" align="center" gap="sm">
          <Title order={2} fz={{ base: 20, sm: 24 }} tt="uppercase">
            Configure your AI assistant
          </Title>
          <ResetButton disabled={locked} />
        </Group>
        {locked && (
          <Alert variant="light" color="blue" data-testid="ma-running-hint">
            {RUNNING_HINT}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
          <Stack gap="xs">
            <DatasetSelect
              page="multi"
              value={dataset}
              fallbackNames={datasetOptions(s.availableDatasets, dataset)}
              disabled={locked}
              onChange={(selectedDataset) => s.update({ selectedDataset })}
              testId="ma-dataset"
              tourId="ma-dataset"
            />
          </Stack>
          <IterationsField
            value={s.multiAgentIterations}
            disabled={locked}
            onChange={(multiAgentIterations) => s.update({ multiAgentIterations })}
          />
          <WorkerCountControl
            count={s.workers.length}
            disabled={locked}
            onAdd={() => s.update({ workers: addWorker(useOptimizationStore.getState()) })}
            onRemove={() =>
              s.update({ workers: removeWorker(useOptimizationStore.getState().workers) })
            }
          />
        </SimpleGrid>
        <AlsoTryOn models={s.availableModels} disabled={locked} />
        <AgentEditor
          kind="coordinator"
          heading="Coordinator"
          testId="ma-coordinator"
          tourId="ma-coordinator"
          disabled={locked}
          models={modelOptions(s.availableModels, s.coordinatorModel, false)}
          value={{
            prompt: s.coordinatorPrompt,
            model: s.coordinatorModel,
            temperature: s.coordinatorTemperature,
            description: s.coordinatorDescription,
          }}
          onChange={(p) =>
            s.update({
              ...(p.prompt !== undefined ? { coordinatorPrompt: p.prompt } : {}),
              ...(p.model !== undefined ? { coordinatorModel: p.model } : {}),
              ...(p.temperature !== undefined ? { coordinatorTemperature: p.temperature } : {}),
              ...(p.description !== undefined ? { coordinatorDescription: p.description } : {}),
            })
          }
        />
        <Box data-tour="ma-workers">
          <Title order={3} fz="lg" mb="sm">
            Workers
          </Title>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            {s.workers.map((w, i) => (
              <AgentEditor
                key={w.id}
                kind="worker"
                heading={`Worker ${i + 1}`}
                testId={`ma-worker-${i}`}
                disabled={locked}
                models={modelOptions(s.availableModels, w.model, true)}
                value={w}
                onChange={(patch) => updateWorker(i, patch)}
              />
            ))}
          </SimpleGrid>
        </Box>
        <Stack gap="md">
          <Group gap="lg" align="center" wrap="wrap">
            <DeferredTooltip label={RUNNING_HINT} disabled={!locked}>
              <Box data-tour="ma-optimize">
                <Button
                  size="md"
                  onClick={onOptimize}
                  disabled={locked}
                  data-testid="ma-optimize"
                  miw={180}
                >
                  {locked ? "Optimizing..." : "Optimize"}
                </Button>
              </Box>
            </DeferredTooltip>
            <MultiRunEstimate />
            <CostCapInput mode="multi" disabled={locked} />
            {run.running && onStop && (
              <Box miw={120}>
                <StopButton onStop={onStop} stopping={stopping} />
              </Box>
            )}
            {(run.running || run.optimized || run.done > 0) && run.total > 0 && (
              <IterationSteps total={run.total} done={run.done} running={run.running} />
            )}
          </Group>
          {(run.running || run.optimized || run.done > 0) && (
            <RunProgressSummary
              running={run.running}
              optimized={run.optimized}
              done={run.done}
              total={run.total}
            />
          )}
          {!run.running && !run.optimized && run.done === 0 && (
            <Text size="sm" c="dimmed">
              The coordinator and every worker are tuned together on the selected dataset.
            </Text>
          )}
        </Stack>
      </Stack>
    </Card>
  );
}

/** "Also try on" per role: models the coordinator and (all) workers are also scored on after the search. */
function AlsoTryOn({ models, disabled }: { models: string[]; disabled: boolean }) {
  const c = useCandidateModelsStore();
  const common = { data: models, maxValues: MAX_CANDIDATE_MODELS, clearable: true, disabled };
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
      <MultiSelect
        {...common}
        label="Coordinator: also try on"
        value={c.coordinator}
        data-testid="ma-also-try-on-coordinator"
        onChange={(v) => c.setRole("coordinator", v)}
      />
      <MultiSelect
        {...common}
        label="Workers: also try on"
        value={c.workers}
        data-testid="ma-also-try-on-workers"
        onChange={(v) => c.setRole("workers", v)}
      />
    </SimpleGrid>
  );
}
