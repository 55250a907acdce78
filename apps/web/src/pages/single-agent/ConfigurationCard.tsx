import { Card, Group, Slider, Stack, Text, Title } from "@mantine/core";
import { DEFAULTS, TEMPERATURE } from "@promptune/contracts";
import { DeferredSelect } from "../../components/deferred-inputs";
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
        <div>
          <Group justify="space-between" mb={4}>
            <Text size="sm" fw={500} component="label" id="temperature-label">
              Temperature
            </Text>
            <Text size="sm" fw={700} data-testid="temperature-value">
              {s.temperature.toFixed(2)}
            </Text>
          </Group>
          <Slider
            min={TEMPERATURE.min}
            max={TEMPERATURE.max}
            step={TEMPERATURE.step}
            precision={2}
            value={s.temperature}
            onChange={(v) => s.update({ temperature: Math.round(v * 100) / 100 })}
            label={(v) => v.toFixed(2)}
            disabled={running}
            thumbLabel="Temperature"
            thumbValueText={(v) => v.toFixed(2)}
            marks={[
              { value: 0, label: "0" },
              { value: 0.5, label: "0.5" },
              { value: 1, label: "1" },
            ]}
            mb="md"
          />
        </div>
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
