import { Anchor, Button, Group, Stack, Text, TextInput, Title } from "@mantine/core";
import { type BotLinks, DEFAULTS } from "@promptune/contracts";
import type { ReactNode } from "react";
import { DeferredSelect } from "../../components/deferred-inputs";
import { TemperatureSlider } from "../../components/TemperatureSlider";
import { useOptimizationStore } from "../../stores/optimization";
import { type IntegrationForm, withModel, withTemperature } from "./rules";

interface SectionProps {
  form: IntegrationForm;
  onChange(form: IntegrationForm): void;
  disabled: boolean;
}

function SectionTitle({ children, hint }: { children: ReactNode; hint: string }) {
  return (
    <div>
      <Title order={3} fz="lg">
        {children}
      </Title>
      <Text size="sm" c="dimmed">
        {hint}
      </Text>
    </div>
  );
}

/** One fixed bot link ('Before bot' / 'After bot'), or a note when the server has none configured. */
function BotLink({ label, href, testId }: { label: string; href: string; testId: string }) {
  const name = href.replace(/^https:\/\/t\.me\//, "@");
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs" data-testid={testId}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      {href ? (
        <Anchor
          href={href}
          target="_blank"
          rel="noopener noreferrer"
          size="sm"
          style={{ wordBreak: "break-all" }}
        >
          {name}
        </Anchor>
      ) : (
        <Text size="sm" c="dimmed">
          Not configured on this server
        </Text>
      )}
    </Group>
  );
}

/** Connector: the owner's Telegram username (required), friends (comma separated) and the two bot links. */
export function ConnectorSection({
  form,
  onChange,
  disabled,
  bots,
}: SectionProps & { bots: BotLinks }) {
  return (
    <Stack gap="md" data-tour="int-connector">
      <SectionTitle hint="Who may talk to your bots.">Connector</SectionTitle>
      <TextInput
        label="Your Telegram Username"
        placeholder="@username"
        required
        maxLength={65}
        autoComplete="off"
        value={form.username}
        disabled={disabled}
        wrapperProps={{ "data-tour": "int-username" }}
        onChange={(e) => onChange({ ...form, username: e.currentTarget.value })}
      />
      <TextInput
        label="Friends' Usernames"
        description="Comma separated, e.g. @alice, @bob"
        placeholder="@friend1, @friend2"
        autoComplete="off"
        value={form.friends}
        disabled={disabled}
        wrapperProps={{ "data-tour": "int-friends" }}
        onChange={(e) => onChange({ ...form, friends: e.currentTarget.value })}
      />
      <Stack gap={6} data-tour="int-bot-links">
        <Text size="sm" fw={500}>
          Your bots
        </Text>
        <BotLink label="Before bot" href={bots.before} testId="before-bot-link" />
        <BotLink label="After bot" href={bots.after} testId="after-bot-link" />
        <Text size="xs" c="dimmed">
          The before bot answers with the initial configuration, the after bot with the optimized
          one.
        </Text>
      </Stack>
    </Stack>
  );
}

/** Configuration: one model and one temperature for both configurations, and 'Load latest optimization results'. */
export function ConfigurationSection({
  form,
  onChange,
  disabled,
  canLoadLatest,
  onLoadLatest,
}: SectionProps & { canLoadLatest: boolean; onLoadLatest(): void }) {
  const available = useOptimizationStore((s) => s.availableModels);
  const models = available.length > 0 ? available : [...DEFAULTS.fallbackModels];
  const model = form.initConfig.model_name;
  const options = model && !models.includes(model) ? [...models, model] : models;
  return (
    <Stack gap="md" data-tour="int-configuration">
      <SectionTitle hint="Used by both bots.">Configuration</SectionTitle>
      <DeferredSelect
        label="Model"
        data={options}
        value={model || null}
        allowDeselect={false}
        searchable
        disabled={disabled}
        data-testid="integration-model"
        wrapperProps={{ "data-tour": "int-model" }}
        onChange={(v) => v && onChange(withModel(form, v))}
      />
      <div data-tour="int-temperature">
        <TemperatureSlider
          value={form.initConfig.temperature}
          disabled={disabled}
          thumbLabel="Temperature"
          valueTestId="integration-temperature"
          marks
          onChange={(t) => onChange(withTemperature(form, t))}
        />
      </div>
      {canLoadLatest && (
        <Button variant="light" onClick={onLoadLatest} disabled={disabled}>
          Load latest optimization results
        </Button>
      )}
    </Stack>
  );
}
