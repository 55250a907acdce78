import { Button, Card, Divider, Flex, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import type { FormEvent } from "react";
import { Hero } from "../../components/Hero";
import { loadChunk } from "../../lib/chunks";
import { scrollToId } from "../../lib/scroll";
import { useAuthStore } from "../../stores/auth";
import { ConfigurationSection, ConnectorSection } from "./IntegrationFormSections";
import { PromptCards } from "./PromptCards";
import { useIntegration } from "./useIntegration";
import { VerificationStatus } from "./VerificationStatus";
import { VersionsSection } from "./versions/VersionsSection";

/** Id of the integration form section. */
export const INTEGRATION_FORM_ID = "integration-form";

function startTour() {
  loadChunk("tour-integration", () => import("../../tours/integration"))
    .then(({ startIntegrationTour }) => startIntegrationTour())
    .catch((error: unknown) => {
      console.error(error);
      notifications.show({
        color: "red",
        title: "Could not start the tour",
        message: "Please try again.",
      });
    });
}

/**
 * The Telegram integration page (/integration, spec §2): hero with the
 * 10-step tour, the 'Telegram Bot Integration' form (connector and
 * configuration), the two prompt cards, Save / Load into Optimizer, and
 * (signed in) the after-bot's deployed versions with rollback.
 */
export default function IntegrationPage() {
  const {
    form,
    setForm,
    errors,
    bots,
    verification,
    loading,
    saving,
    save,
    loadIntoOptimizer,
    loadLatest,
    canLoadLatest,
    saves,
    showServed,
  } = useIntegration();
  const signedIn = useAuthStore((s) => s.status === "authenticated");
  const busy = loading || saving;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void save();
  };

  return (
    <Stack gap="xl" data-testid="integration-page" pb="xl">
      <Hero
        tourId="int-welcome"
        title="Integrate Your Telegram Bot"
        subtitle="Link your initial and optimised prompts to two Telegram bots, and let your friends talk to the before and after assistants."
        onGetStarted={() => scrollToId(INTEGRATION_FORM_ID)}
        onLearnMore={startTour}
      />
      <form
        id={INTEGRATION_FORM_ID}
        onSubmit={submit}
        aria-label="Telegram Bot Integration"
        noValidate
      >
        <Stack gap="lg">
          <Card padding="lg">
            <Stack gap="lg">
              <div>
                <Title order={2} fz={{ base: 22, sm: 26 }}>
                  Telegram Bot Integration
                </Title>
                <Text c="dimmed" size="sm">
                  You and the friends you list can chat with the before and after bots on Telegram.
                </Text>
              </div>
              <SimpleGrid cols={{ base: 1, md: 2 }} spacing={40}>
                <ConnectorSection
                  form={form}
                  onChange={setForm}
                  disabled={loading}
                  bots={bots}
                  error={errors.username}
                />
                <ConfigurationSection
                  form={form}
                  onChange={setForm}
                  disabled={loading}
                  canLoadLatest={canLoadLatest}
                  onLoadLatest={loadLatest}
                />
              </SimpleGrid>
              <VerificationStatus verification={verification} username={form.username} />
            </Stack>
          </Card>
          <PromptCards
            form={form}
            onChange={setForm}
            disabled={loading}
            initialPromptError={errors.initialPrompt}
          />
          <Divider />
          <Flex gap="sm" justify="flex-end" direction={{ base: "column", sm: "row" }}>
            <Button type="submit" size="md" disabled={busy} data-tour="int-save">
              {saving ? "Saving..." : "Save Integration"}
            </Button>
            <Button
              type="button"
              size="md"
              variant="default"
              disabled={busy}
              data-tour="int-load-optimizer"
              onClick={() => void loadIntoOptimizer()}
            >
              Load into Optimizer
            </Button>
          </Flex>
        </Stack>
      </form>
      {signedIn && <VersionsSection reloadKey={saves} onServed={showServed} />}
    </Stack>
  );
}
