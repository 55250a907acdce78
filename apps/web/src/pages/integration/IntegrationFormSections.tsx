import { Anchor, Button, Group, Stack, Text, TextInput, Title } from "@mantine/core";
import { type BotLinks, DEFAULTS } from "@promptune/contracts";
import type { ReactNode } from "react";
import { DeferredSelect } from "../../components/deferred-inputs";
import { TemperatureSlider } from "../../components/TemperatureSlider";
import { useOptimizationStore } from "../../stores/optimization";
import { type IntegrationConfigKey, type IntegrationForm, withConfig } from "./rules";

/** Id of the username field (focused when it holds a validation error). */
export const USERNAME_FIELD_ID = "integration-username";

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
  error,
}: SectionProps & { bots: BotLinks; error?: string | undefined }) {
  return (
    <Stack gap="md" data-tour="int-connector">
      <SectionTitle hint="Who may talk to your bots.">Connector</SectionTitle>
      <TextInput
        id={USERNAME_FIELD_ID}
        label="Your Telegram Username"
        placeholder="@username"
        required
        error={error}
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

/** Model select and temperature slider of one configuration. */
function ConfigControls({
  form,
  onChange,
  disabled,
  which,
}: SectionProps & { which: IntegrationConfigKey }) {
  const available = useOptimizationStore((s) => s.availableModels);
  const models = available.length > 0 ? available : [...DEFAULTS.fallbackModels];
  const config = form[which];
  const model = config.model_name;
  const options = model && !models.includes(model) ? [...models, model] : models;
  const initial = which === "initConfig";
  const name = initial ? "Initial" : "Optimized";
  return (
    <Stack
      gap="xs"
      p="sm"
      data-testid={initial ? "integration-init-config" : "integration-opti-config"}
      style={{
        border: "1px solid var(--mantine-color-default-border)",
        borderRadius: "var(--mantine-radius-md)",
      }}
    >
      <Text size="sm" fw={600}>
        {name} configuration{" "}
        <Text span size="sm" c="dimmed" fw={400}>
          ({initial ? "before bot" : "after bot"})
        </Text>
      </Text>
      <DeferredSelect
        label={`${name} model`}
        data={options}
        value={model || null}
        allowDeselect={false}
        searchable
        disabled={disabled}
        data-testid={initial ? "integration-model" : "integration-opti-model"}
        {...(initial ? { wrapperProps: { "data-tour": "int-model" } } : {})}
        onChange={(v) => v && onChange(withConfig(form, which, { model_name: v }))}
      />
      <div {...(initial ? { "data-tour": "int-temperature" } : {})}>
        <TemperatureSlider
          value={config.temperature}
          disabled={disabled}
          thumbLabel={`${name} temperature`}
          valueTestId={initial ? "integration-temperature" : "integration-opti-temperature"}
          marks
          onChange={(t) => onChange(withConfig(form, which, { temperature: t }))}
        />
      </div>
    </Stack>
  );
}

/**
 * Configuration: each configuration's own model and temperature (the before
 * bot's and the after bot's; changing one never touches the other), and
 * 'Load latest optimization results'.
 */
export function ConfigurationSection({
  form,
  onChange,
  disabled,
  canLoadLatest,
  onLoadLatest,
}: SectionProps & { canLoadLatest: boolean; onLoadLatest(): void }) {
  return (
    <Stack gap="md" data-tour="int-configuration">
      <SectionTitle hint="Each bot answers with its own model and temperature.">
        Configuration
      </SectionTitle>
      <ConfigControls form={form} onChange={onChange} disabled={disabled} which="initConfig" />
      <ConfigControls form={form} onChange={onChange} disabled={disabled} which="optiConfig" />
      {canLoadLatest && (
        <Button variant="light" onClick={onLoadLatest} disabled={disabled}>
          Load latest optimization results
        </Button>
      )}
    </Stack>
  );
}
