import { Badge, Card, Group, SimpleGrid, Stack, Text, Textarea, Title } from "@mantine/core";
import { MAX_PROMPT_CHARS } from "@promptune/contracts";
import { type IntegrationForm, optimizedSummary } from "./rules";

/** Id of the initial prompt field (focused when it holds a validation error). */
export const INITIAL_PROMPT_FIELD_ID = "integration-initial-prompt";

interface PromptCardsProps {
  form: IntegrationForm;
  onChange(form: IntegrationForm): void;
  disabled: boolean;
  /** Validation error shown on the initial prompt field. */
  initialPromptError?: string | undefined;
}

/**
 * The two prompt cards (spec §2): 'Initial configuration' (Prompt) and
 * 'Optimized configuration' (Optimized Prompt, with a model/temperature
 * summary only when that prompt is non-empty). Both textareas grow with
 * their content.
 */
export function PromptCards({ form, onChange, disabled, initialPromptError }: PromptCardsProps) {
  const summary = optimizedSummary(form.optiConfig);
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      <PromptCard
        testId="initial-config-card"
        id={INITIAL_PROMPT_FIELD_ID}
        error={initialPromptError}
        title="Initial configuration"
        hint="The before bot answers with this prompt."
        label="Prompt"
        placeholder="You are a helpful assistant…"
        value={form.initConfig.prompt}
        disabled={disabled}
        onChange={(prompt) => onChange({ ...form, initConfig: { ...form.initConfig, prompt } })}
      />
      <PromptCard
        testId="optimized-config-card"
        title="Optimized configuration"
        hint="The after bot answers with this prompt."
        label="Optimized Prompt"
        placeholder="Run an optimization, then load its results here."
        value={form.optiConfig.prompt}
        disabled={disabled}
        onChange={(prompt) => onChange({ ...form, optiConfig: { ...form.optiConfig, prompt } })}
      >
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
      </PromptCard>
    </SimpleGrid>
  );
}

interface PromptCardProps {
  testId: string;
  title: string;
  hint: string;
  label: string;
  placeholder: string;
  value: string;
  disabled: boolean;
  onChange(prompt: string): void;
  children?: React.ReactNode;
  id?: string;
  error?: string | undefined;
}

/** One titled card holding an auto-growing prompt textarea. */
function PromptCard(props: PromptCardProps) {
  return (
    <Card withBorder padding="lg" data-testid={props.testId}>
      <Stack gap="sm">
        <div>
          <Title order={3} fz="lg">
            {props.title}
          </Title>
          <Text size="sm" c="dimmed">
            {props.hint}
          </Text>
        </div>
        <Textarea
          id={props.id}
          error={props.error}
          label={props.label}
          placeholder={props.placeholder}
          autosize
          minRows={6}
          maxRows={30}
          maxLength={MAX_PROMPT_CHARS}
          value={props.value}
          disabled={props.disabled}
          onChange={(e) => props.onChange(e.currentTarget.value)}
        />
        {props.children}
      </Stack>
    </Card>
  );
}
