import { Badge, Card, Group, SimpleGrid, Stack, Text, Textarea, Title } from "@mantine/core";
import { MAX_PROMPT_CHARS } from "@promptune/contracts";
import { type IntegrationForm, optimizedSummary } from "./rules";

interface PromptCardsProps {
  form: IntegrationForm;
  onChange(form: IntegrationForm): void;
  disabled: boolean;
}

/**
 * The two prompt cards (spec §2): 'Initial configuration' (Prompt) and
 * 'Optimized configuration' (Optimized Prompt, with a model/temperature
 * summary only when that prompt is non-empty). Both textareas grow with
 * their content.
 */
export function PromptCards({ form, onChange, disabled }: PromptCardsProps) {
  const summary = optimizedSummary(form.optiConfig);
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      <Card withBorder padding="lg" data-testid="initial-config-card">
        <Stack gap="sm">
          <div>
            <Title order={3} fz="lg">
              Initial configuration
            </Title>
            <Text size="sm" c="dimmed">
              The before bot answers with this prompt.
            </Text>
          </div>
          <Textarea
            label="Prompt"
            placeholder="You are a helpful assistant…"
            autosize
            minRows={6}
            maxRows={30}
            maxLength={MAX_PROMPT_CHARS}
            value={form.initConfig.prompt}
            disabled={disabled}
            onChange={(e) =>
              onChange({
                ...form,
                initConfig: { ...form.initConfig, prompt: e.currentTarget.value },
              })
            }
          />
        </Stack>
      </Card>
      <Card withBorder padding="lg" data-testid="optimized-config-card">
        <Stack gap="sm">
          <div>
            <Title order={3} fz="lg">
              Optimized configuration
            </Title>
            <Text size="sm" c="dimmed">
              The after bot answers with this prompt.
            </Text>
          </div>
          <Textarea
            label="Optimized Prompt"
            placeholder="Run an optimization, then load its results here."
            autosize
            minRows={6}
            maxRows={30}
            maxLength={MAX_PROMPT_CHARS}
            value={form.optiConfig.prompt}
            disabled={disabled}
            onChange={(e) =>
              onChange({
                ...form,
                optiConfig: { ...form.optiConfig, prompt: e.currentTarget.value },
              })
            }
          />
          {summary && (
            <Group gap={6} data-testid="optimized-summary" aria-label={summary}>
              <Badge variant="light" color="gray" radius="sm">
                Model: {form.optiConfig.model_name}
              </Badge>
              <Badge variant="light" color="gray" radius="sm">
                Temperature: {form.optiConfig.temperature.toFixed(2)}
              </Badge>
            </Group>
          )}
        </Stack>
      </Card>
    </SimpleGrid>
  );
}
