import { Card, MultiSelect, Stack, Text, Title } from "@mantine/core";
import { DEFAULTS, MAX_CANDIDATE_MODELS } from "@promptune/contracts";
import { DeferredSelect } from "../../components/deferred-inputs";
import { TemperatureSlider } from "../../components/TemperatureSlider";
import { useCandidateModelsStore } from "../../stores/candidate-models";
import { useOptimizationStore } from "../../stores/optimization";
import { DatasetSelect } from "./DatasetSelect";
import { IterationsInput } from "./IterationsInput";

/** Hint shown on controls while a run is in progress (spec §4). */
export const WAIT_HINT = "Wait for optimization to finish before changing parameters";

/** The configuration card: dataset, model, temperature (0–1, step 0.01, two decimals) and iterations. */
export function ConfigurationCard({ running }: { running: boolean }) {
  const s = useOptimizationStore();
  const models = s.availableModels.length > 0 ? s.availableModels : [...DEFAULTS.fallbackModels];
  const modelOptions =
    s.selectedModel && !models.includes(s.selectedModel) ? [...models, s.selectedModel] : models;
  const candidates = useCandidateModelsStore();

  return (
    <Card data-tour="configuration-panel" data-testid="configuration-card" h="100%">
      <Stack gap="md">
        <div>
          <Title order={2} fz="lg">
            Configuration
          </Title>
          <Text size="sm" c="dimmed">
            {running ? WAIT_HINT : "What to optimise against, and how."}
          </Text>
        </div>
        <DatasetSelect
          page="single"
          value={s.selectedDataset}
          onChange={(name) => s.update({ selectedDataset: name })}
          fallbackNames={s.availableDatasets}
          disabled={running}
        />
        <DeferredSelect
          label="Model"
          data={modelOptions}
          value={s.selectedModel || null}
          allowDeselect={false}
          searchable
          disabled={running}
          data-testid="model-select"
          onChange={(v) => v && s.update({ selectedModel: v })}
        />
        <MultiSelect
          label="Also try on"
          description="The tuned prompt is also scored on these models; the cheapest as good as the best is recommended."
          data={models.filter((m) => m !== s.selectedModel)}
          value={candidates.single.filter((m) => m !== s.selectedModel)}
          maxValues={MAX_CANDIDATE_MODELS}
          clearable
          disabled={running}
          data-testid="also-try-on"
          onChange={candidates.setSingle}
        />
        <TemperatureSlider
          value={s.temperature}
          disabled={running}
          thumbLabel="Temperature"
          valueTestId="temperature-value"
          marks
          onChange={(temperature) => s.update({ temperature })}
        />
        <IterationsInput
          value={s.iterations}
          max={s.iterationsMax}
          onChange={(v) => s.update({ iterations: v })}
          disabled={running}
          {...(running ? { description: WAIT_HINT } : {})}
        />
      </Stack>
    </Card>
  );
}
