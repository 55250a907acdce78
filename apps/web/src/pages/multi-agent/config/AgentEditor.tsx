import { Badge, Card, Group, Stack, Text, Textarea, TextInput } from "@mantine/core";
import type { ClipboardEvent, KeyboardEvent } from "react";
import { DeferredSelect } from "../../../components/deferred-inputs";
import { TemperatureSlider } from "../../../components/TemperatureSlider";
import { clampTemperature, NAME_PATTERN, NAME_TITLE, sanitizeWorkerName } from "../workers";

/** The editable fields of one agent. */
export interface AgentFields {
  name?: string;
  prompt: string;
  model: string;
  temperature: number;
  description: string;
}

interface AgentEditorProps {
  /** Coordinator cards have no name field. */
  kind: "coordinator" | "worker";
  /** Heading of the card ('Coordinator' or the worker's position). */
  heading: string;
  value: AgentFields;
  models: string[];
  onChange(patch: Partial<AgentFields>): void;
  disabled?: boolean;
  testId?: string;
  tourId?: string;
}

/** Blocks spaces in the name field. */
function blockSpace(e: KeyboardEvent<HTMLInputElement>) {
  if (e.key === " " || e.key === "Spacebar") e.preventDefault();
}

/** A card editing one agent: name (workers), prompt, model, temperature, description. */
export function AgentEditor(props: AgentEditorProps) {
  const { kind, heading, value, models, onChange, disabled, testId, tourId } = props;
  const isCoordinator = kind === "coordinator";

  const pasteName = (e: ClipboardEvent<HTMLInputElement>) => {
    e.preventDefault();
    const input = e.currentTarget;
    const pasted = sanitizeWorkerName(e.clipboardData.getData("text"));
    const current = value.name ?? "";
    const start = input.selectionStart ?? current.length;
    const end = input.selectionEnd ?? current.length;
    onChange({ name: sanitizeWorkerName(current.slice(0, start) + pasted + current.slice(end)) });
  };

  return (
    <Card
      data-testid={testId}
      data-tour={tourId}
      style={isCoordinator ? { borderColor: "var(--mantine-color-brand-4)" } : undefined}
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Text fw={700}>{heading}</Text>
          <Badge variant="light" color={isCoordinator ? "brand" : "accent"}>
            {isCoordinator ? "Coordinator" : "Worker"}
          </Badge>
        </Group>
        {!isCoordinator && (
          <TextInput
            label="Name"
            title={NAME_TITLE}
            pattern={NAME_PATTERN}
            value={value.name ?? ""}
            disabled={disabled}
            autoComplete="off"
            onKeyDown={blockSpace}
            onPaste={pasteName}
            onChange={(e) => onChange({ name: sanitizeWorkerName(e.currentTarget.value) })}
          />
        )}
        <Textarea
          label="Prompt"
          autosize
          minRows={3}
          maxRows={8}
          value={value.prompt}
          disabled={disabled}
          onChange={(e) => onChange({ prompt: e.currentTarget.value })}
        />
        <DeferredSelect
          label="Model"
          data={models}
          value={value.model}
          allowDeselect={false}
          disabled={disabled}
          comboboxProps={{ withinPortal: true }}
          onChange={(model) => model && onChange({ model })}
        />
        <TemperatureSlider
          value={value.temperature}
          disabled={disabled}
          thumbLabel={`${heading} temperature`}
          valueTestId={`${testId}-temperature`}
          onChange={(t) => onChange({ temperature: clampTemperature(t) })}
        />
        <Textarea
          label="Description"
          autosize
          minRows={2}
          maxRows={5}
          value={value.description}
          disabled={disabled}
          onChange={(e) => onChange({ description: e.currentTarget.value })}
        />
      </Stack>
    </Card>
  );
}
