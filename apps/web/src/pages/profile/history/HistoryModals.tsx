import { Badge, Button, Card, Group, Modal, ScrollArea, Stack, Text, Title } from "@mantine/core";
import type { AgentConfig, HistoryRecord, HistoryStep } from "@promptune/contracts";
import { ConfigurationActions } from "../../../components/config-actions/ConfigurationActions";
import { presentedStep } from "./mapping";

/** A prompt shown as preformatted, wrapping text. */
function PromptText({ text }: { text: string }) {
  return (
    <Text
      component="pre"
      size="sm"
      p="sm"
      m={0}
      style={{
        whiteSpace: "pre-wrap",
        wordBreak: "break-word",
        fontFamily: "inherit",
        background: "light-dark(var(--mantine-color-gray-0), var(--mantine-color-dark-6))",
        borderRadius: "var(--mantine-radius-sm)",
      }}
    >
      {text || "(empty)"}
    </Text>
  );
}

/** "Model: … · Temperature: 0.70". */
function ModelLine({ model, temperature }: { model: string; temperature: number }) {
  return (
    <Group gap="lg">
      <Text size="sm">
        <Text span c="dimmed">
          Model:
        </Text>{" "}
        {model}
      </Text>
      <Text size="sm">
        <Text span c="dimmed">
          Temperature:
        </Text>{" "}
        {temperature.toFixed(2)}
      </Text>
    </Group>
  );
}

/** One agent (coordinator or worker) of a multi-agent configuration. */
function AgentBlock({ agent, badge }: { agent: AgentConfig; badge: string }) {
  return (
    <Card withBorder padding="sm">
      <Stack gap={6}>
        <Group gap="xs">
          <Badge variant="light" size="sm">
            {badge}
          </Badge>
          <Text fw={600}>{agent.name}</Text>
        </Group>
        {agent.description && (
          <Text size="sm" c="dimmed">
            {agent.description}
          </Text>
        )}
        <ModelLine model={agent.model_name} temperature={agent.temperature} />
        <PromptText text={agent.prompt} />
      </Stack>
    </Card>
  );
}

function AgentList({
  master,
  workers,
}: {
  master: AgentConfig | undefined;
  workers: AgentConfig[] | undefined;
}) {
  return (
    <Stack gap="sm">
      {master && <AgentBlock agent={master} badge="Coordinator" />}
      {(workers ?? []).map((w, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a saved, read-only list whose names may repeat
        <AgentBlock key={i} agent={w} badge={`Worker ${i + 1}`} />
      ))}
    </Stack>
  );
}

/** Modal 'Initial Configuration' (spec §2): prompt, model, temperature; coordinator and workers for multi-agent runs. */
export function InitialConfigModal({
  record,
  onClose,
}: {
  record: HistoryRecord | null;
  onClose(): void;
}) {
  const c = record?.configuration;
  return (
    <Modal
      opened={record !== null}
      onClose={onClose}
      title="Initial Configuration"
      size="lg"
      scrollAreaComponent={ScrollArea.Autosize}
    >
      {c && (
        <Stack gap="md">
          {record?.mode === "multi" ? (
            <AgentList master={c["master-agent"]} workers={c["worker-agents"]} />
          ) : (
            <>
              <Stack gap={4}>
                <Text size="sm" fw={600}>
                  Initial prompt
                </Text>
                <PromptText text={c.initial_prompt} />
              </Stack>
              <ModelLine model={c.model_name} temperature={c.temperature} />
            </>
          )}
          <Group justify="flex-end">
            <Button onClick={onClose}>Close</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

interface StepsModalProps {
  record: HistoryRecord | null;
  onClose(): void;
  onSelect(step: HistoryStep): void;
  /** Step being saved as selected. */
  selectingId: string | null;
  /** 'Use this configuration' of a single-agent step. */
  onUse?(step: HistoryStep): void;
}

/** Modal 'Optimization Steps' (spec §2): each step's number, prompt, model and temperature; the selected one marked. */
export function StepsModal({ record, onClose, onSelect, selectingId, onUse }: StepsModalProps) {
  const steps = [...(record?.steps ?? [])].sort((a, b) => a.step_number - b.step_number);
  const presentedId = record ? presentedStep(record)?.id : undefined;
  return (
    <Modal
      opened={record !== null}
      onClose={onClose}
      title="Optimization Steps"
      size="xl"
      scrollAreaComponent={ScrollArea.Autosize}
    >
      <Stack gap="md">
        {steps.length === 0 && <Text c="dimmed">This run has no optimized steps.</Text>}
        {steps.map((step) => {
          const selected = record?.selected_step_id === step.id;
          return (
            <Card
              key={step.id}
              withBorder
              padding="md"
              data-testid="history-step"
              style={selected ? { borderColor: "var(--mantine-primary-color-filled)" } : undefined}
            >
              <Stack gap="xs">
                <Group justify="space-between">
                  <Group gap="xs">
                    <Title order={4} fz="md">
                      Step {step.step_number}
                    </Title>
                    {!step.accepted && (
                      <Badge size="xs" variant="light" color="gray">
                        no improvement
                      </Badge>
                    )}
                  </Group>
                  {selected ? (
                    <Badge color="green">Selected</Badge>
                  ) : (
                    <Button
                      size="compact-sm"
                      variant="light"
                      loading={selectingId === step.id}
                      onClick={() => onSelect(step)}
                    >
                      Select
                    </Button>
                  )}
                </Group>
                {record?.mode === "multi" ? (
                  <AgentList master={step["master-agent"]} workers={step["worker-agents"]} />
                ) : (
                  <>
                    <PromptText text={step.prompt} />
                    <ModelLine model={step.model_name} temperature={step.temperature} />
                  </>
                )}
                <ConfigurationActions
                  presented={step.id === presentedId}
                  config={{
                    label: `Step ${step.step_number}`,
                    prompt: step.prompt,
                    model_name: step.model_name,
                    temperature: step.temperature,
                    validation_score: step.validation_score,
                    ...(record ? { run_id: record.run_id } : {}),
                    ...(record ? { dataset_name: record.configuration.dataset_name } : {}),
                    ...(step["master-agent"] ? { "master-agent": step["master-agent"] } : {}),
                    ...(step["worker-agents"] ? { "worker-agents": step["worker-agents"] } : {}),
                  }}
                  {...(record?.mode === "multi"
                    ? {
                        copyText: JSON.stringify(
                          {
                            "master-agent": step["master-agent"],
                            "worker-agents": step["worker-agents"],
                          },
                          null,
                          2,
                        ),
                      }
                    : {})}
                  {...(onUse && record?.mode !== "multi" ? { onUse: () => onUse(step) } : {})}
                />
              </Stack>
            </Card>
          );
        })}
        <Group justify="flex-end">
          <Button onClick={onClose}>Close</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
