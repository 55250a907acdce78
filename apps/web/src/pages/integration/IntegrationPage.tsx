import { Stack } from "@mantine/core";
import { Hero } from "../../components/Hero";
import { scrollToId } from "../../lib/scroll";

/** Id of the integration form section. */
export const INTEGRATION_FORM_ID = "integration-form";

/** The Telegram integration page (/integration). */
export default function IntegrationPage() {
  return (
    <Stack gap="xl" data-testid="integration-page">
      <Hero
        tourId="welcome"
        title="Integrate Your Telegram Bot"
        subtitle="Link your initial and optimised prompts to two Telegram bots, and let your friends talk to the before and after assistants."
        onGetStarted={() => scrollToId(INTEGRATION_FORM_ID)}
        onLearnMore={() => scrollToId(INTEGRATION_FORM_ID)}
      />
      <section id={INTEGRATION_FORM_ID} aria-label="Telegram Bot Integration" />
    </Stack>
  );
}
